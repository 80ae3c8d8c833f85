// Autosave (issue 12): editors keep unsaved work on the server a few seconds after the last change.
import { z } from './zod';

export const DRAFT_KINDS = ['post', 'about', 'privacy', 'home', 'translation'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/** A translation's draft key (issue 24): its type, item and language, as the translations API names them. */
export const translationDraftKey = (type: string, item: string, locale: string) => `${type}~${item}~${locale}`;
const TRANSLATION_KEY = /^(?:app|post|page|app-page)~[a-z0-9-]{1,40}~[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
/** The parts of a translation's draft key, or undefined when it is not one. */
export function parseTranslationDraftKey(key: string): { type: string; item: string; locale: string } | undefined {
  if (!TRANSLATION_KEY.test(key)) return undefined;
  const [type, item, locale] = key.split('~') as [string, string, string];
  return { type, item, locale };
}
/** A post's id, 'new' for a post not yet created, 'main' for the single-row pages, `type~item~locale` for a translation. */
export const DraftParamsSchema = z.object({
  kind: z.enum(DRAFT_KINDS, { error: 'Unknown editor' }),
  key: z.string().regex(/^(?:new|main|[1-9]\d{0,9}|[a-z-]{3,8}~[a-z0-9-]{1,40}~[A-Za-z0-9-]{2,12})$/, 'Unknown item'),
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
