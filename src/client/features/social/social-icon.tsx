// The 14 brand icons a social media link may use (SPEC §3 "Icon options"). They are drawn from the
// server's icon sprite (server/ssr/icons.ts, the one place that names their shapes), as on the public pages.
import { SOCIAL_ICON_OPTIONS } from '../../../shared/constants';
import { socialSprite } from '../../../shared/icons';
import { SpriteIcon } from '../../components/sprite-icon';
import { cn } from '../../lib/utils';

const LABELS = new Map<string, string>(SOCIAL_ICON_OPTIONS.map((o) => [o.value, o.label]));

/** The label of an icon key ("Twitter" for FaTwitter); an unknown key shows as itself. */
export function socialIconLabel(key: string): string {
  return LABELS.get(key) ?? key;
}

/** The icon of a key, decorative (its label is always written next to it); a globe for unknown keys, as on public pages. */
export function SocialIcon({ icon, className }: { icon: string; className?: string }) {
  return <SpriteIcon name={socialSprite(icon)} className={cn('size-4', className)} />;
}

/** Icon and label side by side, as the table and the icon picker show them. */
export function SocialIconWithLabel({ icon }: { icon: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <SocialIcon icon={icon} />
      <span>{socialIconLabel(icon)}</span>
    </span>
  );
}
