// Revisions (issue 12): every save of a post, About Us, the privacy policy and the home content is kept;
// and of each language's translation of an item (issue 24, kind 'translation').
import { z } from './zod';

/** The kinds whose history `GET /api/admin/revisions?type=` lists (a translation's is under its own address). */
export const REVISION_KINDS = ['post', 'about', 'privacy', 'home'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number] | 'translation';
/** How many revisions are kept per item (the oldest go first). */
export const REVISIONS_KEPT = 50;

export const RevisionQuerySchema = z.object({
  type: z.enum(REVISION_KINDS, { error: 'type must be post, about, privacy or home' }),
  /** The post's id; the single-row pages need none. */
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const RevisionSummarySchema = z.object({
  id: z.number(),
  version: z.number(),
  reason: z.string(),
  createdAt: z.string(),
  /** Who saved it (null when that account is gone, or the server did: a scheduled publish). */
  author: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** Which language's translation of which item a translation's revision is of. */
export const RevisionTranslationSchema = z.object({ type: z.string(), item: z.string(), locale: z.string() });
export type RevisionTranslation = z.infer<typeof RevisionTranslationSchema>;

export const RevisionSchema = RevisionSummarySchema.extend({
  kind: z.enum([...REVISION_KINDS, 'translation']),
  itemId: z.number(),
  data: z.record(z.string(), z.unknown()),
  /** A translation's revision: its item and language (null for the others). */
  translation: RevisionTranslationSchema.nullable(),
});
export type Revision = z.infer<typeof RevisionSchema>;
