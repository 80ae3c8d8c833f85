import { SPRITE_PATH, type SpriteIconName } from '../../shared/icons';
import { cx as cn } from '../lib/cx';

/**
 * An icon from the server's SVG sprite: decorative (give the link or button its own name). 20 px
 * unless className names a size (cx does not resolve conflicts, so the default steps aside).
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  const sized = className !== undefined && /(^|\s)size-/.test(className);
  return (
    <svg aria-hidden="true" focusable="false" className={cn(!sized && 'size-5', 'shrink-0', className)}>
      <use href={`${SPRITE_PATH}#${name}`} />
    </svg>
  );
}
