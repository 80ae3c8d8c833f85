// Names of the brand icons served as one SVG sprite (/icons.svg), so pages carry no icon code.
import type { SocialIconKey } from './constants';

export const SPRITE_ICONS = [
  'google-play',
  'app-store',
  'globe',
  'github',
  'x-twitter',
  'instagram',
  'facebook',
  'linkedin',
  'menu',
  'x',
  'sun',
  'moon',
  'newspaper',
  'shield',
  'user-x',
  'life-buoy',
  'search',
  'twitter',
  'youtube',
  'pinterest',
  'tiktok',
  'discord',
  'twitch',
  'reddit',
  'medium',
  'dribbble',
  'behance',
  // Lucide icons of the public pages' links and islands (issue 27: a first view carries no icon code).
  'arrow-left',
  'arrow-right',
  'chevron-left',
  'chevron-right',
  'play',
  'rss',
] as const;
export type SpriteIconName = (typeof SPRITE_ICONS)[number];
export const SPRITE_PATH = '/icons.svg';

/** The sprite icon each social-link icon option (SPEC §3) is drawn with on public pages. */
export const SOCIAL_SPRITE = {
  FaTwitter: 'twitter',
  FaFacebook: 'facebook',
  FaInstagram: 'instagram',
  FaLinkedin: 'linkedin',
  FaYoutube: 'youtube',
  FaPinterest: 'pinterest',
  FaTiktok: 'tiktok',
  FaDiscord: 'discord',
  FaTwitch: 'twitch',
  FaReddit: 'reddit',
  FaMedium: 'medium',
  FaGithub: 'github',
  FaDribbble: 'dribbble',
  FaBehance: 'behance',
} as const satisfies Record<SocialIconKey, SpriteIconName>;

/** The sprite icon of a social link's icon key; a globe for a key outside the options. */
export function socialSprite(key: string): SpriteIconName {
  return SOCIAL_SPRITE[key as keyof typeof SOCIAL_SPRITE] ?? 'globe';
}
