// The one row of site settings. Until it is first written (at start-up, from SITE_NAME) reads
// answer the configured defaults, so a database that predates the table still has a name.
import { asc, eq } from 'drizzle-orm';
import type { SiteSettings, SiteSettingsData } from '../../../shared/schemas/site-settings';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { siteLocales, siteSettings } from '../../db/schema';
import { knownLocale, type SiteLocale } from '../../../shared/locales';

type Row = typeof siteSettings.$inferSelect;

export function siteSettingsRepo(db: Db, config: Pick<Config, 'siteName' | 'siteUrl'>, now: () => Date) {
  /** The site's languages: the default first, then the others in staff's order. Unknown tags are skipped. */
  const localesOf = async (row: Row | undefined, tx: Db = db): Promise<SiteLocale[]> => {
    const defaultCode = row?.defaultLocale ?? 'en';
    const others = await tx.select().from(siteLocales).orderBy(asc(siteLocales.position), asc(siteLocales.code));
    return [defaultCode, ...others.map((o) => o.code).filter((code) => code !== defaultCode)].flatMap((code) => {
      const known = knownLocale(code);
      return known ? [{ code: known.code, name: known.name, isDefault: code === defaultCode, dir: known.dir }] : [];
    });
  };
  const toSettings = (row: Row | undefined, locales: SiteLocale[]): SiteSettings => ({
    name: row?.name ?? config.siteName,
    tagline: row?.tagline ?? '',
    logo: row?.logo ?? null,
    footerText: row?.footerText ?? '',
    shareImage: row?.shareImage ?? null,
    siteUrl: config.siteUrl,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    locales,
  });
  const read = async (tx: Db = db) => (await tx.select().from(siteSettings).orderBy(asc(siteSettings.id)).limit(1))[0];

  return {
    async get(): Promise<SiteSettings> {
      const row = await read();
      return toSettings(row, await localesOf(row));
    },

    /** The site's languages (issue 24), the default first. */
    async locales(): Promise<SiteLocale[]> {
      return localesOf(await read());
    },

    /** Sets the default language and the others, in order (ensure() has made the row). */
    async putLocales({ defaultLocale, locales }: { defaultLocale: string; locales: string[] }): Promise<SiteLocale[]> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const existing = await read(t);
        if (existing) {
          await tx
            .update(siteSettings)
            .set({ defaultLocale, updatedAt: now() })
            .where(eq(siteSettings.id, existing.id));
        } else {
          await tx.insert(siteSettings).values({ name: config.siteName, defaultLocale });
        }
        await tx.delete(siteLocales);
        if (locales.length)
          await tx.insert(siteLocales).values(locales.map((code, position) => ({ code, position, createdAt: now() })));
        return localesOf(await read(t), t);
      });
    },

    async put(data: SiteSettingsData): Promise<SiteSettings> {
      return db.transaction(async (tx) => {
        const existing = await read(tx as unknown as Db);
        const values = { ...data, updatedAt: now() };
        const [row] = existing
          ? await tx.update(siteSettings).set(values).where(eq(siteSettings.id, existing.id)).returning()
          : await tx.insert(siteSettings).values(values).returning();
        return toSettings(row, await localesOf(row, tx as unknown as Db));
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
