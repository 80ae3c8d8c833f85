import { SPRITE_PATH, type SpriteIconName } from '../../shared/icons';
import { cn } from '../lib/utils';

/** A brand icon from the server's SVG sprite: decorative (give the link its own name). */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={cn('size-5 fill-current', className)}>
      <use href={`${SPRITE_PATH}#${name}`} />
    </svg>
  );
}
