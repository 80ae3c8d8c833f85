// The 14 brand icons a social media link may use (SPEC §3 "Icon options"), drawn with react-icons.
import type { IconType } from 'react-icons';
import {
  FaBehance,
  FaDiscord,
  FaDribbble,
  FaFacebook,
  FaGithub,
  FaInstagram,
  FaLink,
  FaLinkedin,
  FaMedium,
  FaPinterest,
  FaReddit,
  FaTiktok,
  FaTwitch,
  FaTwitter,
  FaYoutube,
} from 'react-icons/fa';
import { SOCIAL_ICON_OPTIONS, type SocialIconKey } from '../../../shared/constants';
import { cn } from '../../lib/utils';

export const SOCIAL_ICONS: Record<SocialIconKey, IconType> = {
  FaTwitter,
  FaFacebook,
  FaInstagram,
  FaLinkedin,
  FaYoutube,
  FaPinterest,
  FaTiktok,
  FaDiscord,
  FaTwitch,
  FaReddit,
  FaMedium,
  FaGithub,
  FaDribbble,
  FaBehance,
};

const LABELS = new Map<string, string>(SOCIAL_ICON_OPTIONS.map((o) => [o.value, o.label]));

/** The label of an icon key ("Twitter" for FaTwitter); an unknown key shows as itself. */
export function socialIconLabel(key: string): string {
  return LABELS.get(key) ?? key;
}

/** The icon of a key, decorative (its label is always written next to it); a link icon for unknown keys. */
export function SocialIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = SOCIAL_ICONS[icon as SocialIconKey] ?? FaLink;
  return <Icon aria-hidden="true" focusable="false" className={cn('size-4 shrink-0', className)} />;
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
