// Press kits (issue 14, part 4): the studio's row (app_id null) and one per app, written whole
// (upsert) with a version check, and the stored originals of the images a kit offers as ZIPs.
import { eq, inArray, isNull } from 'drizzle-orm';
import { parseMediaUrl } from '../../../shared/media';
import { emptyPressKit, type PressKit, type PressKitData } from '../../../shared/schemas/press';
import type { Db } from '../../db/client';
import { mediaFiles, pressKits } from '../../db/schema';
import { staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';
import { sanitizeRichText } from '../../lib/sanitize';

type Row = typeof pressKits.$inferSelect;

const toKit = (row: Row): PressKit => ({
  appId: row.appId,
  basedIn: row.basedIn,
  foundedOn: row.foundedOn,
  website: row.website,
  pressContact: row.pressContact,
  description: row.description,
  history: row.history,
  features: row.features as PressKit['features'],
  releaseDates: row.releaseDates as PressKit['releaseDates'],
  trailers: row.trailers as PressKit['trailers'],
  logos: row.logos,
  awards: row.awards as PressKit['awards'],
  quotes: row.quotes as PressKit['quotes'],
  credits: row.credits as PressKit['credits'],
  monetization: row.monetization as PressKit['monetization'],
  version: row.version,
  updatedAt: iso(row.updatedAt),
});

const whereKit = (appId: number | null) => (appId === null ? isNull(pressKits.appId) : eq(pressKits.appId, appId));

/** An image the site stores: its original file's path and type. */
export interface StoredOriginal {
  url: string;
  path: string;
  type: string;
  ext: string;
}

export function pressRepo(db: Db, now: () => Date) {
  return {
    /** The kit; one never written reads as empty (version 0). */
    async get(appId: number | null): Promise<PressKit> {
      const [row] = await db.select().from(pressKits).where(whereKit(appId)).limit(1);
      return row ? toKit(row) : emptyPressKit(appId);
    },

    /**
     * Writes the whole kit. `version` (when given) must be the kit's current one (0 for a kit never
     * written), else 409 with the kit as it is now. Rich text is sanitised here.
     */
    async put(appId: number | null, data: PressKitData, version: number | undefined): Promise<PressKit> {
      const { version: _bodyVersion, ...fields } = data;
      const values = {
        ...fields,
        description: sanitizeRichText(fields.description),
        history: sanitizeRichText(fields.history),
        updatedAt: now(),
      };
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [existing] = await tx.select().from(pressKits).where(whereKit(appId)).limit(1).for('update');
        const current = existing ? existing.version : 0;
        if (version !== undefined && version !== current) {
          throw staleVersion(existing ? toKit(existing) : emptyPressKit(appId));
        }
        if (existing) {
          const [row] = await tx
            .update(pressKits)
            .set({ ...values, version: current + 1 })
            .where(eq(pressKits.id, existing.id))
            .returning();
          return toKit(row!);
        }
        // Two first saves at once: the unique index lets one in; the other is a conflict.
        const [row] = await tx
          .insert(pressKits)
          .values({ ...values, appId, version: 1 })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          const [now] = await tx.select().from(pressKits).where(whereKit(appId)).limit(1);
          throw staleVersion(now ? toKit(now) : emptyPressKit(appId));
        }
        return toKit(row);
      });
    },

    /** When each written kit last changed, by app id (null: the studio's), for the sitemap. */
    async updatedByApp(): Promise<Map<number | null, string>> {
      const rows = await db.select({ appId: pressKits.appId, updatedAt: pressKits.updatedAt }).from(pressKits);
      return new Map(rows.map((r) => [r.appId, iso(r.updatedAt)]));
    },

    /**
     * Which of these image URLs are originals the site stores (in the order given, each once):
     * external links, demo files and variants are left out.
     */
    async originals(urls: string[]): Promise<StoredOriginal[]> {
      const wanted = [...new Set(urls)].flatMap((url) => {
        const parts = parseMediaUrl(url);
        return parts ? [{ url, ext: parts.ext }] : [];
      });
      if (wanted.length === 0) return [];
      const rows = await db
        .select({ path: mediaFiles.path, type: mediaFiles.type })
        .from(mediaFiles)
        .where(
          inArray(
            mediaFiles.path,
            wanted.map((w) => w.url),
          ),
        );
      const found = new Map(rows.map((r) => [r.path, r.type]));
      return wanted.flatMap((w) => {
        const type = found.get(w.url);
        return type ? [{ url: w.url, path: w.url, type, ext: w.ext }] : [];
      });
    },
  };
}
export type PressRepo = ReturnType<typeof pressRepo>;
