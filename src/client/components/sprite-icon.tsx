import { SPRITE_PATH, type SpriteIconName } from '../../shared/icons';
import { cx as cn } from '../lib/cx';

/** An icon from the server's SVG sprite: decorative (give the link or button its own name). */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={cn('size-5 shrink-0', className)}>
      <use href={`${SPRITE_PATH}#${name}`} />
    </svg>
  );
}
