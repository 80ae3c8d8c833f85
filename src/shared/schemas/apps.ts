import { z } from './zod';
import { APP_STATUSES, DEFAULT_APP_STATUS, LIMITS } from '../constants';
import { imageUrl, optionalHttpUrl } from './common';

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
export const AppInputSchema = z.object({
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
});
export type AppInput = z.input<typeof AppInputSchema>;
export type AppData = z.output<typeof AppInputSchema>;

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
  createdAt: z.string(),
  updatedAt: z.string(),
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
