// The one row of site settings. Until it is first written (at start-up, from SITE_NAME) reads
// answer the configured defaults, so a database that predates the table still has a name.
import { asc, eq } from 'drizzle-orm';
import type { SiteSettings, SiteSettingsData } from '../../../shared/schemas/site-settings';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

type Row = typeof siteSettings.$inferSelect;

export function siteSettingsRepo(db: Db, config: Pick<Config, 'siteName' | 'siteUrl'>, now: () => Date) {
  const toSettings = (row: Row | undefined): SiteSettings => ({
    name: row?.name ?? config.siteName,
    tagline: row?.tagline ?? '',
    logo: row?.logo ?? null,
    footerText: row?.footerText ?? '',
    shareImage: row?.shareImage ?? null,
    siteUrl: config.siteUrl,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  });
  const read = async (tx: Db = db) => (await tx.select().from(siteSettings).orderBy(asc(siteSettings.id)).limit(1))[0];

  return {
    async get(): Promise<SiteSettings> {
      return toSettings(await read());
    },

    async put(data: SiteSettingsData): Promise<SiteSettings> {
      return db.transaction(async (tx) => {
        const existing = await read(tx as unknown as Db);
        const values = { ...data, updatedAt: now() };
        const [row] = existing
          ? await tx.update(siteSettings).set(values).where(eq(siteSettings.id, existing.id)).returning()
          : await tx.insert(siteSettings).values(values).returning();
        return toSettings(row);
      });
    },

    /** At start-up: the first run writes the configured name; later runs leave the row alone. */
    async ensure(): Promise<boolean> {
      if (await read()) return false;
      await db.insert(siteSettings).values({ name: config.siteName });
      return true;
    },
  };
}
export type SiteSettingsRepo = ReturnType<typeof siteSettingsRepo>;
