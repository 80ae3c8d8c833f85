// The staff's own texts for the public site's words (issue 24): one override per language and key
// over the shipped catalogues (shared/messages).
import { z } from './zod';

export const UiStringSchema = z.object({
  key: z.string(),
  /** The English text (the site's default words). */
  english: z.string(),
  /** The text the language's catalogue ships (English where it has none). */
  catalogue: z.string(),
  /** The staff's text, when there is one. */
  override: z.string().nullable(),
});

export const UiStringsSchema = z.object({
  locale: z.string(),
  strings: z.array(UiStringSchema),
});

/** A language's overrides as the render reads them: key → text. */
export const UiStringOverridesSchema = z.record(z.string(), z.string());

/** The islands' words in a language that differ from their English, by namespace (shared/messages/island-words.ts). */
export const IslandWordsSchema = z.record(z.string(), z.record(z.string(), z.string()));

/** One text as staff write it (the admin's form and the API check it alike). */
export const UiStringTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter a text, or reset it')
  .max(2000, 'Keep it under 2000 characters');

export const UiStringsInputSchema = z.object({
  /** key → the new text, or null to go back to the catalogue's. */
  strings: z.record(z.string(), UiStringTextSchema.nullable()),
});

export const UiStringsQuerySchema = z.object({ locale: z.string().min(1, 'Choose a language') });
export const UiStringsParamsSchema = z.object({ locale: z.string().min(1) });

export type UiString = z.infer<typeof UiStringSchema>;
export type UiStrings = z.infer<typeof UiStringsSchema>;
export type UiStringsInput = z.infer<typeof UiStringsInputSchema>;
