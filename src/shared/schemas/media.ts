// Uploaded images (the media library): items with their variants and where they are used.
import { z } from './zod';

export const ALT_MAX = 500;
export const ALT_TOO_LONG = `Alt text must be at most ${ALT_MAX} characters`;

export const MediaVariantSchema = z.object({
  width: z.number(),
  type: z.string(),
  url: z.string(),
});
export type MediaVariant = z.infer<typeof MediaVariantSchema>;

/** Something that shows the image, with the admin screen where it is edited. */
export const UsedBySchema = z.object({
  kind: z.enum(['app', 'post', 'page', 'campaign', 'translation']),
  id: z.number().nullable(),
  title: z.string(),
  href: z.string(),
});
export type UsedBy = z.infer<typeof UsedBySchema>;

export const MediaItemSchema = z.object({
  id: z.number(),
  url: z.string(),
  type: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  alt: z.string(),
  filename: z.string(),
  createdAt: z.string(),
  variants: z.array(MediaVariantSchema),
  usedBy: z.array(UsedBySchema),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListQuerySchema = z.object({
  page: z.coerce.number({ error: 'Invalid page' }).int('Invalid page').min(1, 'Invalid page').max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'Invalid page size' })
    .int('Invalid page size')
    .min(1, 'Invalid page size')
    .max(100, 'Invalid page size')
    .default(24),
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type MediaListQuery = z.input<typeof MediaListQuerySchema>;

export const MediaListSchema = z.object({
  items: z.array(MediaItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MediaList = z.infer<typeof MediaListSchema>;

export const altText = z.string({ error: 'Alt text must be text' }).trim().max(ALT_MAX, ALT_TOO_LONG);

export const MediaUpdateSchema = z.object({ alt: altText });
export type MediaUpdate = z.input<typeof MediaUpdateSchema>;
