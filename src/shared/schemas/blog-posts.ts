import { z } from './zod';
import { LIMITS } from '../constants';
import { imageUrl } from './common';

/** What the blog post form sends on create and update. publishedAt is owned by the server. */
export const BlogPostInputSchema = z.object({
  appId: z.coerce
    .number({ message: 'Please select an app' })
    .int('Please select an app')
    .positive('Please select an app')
    .max(2_147_483_647, 'Please select an app'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(LIMITS.shortText, 'Title must be at most 200 characters'),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(LIMITS.htmlMax, 'Content is too long'),
  images: z.array(imageUrl('Each image must be a valid URL')).max(LIMITS.imagesMax, 'At most 50 images').default([]),
  isPublished: z.boolean().default(false),
  publishedAt: z.union([z.string(), z.null()]).optional(),
});
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;
export type BlogPostData = z.output<typeof BlogPostInputSchema>;

export const BlogPostSchema = z.object({
  id: z.number(),
  appId: z.number(),
  title: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A post in the admin list also names its app (null when the app is gone). */
export const AdminBlogPostSchema = BlogPostSchema.extend({ appTitle: z.string().nullable() });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
