// Share a draft (issue 12): a secret link that shows a post as it will look, until it expires or is revoked.
import { z } from './zod';
import { LocaleCodeSchema } from './translations';

export const PREVIEW_LINK_DAYS = 7;
/** The link's secret: 64 lower-case hex digits (page paths are lower case). */
export const PreviewTokenParamsSchema = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid link') });

export const PreviewLinkSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
  /** The language the link shows the post in (its translation's draft, issue 24); null: the default language. */
  locale: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof PreviewLinkSchema>;

/** The new link's address is shown once: only a hash of its secret is kept. */
export const NewPreviewLinkSchema = PreviewLinkSchema.extend({ url: z.string() });
export type NewPreviewLink = z.infer<typeof NewPreviewLinkSchema>;

/** `?locale=`: a link that shows the post's translation into that language (issue 24); none: the default language. */
export const PreviewLinkQuerySchema = z.object({ locale: LocaleCodeSchema.optional() });
