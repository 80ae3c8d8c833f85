// An app's release notes (issue 26): one row per version, with its day, its platforms and its
// "What's new" in plain text (the stores take plain text; the App Store allows 4,000 characters).
// Staff edit them on the app form; visitors read them on the app page, /apps/{slug}/releases and its
// feed. A save names the revision it started from: a save over a newer one is refused (409).
import { z } from './zod';
import { PLATFORMS } from './apps';

/** The App Store's limit for "What's New in This Version". */
export const RELEASE_NOTES_MAX = 4_000;
export const RELEASE_VERSION_MAX = 32;

export const RELEASE_MESSAGES = {
  version: 'Version is required',
  versionTooLong: `Version must be at most ${RELEASE_VERSION_MAX} characters`,
  versionChars: 'Use digits, letters, dots, dashes, spaces and brackets, as in 1.2.0 or 2.0 (build 45)',
  date: 'Enter the release date as YYYY-MM-DD',
  notes: `What's new must be at most ${RELEASE_NOTES_MAX.toLocaleString('en-US')} characters (the App Store's limit)`,
  platforms: `Platforms are ${PLATFORMS.join(', ')}`,
  taken: 'This app already has a release with this version',
} as const;

/** A real calendar day written YYYY-MM-DD. */
export function isReleaseDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Line breaks as the stores keep them (\n), nothing else changed. */
const normalizeNotes = (value: string) => value.replace(/\r\n?/g, '\n').trim();

export const ReleaseNotesSchema = z
  .string({ error: RELEASE_MESSAGES.notes })
  .transform(normalizeNotes)
  .pipe(z.string().max(RELEASE_NOTES_MAX, RELEASE_MESSAGES.notes));

/** POST and PUT /api/admin/apps/{id}/releases[/{releaseId}]. */
export const ReleaseInputSchema = z.object({
  version: z
    .string({ error: RELEASE_MESSAGES.version })
    .trim()
    .min(1, RELEASE_MESSAGES.version)
    .max(RELEASE_VERSION_MAX, RELEASE_MESSAGES.versionTooLong)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N}.\- ()]*$/u, RELEASE_MESSAGES.versionChars)
    .transform((v) => v.replace(/\s+/g, ' ')),
  releasedOn: z.string({ error: RELEASE_MESSAGES.date }).trim().refine(isReleaseDay, RELEASE_MESSAGES.date),
  platforms: z
    .array(z.enum(PLATFORMS, { error: RELEASE_MESSAGES.platforms }))
    .max(PLATFORMS.length)
    .default([])
    .transform((list) => PLATFORMS.filter((p) => list.includes(p))),
  notes: ReleaseNotesSchema.default(''),
  /** The revision the edit started from (PUT): a save over a newer one is refused (409). */
  revision: z.number().int().positive().optional(),
});
export type ReleaseInput = z.input<typeof ReleaseInputSchema>;
export type ReleaseData = z.output<typeof ReleaseInputSchema>;

export const ReleaseParamsSchema = z.object({
  id: z
    .string({ message: 'Invalid id' })
    .regex(/^\d{1,10}$/, 'Invalid id')
    .transform(Number)
    .pipe(z.number().int().positive('Invalid id').max(2_147_483_647, 'Invalid id')),
  releaseId: z
    .string({ message: 'Invalid id' })
    .regex(/^\d{1,10}$/, 'Invalid id')
    .transform(Number)
    .pipe(z.number().int().positive('Invalid id').max(2_147_483_647, 'Invalid id')),
});

export const ReleaseSchema = z.object({
  id: z.number(),
  appId: z.number(),
  version: z.string(),
  releasedOn: z.string(),
  platforms: z.array(z.string()),
  notes: z.string(),
  revision: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In a read in another language: the language the notes are in. */
  contentLocale: z.string().optional(),
});
export type Release = z.infer<typeof ReleaseSchema>;

/** What visitors read (GET /api/apps/{id}/releases): newest first. */
export const PublicReleaseSchema = ReleaseSchema.omit({ revision: true, createdAt: true });
export type PublicRelease = z.infer<typeof PublicReleaseSchema>;

/** POST /api/admin/apps/{id}/releases/{releaseId}/campaign: the drafted campaign. */
export const ReleaseCampaignSchema = z.object({ campaignId: z.number(), subject: z.string() });
export type ReleaseCampaign = z.infer<typeof ReleaseCampaignSchema>;
