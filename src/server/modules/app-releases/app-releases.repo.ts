// An app's release notes (issue 26): one app_releases row per version (unique per app), newest day
// first. A save names the revision it was opened at; a save over a newer one is refused (409 with
// the row as it is now). Deleting the app deletes its releases (and their translations) by cascade.
// The row's search_config/search_vector columns are the database's (migration 0018): never written here.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { RELEASE_MESSAGES, type Release, type ReleaseData } from '../../../shared/schemas/app-releases';
import type { Db } from '../../db/client';
import { appReleases } from '../../db/schema';
import { invalid, notFound, staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';

type Row = typeof appReleases.$inferSelect;

const toRelease = (row: Row): Release => ({
  id: row.id,
  appId: row.appId,
  version: row.version,
  releasedOn: row.releasedOn,
  platforms: row.platforms,
  notes: row.notes,
  revision: row.revision,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** The unique (app, version) index refused the write: said on the version field. */
const isVersionTaken = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return [e, e?.cause].some((x) => x?.code === '23505');
};
const versionTaken = () => invalid(RELEASE_MESSAGES.taken, [{ path: 'version', message: RELEASE_MESSAGES.taken }]);

/** Newest first: by day, then by the order they were added. */
const NEWEST = [desc(appReleases.releasedOn), desc(appReleases.id)];

export function appReleasesRepo(db: Db, now: () => Date) {
  return {
    async list(appId: number): Promise<Release[]> {
      const rows = await db
        .select()
        .from(appReleases)
        .where(eq(appReleases.appId, appId))
        .orderBy(...NEWEST);
      return rows.map(toRelease);
    },

    /** Every release of these apps, newest first (the sitemap, the search). */
    async forApps(appIds: number[]): Promise<Release[]> {
      if (!appIds.length) return [];
      const rows = await db
        .select()
        .from(appReleases)
        .where(inArray(appReleases.appId, appIds))
        .orderBy(...NEWEST);
      return rows.map(toRelease);
    },

    async get(appId: number, releaseId: number): Promise<Release | undefined> {
      const [row] = await db
        .select()
        .from(appReleases)
        .where(and(eq(appReleases.appId, appId), eq(appReleases.id, releaseId)));
      return row && toRelease(row);
    },

    /** A release by its id alone (a translation's item). */
    async byId(releaseId: number): Promise<Release | undefined> {
      const [row] = await db.select().from(appReleases).where(eq(appReleases.id, releaseId));
      return row && toRelease(row);
    },

    async create(appId: number, data: ReleaseData): Promise<Release> {
      const at = now();
      try {
        const [row] = await db
          .insert(appReleases)
          .values({
            appId,
            version: data.version,
            releasedOn: data.releasedOn,
            platforms: data.platforms,
            notes: data.notes,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        return toRelease(row!);
      } catch (error) {
        if (isVersionTaken(error)) throw versionTaken();
        throw error;
      }
    },

    /** Saves over `revision` (when given); 409 with the saved row when someone saved since. */
    async update(appId: number, releaseId: number, data: ReleaseData): Promise<Release> {
      try {
        return await db.transaction(async (tx) => {
          const [existing] = await tx
            .select()
            .from(appReleases)
            .where(and(eq(appReleases.appId, appId), eq(appReleases.id, releaseId)))
            .for('update');
          if (!existing) throw notFound('Release');
          if (data.revision !== undefined && data.revision !== existing.revision)
            throw staleVersion(toRelease(existing));
          const [row] = await tx
            .update(appReleases)
            .set({
              version: data.version,
              releasedOn: data.releasedOn,
              platforms: data.platforms,
              notes: data.notes,
              revision: existing.revision + 1,
              updatedAt: now(),
            })
            .where(eq(appReleases.id, releaseId))
            .returning();
          return toRelease(row!);
        });
      } catch (error) {
        if (isVersionTaken(error)) throw versionTaken();
        throw error;
      }
    },

    async remove(appId: number, releaseId: number): Promise<Release | undefined> {
      const [row] = await db
        .delete(appReleases)
        .where(and(eq(appReleases.appId, appId), eq(appReleases.id, releaseId)))
        .returning();
      return row && toRelease(row);
    },
  };
}
export type AppReleasesRepo = ReturnType<typeof appReleasesRepo>;
