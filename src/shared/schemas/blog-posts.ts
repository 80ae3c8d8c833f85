import { z } from './zod';
import { LIMITS } from '../constants';
import { imageUrl, requiredText } from './common';
import { SLUG_MAX, SLUG_PATTERN } from '../slug';

export const INVALID_SLUG = 'Use lower-case letters, digits and single hyphens';
export const SLUG_TAKEN = 'Another post already uses this slug';
export const INVALID_PUBLISH_DATE = 'Please enter a valid date and time';
export const FUTURE_PUBLISH_DATE = 'The publish date cannot be in the future: schedule the post instead';
export const PAST_SCHEDULE = 'Pick a time in the future to schedule the post';
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 300;

/** An optional date and time: missing keeps what is there, null clears it, else an ISO date. */
export const optionalDateTime = () =>
  z.union([z.null(), z.string().refine((v) => !Number.isNaN(Date.parse(v)), INVALID_PUBLISH_DATE)]).optional();

/** An optional text of the post's search and link-preview fields: missing keeps what is there. */
const seoText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/**
 * What the blog post form sends on create and update. The spec's fields come first; the rest
 * (issue 12) are optional and, when missing on an update, keep what the post has.
 */
export const SELECT_APP = 'Please select an app';
export const STUDIO_POST_HAS_NO_APP = 'A studio post belongs to no app: send appId null';
/** Whom a post belongs to (issue 26): one app, or the studio itself (studio news, appId null). */
export const POST_SCOPES = ['app', 'studio'] as const;
export type PostScope = (typeof POST_SCOPES)[number];
/** The name a studio post shows where an app post shows its app's. */
export const STUDIO_NAME = 'The studio';

export const BlogPostInputSchema = z.object({
  /**
   * The post's app. Null only with `scope: "studio"` made explicit (BlogPostBodySchema checks it):
   * without it, a missing or empty app is the spec's "Please select an app".
   */
  appId: z.coerce
    .number({ message: SELECT_APP })
    .int(SELECT_APP)
    .positive(SELECT_APP)
    .max(2_147_483_647, SELECT_APP)
    .nullable(),
  /** Issue 26: "studio" for studio news (appId null); missing or "app" for an app's post. */
  scope: z.enum(POST_SCOPES).optional(),
  title: requiredText(LIMITS.shortText, 'Title is required', 'Title must be at most 200 characters'),
  content: requiredText(LIMITS.htmlMax, 'Content is required', 'Content is too long'),
  images: z.array(imageUrl('Each image must be a valid URL')).max(LIMITS.imagesMax, 'At most 50 images').default([]),
  isPublished: z.boolean().default(false),
  /** The spec's field; the server owns publishedAt and ignores it (set the date with publishAt). */
  publishedAt: z.union([z.string(), z.null()]).optional(),
  /**
   * When the post goes, or went, live. On a draft a future time schedules it (null unschedules it);
   * on a post that is or becomes published, a time up to now sets its publish date.
   */
  publishAt: optionalDateTime(),
  /** Empty makes one from the title. */
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
    .refine((v) => v === '' || SLUG_PATTERN.test(v), INVALID_SLUG)
    .optional(),
  excerpt: seoText(SEO_DESCRIPTION_MAX, 'Excerpt'),
  seoTitle: seoText(SEO_TITLE_MAX, 'SEO title'),
  seoDescription: seoText(SEO_DESCRIPTION_MAX, 'SEO description'),
  shareImage: z.union([z.literal(''), z.null(), imageUrl('The share image must be a valid URL')]).optional(),
  /** The version the edit started from: a save over a newer one is refused (409). */
  version: z.number().int().positive().optional(),
});
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;

/** What the API takes: the form's fields, with an app, or null and the studio chosen explicitly. */
export const BlogPostBodySchema = BlogPostInputSchema.superRefine((data, ctx) => {
  if (data.scope === 'studio' && data.appId !== null) {
    ctx.addIssue({ code: 'custom', path: ['appId'], message: STUDIO_POST_HAS_NO_APP });
  } else if (data.scope !== 'studio' && data.appId === null) {
    ctx.addIssue({ code: 'custom', path: ['appId'], message: SELECT_APP });
  }
});
/** A post's scope as the database keeps it: "studio" exactly when it has no app. */
export const scopeOf = (appId: number | null): PostScope => (appId === null ? 'studio' : 'app');
export type BlogPostData = z.output<typeof BlogPostInputSchema>;

export const BlogPostSchema = z.object({
  id: z.number(),
  /** Null for a studio post (issue 26). */
  appId: z.number().nullable(),
  scope: z.enum(POST_SCOPES),
  title: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  publishAt: z.string().nullable(),
  slug: z.string(),
  excerpt: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  shareImage: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The language the texts are in, when read with ?locale= (issue 24). */
  contentLocale: z.string().optional(),
  /** Its slug in the default language, when one post read in another has a slug of its own there. */
  defaultSlug: z.string().optional(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export type PostState = 'draft' | 'scheduled' | 'published';
export const postState = (post: Pick<BlogPost, 'isPublished' | 'publishAt'>): PostState =>
  post.isPublished ? 'published' : post.publishAt ? 'scheduled' : 'draft';

/** A post in the admin list also names its app (null when the app is gone). */
export const AdminBlogPostSchema = BlogPostSchema.extend({ appTitle: z.string().nullable() });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;

/** A post in the blog index (/blog) also names its app ("The studio" for a studio post). */
export const PublicBlogPostSchema = BlogPostSchema.extend({ appTitle: z.string() });
export type PublicBlogPost = z.infer<typeof PublicBlogPostSchema>;

/**
 * A shared draft (GET /api/preview/{token}) also names its app, as the link's language writes it
 * (null: an app the reader may not see, a hidden one).
 */
export const PreviewPostSchema = BlogPostSchema.extend({ appTitle: z.string().nullable() });
export type PreviewPost = z.infer<typeof PreviewPostSchema>;

export const BLOG_INDEX_PAGE_SIZE = 10;
/** The blog index's page and its app filter. */
export const BlogIndexQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(BLOG_INDEX_PAGE_SIZE),
  appId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
