import { z } from './zod';
import { APP_STATUSES, DEFAULT_APP_STATUS, LIMITS } from '../constants';
import { imageUrl, optionalHttpUrl } from './common';
import { SLUG_MAX, SLUG_PATTERN } from '../slug';
import { AgeRatingSchema, AgeRatingsInputSchema } from './app-ratings';
import { ACCESSIBILITY_TAG_KEYS, isAccessibilityTag } from './app-accessibility';

// Issue 13: what stores, search engines and link previews know about an app.
export const APP_KINDS = ['app', 'game'] as const;
export type AppKind = (typeof APP_KINDS)[number];
export const PLATFORMS = ['ios', 'android', 'web', 'steam', 'switch', 'itch'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_NAMES: Record<Platform, string> = {
  ios: 'iOS',
  android: 'Android',
  web: 'Web',
  steam: 'Steam',
  switch: 'Nintendo Switch',
  itch: 'itch.io',
};
export const TRAILER_PROVIDERS = ['youtube', 'vimeo'] as const;

export const APP_MESSAGES = {
  slug: 'Use lower-case letters, digits and single hyphens (not digits alone)',
  slugTaken: 'Another app already uses this slug',
  appleAppId: 'The Apple app id is the number in the App Store link (id1234567890 → 1234567890)',
  bundleId: 'A bundle id looks like com.studio.game',
  teamId: 'An Apple team id is 10 upper-case letters and digits',
  package: 'A package name looks like com.studio.game',
  fingerprint: 'Each fingerprint must be 32 colon-separated pairs of hex digits (SHA-256), e.g. AB:CD:…',
  path: 'Each path starts with / (use * as a wildcard, e.g. /apps/my-game/*)',
  price: 'Enter a price such as 4.99',
  currency: 'Use a three-letter currency code such as USD or EUR',
  currencyNeeded: 'A price needs its currency',
  releaseDate: 'Enter a date as YYYY-MM-DD',
  goesLiveAt: 'Please enter a valid date and time',
  goesLiveAtPast: 'Pick a time in the future for the app to go live',
  goesLiveAtLive: 'The app is Live already: clear the time it goes live',
  trailer: 'Enter a YouTube video id (11 characters) or a Vimeo id (digits), or paste the video link',
  shareImage: 'The share image must be a JPEG or PNG from the media library',
  accessibilityTag: 'Accessibility tags must be a list of the Accessible Games Initiative tag keys',
} as const;

/** An optional short text: missing leaves it as it is; null and '' clear it. */
const optionalString = (max: number, label: string) =>
  z
    .union([z.null(), z.string().trim().max(max, `${label} must be at most ${max} characters`)])
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? '')));

/** An optional code-like value: '' and null clear it (null), else it must match. */
const optionalCode = (pattern: RegExp, message: string, normalise: (v: string) => string = (v) => v) =>
  z
    .union([
      z.null(),
      z.literal(''),
      z.string().trim().max(200, message).transform(normalise).pipe(z.string().regex(pattern, message)),
    ])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A trailer's page on its host (the link that works without JavaScript). */
export const trailerPage = ({ provider, id }: { provider: 'youtube' | 'vimeo'; id: string }) =>
  provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;

/** A trailer's privacy-enhanced player (youtube-nocookie.com, Vimeo with do-not-track). */
export const trailerEmbed = ({ provider, id }: { provider: 'youtube' | 'vimeo'; id: string }) =>
  provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;

/** A YouTube or Vimeo link or id → { provider, id }. */
export function parseTrailer(value: string): { provider: 'youtube' | 'vimeo'; id: string } | null {
  const v = value.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(v)) return { provider: 'youtube', id: v };
  if (/^\d{6,12}$/.test(v)) return { provider: 'vimeo', id: v };
  const yt =
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(v);
  if (yt) return { provider: 'youtube', id: yt[1]! };
  const vimeo = /vimeo\.com\/(?:video\/)?(\d{6,12})/.exec(v);
  if (vimeo) return { provider: 'vimeo', id: vimeo[1]! };
  return null;
}

/** 'id1234567890', or the App Store link that ends with it → '1234567890'. */
export function appleAppIdOf(value: string): string {
  return /^https?:\/\//i.test(value)
    ? (/\/id(\d+)(?:[/?#]|$)/i.exec(value)?.[1] ?? value)
    : value.replace(/^id(?=\d)/i, '');
}

/** The package name, or the Google Play link that names it (…/details?id=com.studio.game). */
export function googlePlayPackageOf(value: string): string {
  return /^https?:\/\//i.test(value) ? (/[?&]id=([A-Za-z0-9_.]+)/.exec(value)?.[1] ?? value) : value;
}

/** Upper case, with the colons put in when pasted as 64 hex digits (some tools print it so). */
export function fingerprintOf(value: string): string {
  const v = value.toUpperCase();
  return /^[0-9A-F]{64}$/.test(v) ? v.match(/../g)!.join(':') : v;
}

/** A real day (not 2025-02-30) in a year PostgreSQL's date takes (not year 0). */
function isCalendarDate(value: string): boolean {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value && !value.startsWith('0000');
}

export const APP_LINK_FIELDS = [
  'googlePlayLink',
  'appStoreLink',
  'webAppLink',
  'githubRepoLink',
  'twitterLink',
  'instagramLink',
  'facebookLink',
] as const;
export type AppLinkField = (typeof APP_LINK_FIELDS)[number];

/** What the app form sends on create and update (SPEC §5 "App form"). */
export const AppInputSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(LIMITS.shortText, 'Title must be at most 200 characters'),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(LIMITS.mediumText, 'Description must be at most 2000 characters'),
    icon: z.string({ error: 'Icon URL is required' }).trim().min(1, 'Icon URL is required').pipe(imageUrl()),
    screenshots: z
      .array(imageUrl('Each screenshot must be a valid URL'), { error: 'At least one screenshot is required' })
      .min(1, 'At least one screenshot is required')
      .max(LIMITS.imagesMax, 'At most 50 screenshots'),
    status: z
      .enum(APP_STATUSES, { message: 'Status must be one of: ' + APP_STATUSES.join(', ') })
      .default(DEFAULT_APP_STATUS),
    googlePlayLink: optionalHttpUrl(),
    appStoreLink: optionalHttpUrl(),
    webAppLink: optionalHttpUrl(),
    githubRepoLink: optionalHttpUrl(),
    twitterLink: optionalHttpUrl(),
    instagramLink: optionalHttpUrl(),
    facebookLink: optionalHttpUrl(),
    /** Shown in the home hero's collage. Left out: unchanged (false for a new app). */
    isFeatured: z.boolean({ error: 'Featured must be true or false' }).optional(),
    /** Not listed anywhere public; its pages answer 404 to visitors. Left out: unchanged. */
    isHidden: z.boolean({ error: 'Hidden must be true or false' }).optional(),
    // Issue 13, all optional; left out on an update, a field keeps its value.
    /** Empty makes one from the title. */
    slug: z
      .string()
      .trim()
      .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
      .refine((v) => v === '' || (SLUG_PATTERN.test(v) && !/^\d+$/.test(v)), APP_MESSAGES.slug)
      .optional(),
    kind: z.enum(APP_KINDS, { error: 'Kind must be app or game' }).optional(),
    category: optionalString(100, 'Category'),
    platforms: z
      .array(z.enum(PLATFORMS, { error: `Platforms are ${PLATFORMS.join(', ')}` }))
      .max(PLATFORMS.length)
      .transform((list) => [...new Set(list)])
      .optional(),
    appleAppId: optionalCode(/^\d{1,12}$/, APP_MESSAGES.appleAppId, appleAppIdOf),
    appleBundleId: optionalCode(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, APP_MESSAGES.bundleId),
    appleTeamId: optionalCode(/^[A-Z0-9]{10}$/, APP_MESSAGES.teamId, (v) => v.toUpperCase()),
    googlePlayPackage: optionalCode(
      /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/,
      APP_MESSAGES.package,
      googlePlayPackageOf,
    ),
    androidFingerprints: z
      .array(
        z
          .string()
          .trim()
          .max(200, APP_MESSAGES.fingerprint)
          .transform(fingerprintOf)
          .pipe(z.string().regex(/^(?:[0-9A-F]{2}:){31}[0-9A-F]{2}$/, APP_MESSAGES.fingerprint)),
      )
      .max(10, 'At most 10 fingerprints')
      .optional(),
    appLinkPaths: z
      .array(
        z
          .string()
          .trim()
          .max(200, APP_MESSAGES.path)
          .regex(/^\/[^\s]*$/, APP_MESSAGES.path),
      )
      .max(50, 'At most 50 paths')
      .optional(),
    priceAmount: optionalCode(/^\d{1,6}(\.\d{1,2})?$/, APP_MESSAGES.price),
    priceCurrency: optionalCode(/^[A-Z]{3}$/, APP_MESSAGES.currency, (v) => v.toUpperCase()),
    releaseDate: optionalCode(/^\d{4}-\d{2}-\d{2}$/, APP_MESSAGES.releaseDate).refine(
      (v) => !v || isCalendarDate(v),
      APP_MESSAGES.releaseDate,
    ),
    comingSoon: z.boolean({ error: 'Coming soon must be true or false' }).optional(),
    /**
     * Issue 26: when the app becomes Live by itself (its launch draft is made then), as an ISO time;
     * '' or null: by hand only. Only for an app that is not Live, and only in the future.
     */
    goesLiveAt: z
      .union([z.null(), z.literal(''), z.string().refine((v) => !Number.isNaN(Date.parse(v)), APP_MESSAGES.goesLiveAt)])
      .transform((v) => (v ? new Date(v).toISOString() : null))
      .optional(),
    ageRating: optionalString(50, 'Age rating'),
    /** Issue 25: one rating per system with its descriptors and notices (shared/schemas/app-ratings.ts). */
    ratings: AgeRatingsInputSchema.optional(),
    /** Issue 25: the Accessible Games Initiative tags the app meets, kept in the initiative's order. */
    accessibilityTags: z
      .array(z.string({ error: APP_MESSAGES.accessibilityTag }), { error: APP_MESSAGES.accessibilityTag })
      .max(ACCESSIBILITY_TAG_KEYS.length * 2, APP_MESSAGES.accessibilityTag)
      .superRefine((tags, ctx) => {
        tags.forEach((tag, i) => {
          if (!isAccessibilityTag(tag)) {
            ctx.addIssue({ code: 'custom', path: [i], message: `"${tag}" is not an accessibility tag` });
          } else if (tags.indexOf(tag) !== i) {
            ctx.addIssue({ code: 'custom', path: [i], message: `"${tag}" is listed twice` });
          }
        });
      })
      .transform((tags) => ACCESSIBILITY_TAG_KEYS.filter((key) => tags.includes(key)))
      .optional(),
    /** Issue 25: accessibility in the studio's words (plain text). */
    accessibilityNote: optionalString(LIMITS.mediumText, 'Accessibility note'),
    tagline: optionalString(120, 'Tagline'),
    longDescription: optionalString(LIMITS.htmlMax, 'Long description'),
    /** A YouTube or Vimeo id or link; '' or null removes the trailer. */
    trailer: z
      .union([z.null(), z.literal(''), z.string().trim().max(300, APP_MESSAGES.trailer)])
      .optional()
      .superRefine((v, ctx) => {
        if (v && !parseTrailer(v)) ctx.addIssue({ code: 'custom', message: APP_MESSAGES.trailer });
      }),
    preRegisterLink: optionalHttpUrl().optional(),
    preOrderLink: optionalHttpUrl().optional(),
    wishlistLink: optionalHttpUrl().optional(),
    /** The picture link previews show (issue 21): an uploaded JPEG or PNG; '' or null: the automatic choice. */
    shareImage: optionalCode(/^\/media\/[0-9a-f]{16}\/[1-9]\d{0,5}x[1-9]\d{0,5}\.(jpg|png)$/, APP_MESSAGES.shareImage),
    /**
     * For API clients: the version the edit started from (the admin sends If-Match); a save over a
     * newer one is refused (409). Left out: saved whatever the version (the spec's clients).
     */
    version: z.number().int().positive().optional(),
  })
  .superRefine((app, ctx) => {
    if (app.priceAmount && !app.priceCurrency) {
      ctx.addIssue({ code: 'custom', path: ['priceCurrency'], message: APP_MESSAGES.currencyNeeded });
    }
    if (app.goesLiveAt && app.status === 'Live') {
      ctx.addIssue({ code: 'custom', path: ['goesLiveAt'], message: APP_MESSAGES.goesLiveAtLive });
    }
  });
export type AppInput = z.input<typeof AppInputSchema>;
export type AppData = z.output<typeof AppInputSchema>;

/** An app's slug in an address (`/api/apps/by-slug/{slug}`): any text; one no app has is not found (404, never 422). */
export const AppSlugParamsSchema = z.object({ slug: z.string() });

export const AppSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  screenshots: z.array(z.string()),
  status: z.string(),
  googlePlayLink: z.string().nullable(),
  appStoreLink: z.string().nullable(),
  webAppLink: z.string().nullable(),
  githubRepoLink: z.string().nullable(),
  twitterLink: z.string().nullable(),
  instagramLink: z.string().nullable(),
  facebookLink: z.string().nullable(),
  /** Place in the apps' order (ascending). */
  position: z.number(),
  isFeatured: z.boolean(),
  isHidden: z.boolean(),
  slug: z.string(),
  kind: z.string(),
  category: z.string(),
  platforms: z.array(z.string()),
  appleAppId: z.string().nullable(),
  appleBundleId: z.string().nullable(),
  appleTeamId: z.string().nullable(),
  googlePlayPackage: z.string().nullable(),
  androidFingerprints: z.array(z.string()),
  appLinkPaths: z.array(z.string()),
  priceAmount: z.string().nullable(),
  priceCurrency: z.string().nullable(),
  releaseDate: z.string().nullable(),
  comingSoon: z.boolean(),
  /** Issue 26: when the app becomes Live by itself; null: by hand only. */
  goesLiveAt: z.string().nullable(),
  ageRating: z.string(),
  ratings: z.array(AgeRatingSchema),
  /** The Accessible Games Initiative's tags the app has (issue 25: keys of schemas/app-accessibility.ts). */
  accessibilityTags: z.array(z.string()),
  accessibilityNote: z.string(),
  tagline: z.string(),
  longDescription: z.string(),
  trailerProvider: z.string().nullable(),
  trailerId: z.string().nullable(),
  preRegisterLink: z.string().nullable(),
  preOrderLink: z.string().nullable(),
  wishlistLink: z.string().nullable(),
  shareImage: z.string().nullable(),
  /** Raised by every change of the app (not its place in the order): what an edit is based on. */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
});
export type App = z.infer<typeof AppSchema>;

/** PUT /api/apps/order: every app's id, in the new order. */
export const AppOrderInputSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Each id must be a number' })
        .int('Each id must be a whole number')
        .positive('Each id must be positive'),
      {
        error: 'ids must be a list of app ids',
      },
    )
    .max(10_000, 'Too many ids'),
});
export type AppOrderInput = z.infer<typeof AppOrderInputSchema>;

/** Published posts per app id: { "<appId>": count }. */
export const BlogCountsSchema = z.record(z.string(), z.number());
export type BlogCounts = z.infer<typeof BlogCountsSchema>;
