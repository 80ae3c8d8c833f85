// Autosave (issue 12): editors keep unsaved work on the server a few seconds after the last change.
import { z } from './zod';

export const DRAFT_KINDS = ['post', 'about', 'privacy', 'home'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/** A post's id, 'new' for a post not yet created, 'main' for the single-row pages. */
export const DraftParamsSchema = z.object({
  kind: z.enum(DRAFT_KINDS, { error: 'Unknown editor' }),
  key: z.string().regex(/^(?:new|main|[1-9]\d{0,9})$/, 'Unknown item'),
});
/** Autosaved values are the editor's form values: bounded, never applied without a save. */
export const DRAFT_MAX_BYTES = 600_000;
export const DraftInputSchema = z.object({
  data: z
    .record(z.string(), z.unknown())
    .refine((v) => JSON.stringify(v).length <= DRAFT_MAX_BYTES, 'The draft is too large'),
  /** The item's version the edit started from (0 for an item not yet created). */
  baseVersion: z.number().int().min(0),
});
export const DraftSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  baseVersion: z.number(),
  savedAt: z.string(),
});
export type Draft = z.infer<typeof DraftSchema>;
