// Business constants of the product (SPEC §4 and §9), shared by server and client.

export const APP_STATUSES = ['Live', 'Testing', 'In Development', 'In Design', 'Coming Soon'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];
export const DEFAULT_APP_STATUS: AppStatus = 'In Development';

/** The 14 icons a social media link may use: key and label. */
export const SOCIAL_ICON_OPTIONS = [
  { value: 'FaTwitter', label: 'Twitter' },
  { value: 'FaFacebook', label: 'Facebook' },
  { value: 'FaInstagram', label: 'Instagram' },
  { value: 'FaLinkedin', label: 'LinkedIn' },
  { value: 'FaYoutube', label: 'YouTube' },
  { value: 'FaPinterest', label: 'Pinterest' },
  { value: 'FaTiktok', label: 'TikTok' },
  { value: 'FaDiscord', label: 'Discord' },
  { value: 'FaTwitch', label: 'Twitch' },
  { value: 'FaReddit', label: 'Reddit' },
  { value: 'FaMedium', label: 'Medium' },
  { value: 'FaGithub', label: 'GitHub' },
  { value: 'FaDribbble', label: 'Dribbble' },
  { value: 'FaBehance', label: 'Behance' },
] as const;
export const SOCIAL_ICON_KEYS = SOCIAL_ICON_OPTIONS.map((o) => o.value) as [
  (typeof SOCIAL_ICON_OPTIONS)[number]['value'],
  ...(typeof SOCIAL_ICON_OPTIONS)[number]['value'][],
];
export type SocialIconKey = (typeof SOCIAL_ICON_OPTIONS)[number]['value'];

export const LIMITS = {
  contactMessageMin: 10,
  passwordMin: 4,
  /** Passwords set from now on (issue 23); sign-in still takes the longer ones set before. */
  passwordMax: 128,
  signInPasswordMax: 200,
  usernameMax: 50,
  heroTitleMin: 2,
  featuredTitleMin: 2,
  aboutTitleMin: 2,
  aboutContentMin: 10,
  shortText: 200,
  mediumText: 2000,
  urlMax: 2048,
  htmlMax: 200_000,
  messageMax: 5000,
  imagesMax: 50,
} as const;

export const HOME_SKELETON_CARDS = 6;
export const ADMIN_APP_LIST_LOADING_ROWS = 3;
export const FALLBACK_FEATURED_TITLE = 'Featured Games';
export const EXCERPT_PUBLIC = 200;
export const EXCERPT_ADMIN = 150;
export const ADMIN_DESCRIPTION_TRUNCATE = 100;
export { THEME_STORAGE_KEY } from './theme-key';
