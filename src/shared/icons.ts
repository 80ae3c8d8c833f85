// Names of the brand icons served as one SVG sprite (/icons.svg), so pages carry no icon code.
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
  'sun',
  'moon',
  'newspaper',
] as const;
export type SpriteIconName = (typeof SPRITE_ICONS)[number];
export const SPRITE_PATH = '/icons.svg';
