import { dropItemDrafts } from '../drafts/drafts.repo';
import { dropRevisions } from '../revisions/revisions.repo';
import { and, asc, count, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { APP_MESSAGES, parseTrailer, type App, type AppData, type BlogCounts } from '../../../shared/schemas/apps';
import { appSlug } from '../../../shared/slug';
import { chooseSlug, type SlugColumns } from '../../lib/slugs';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Db } from '../../db/client';
import { apps, blogPosts, translations } from '../../db/schema';
import { invalid, staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';

type AppRow = typeof apps.$inferSelect;

/** The app as the API answers it; a visitor's read (`staff` false) never shows when it goes Live. */
function toApp(row: AppRow, staff = true): App {
  return {
    ...row,
    goesLiveAt: staff && row.goesLiveAt ? iso(row.goesLiveAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Who is reading: visitors never see hidden apps (nor, elsewhere, their posts); staff see all. */
export interface Audience {
  includeHidden?: boolean;
}

const byPosition = [asc(apps.position), asc(apps.id)];

const APP_SLUGS: SlugColumns = {
  table: apps,
  id: apps.id,
  slug: apps.slug,
  lockKey: 720_041_213,
  takenMessage: APP_MESSAGES.slugTaken,
};

/**
 * The columns an app's input writes: the trailer link becomes provider and id, the long
 * description is sanitised, a free app (no amount) keeps no currency, a Live app has no time to go
 * live (and a new one must be in the future); fields left out (undefined) are not written.
 */
function columnsOf(data: AppData, at: Date) {
  const { slug: _slug, version: _version, trailer, longDescription, goesLiveAt, ...fields } = data;
  const video = trailer === undefined ? undefined : trailer ? parseTrailer(trailer) : null;
  if (goesLiveAt && new Date(goesLiveAt).getTime() <= at.getTime()) {
    throw invalid(APP_MESSAGES.goesLiveAtPast, [{ path: 'goesLiveAt', message: APP_MESSAGES.goesLiveAtPast }]);
  }
  return {
    ...fields,
    ...(fields.status === 'Live'
      ? { goesLiveAt: null }
      : goesLiveAt === undefined
        ? {}
        : { goesLiveAt: goesLiveAt ? new Date(goesLiveAt) : null }),
    ...(fields.priceAmount === null ? { priceCurrency: null } : {}),
    ...(longDescription === undefined
      ? {}
      : { longDescription: longDescription ? sanitizeRichText(longDescription) : '' }),
    ...(video === undefined ? {} : { trailerProvider: video?.provider ?? null, trailerId: video?.id ?? null }),
  };
}

export function appsRepo(db: Db, now: () => Date) {
  return {
    /** Apps in their order; hidden ones only when asked for. */
    async list({ includeHidden = false }: Audience = {}): Promise<App[]> {
      const rows = await db
        .select()
        .from(apps)
        .where(includeHidden ? undefined : eq(apps.isHidden, false))
        .orderBy(...byPosition);
      return rows.map((row) => toApp(row, includeHidden));
    },

    async get(id: number, { includeHidden = false }: Audience = {}): Promise<App | undefined> {
      const [row] = await db
        .select()
        .from(apps)
        .where(includeHidden ? eq(apps.id, id) : and(eq(apps.id, id), eq(apps.isHidden, false)));
      return row && toApp(row, includeHidden);
    },

    /** A new app goes last (apps created at the same moment may share a place: ties go by id). */
    async create(data: AppData): Promise<App> {
      const at = now();
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = await tx
          .insert(apps)
          .values({
            ...columnsOf(data, at),
            slug: await chooseSlug(tx, APP_SLUGS, { wanted: data.slug || undefined, base: appSlug(data.title) }),
            createdAt: at,
            updatedAt: at,
            position: sql`(select coalesce(max(${apps.position}), 0) + 1 from ${apps})`,
          })
          .returning();
        return toApp(row!);
      });
    },

    /**
     * Replaces the spec's fields; the issue-13 fields the request leaves out keep their values.
     * `version` (when given) must be the app's current one, else 409 with the app as it is now;
     * every update raises it.
     */
    async update(id: number, data: AppData, version?: number): Promise<App | undefined> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [current] = await tx.select().from(apps).where(eq(apps.id, id)).for('update');
        if (!current) return undefined;
        if (version !== undefined && version !== current.version) throw staleVersion(toApp(current));
        const slug =
          data.slug === undefined
            ? undefined
            : await chooseSlug(tx, APP_SLUGS, {
                wanted: data.slug || undefined,
                base: appSlug(data.title),
                selfId: id,
              });
        const [row] = await tx
          .update(apps)
          .set({ ...columnsOf(data, now()), ...(slug ? { slug } : {}), version: current.version + 1, updatedAt: now() })
          .where(eq(apps.id, id))
          .returning();
        return row && toApp(row);
      });
    },

    /**
     * Issue 26: makes Live every app whose time to go live has come (and clears the time); the
     * apps made Live. Apps Live already only lose the time.
     */
    async launchDue(): Promise<App[]> {
      const at = now();
      const due = and(isNotNull(apps.goesLiveAt), lte(apps.goesLiveAt, at));
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx
          .update(apps)
          .set({ goesLiveAt: null })
          .where(and(due, eq(apps.status, 'Live')));
        const rows = await tx
          .update(apps)
          .set({ status: 'Live', goesLiveAt: null, version: sql`${apps.version} + 1`, updatedAt: at })
          .where(due)
          .returning();
        return rows.map((row) => toApp(row));
      });
    },

    /** The next time an app goes live by itself, if any. */
    async nextLaunch(): Promise<Date | undefined> {
      const [row] = await db.select({ at: sql<Date | string | null>`min(${apps.goesLiveAt})` }).from(apps);
      return row?.at ? new Date(row.at) : undefined;
    },

    /** A visible app by its slug (staff: any app). */
    async getBySlug(slug: string, { includeHidden = false }: Audience = {}): Promise<App | undefined> {
      const [row] = await db
        .select()
        .from(apps)
        .where(includeHidden ? eq(apps.slug, slug) : and(eq(apps.slug, slug), eq(apps.isHidden, false)));
      return row && toApp(row, includeHidden);
    },

    /**
     * Puts the apps in the order of `ids`, which must name every app exactly once (checked inside
     * the transaction, under a lock, so an app created meanwhile makes it fail rather than vanish).
     * Returns false when the ids are not the current set.
     */
    async reorder(ids: number[]): Promise<App[] | false> {
      return db.transaction(async (tx) => {
        const current = await tx.select({ id: apps.id }).from(apps).for('update');
        const known = new Set(current.map((r) => r.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
          return false;
        }
        if (ids.length > 0) {
          const cases = sql.join(
            ids.map((id, i) => sql`when ${id}::integer then ${i + 1}::integer`),
            sql` `,
          );
          await tx
            .update(apps)
            .set({ position: sql`case ${apps.id} ${cases} end` })
            .where(inArray(apps.id, ids));
        }
        const rows = await tx
          .select()
          .from(apps)
          .orderBy(...byPosition);
        return rows.map((row) => toApp(row));
      });
    },

    /** Deletes the app; its posts go with it (ON DELETE CASCADE). */
    /** Deletes an app with its posts (by the foreign key) and their revisions. */
    async remove(id: number): Promise<boolean> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const posts = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.appId, id));
        const rows = await tx.delete(apps).where(eq(apps.id, id)).returning({ id: apps.id });
        await dropRevisions(
          tx,
          'post',
          posts.map((p) => p.id),
        );
        await dropItemDrafts(
          tx,
          'post',
          posts.map((p) => String(p.id)),
        );
        return rows.length > 0;
      });
    },

    /** Published posts per app (of apps visitors may see, unless asked for all). */
    async blogCounts({ includeHidden = false }: Audience = {}, locale?: string): Promise<BlogCounts> {
      // In another language (issue 24): the posts shown in it.
      const inLocale =
        locale &&
        sql`exists (select 1 from ${translations} t where t.type = 'post' and t.item = ${blogPosts.id}::text and t.locale = ${locale} and (t.is_published or t.use_default))`;
      const rows = await db
        .select({ appId: blogPosts.appId, n: count() })
        .from(blogPosts)
        .innerJoin(apps, eq(apps.id, blogPosts.appId))
        .where(
          and(
            eq(blogPosts.isPublished, true),
            includeHidden ? undefined : eq(apps.isHidden, false),
            inLocale || undefined,
          ),
        )
        .groupBy(blogPosts.appId);
      return Object.fromEntries(rows.map((r) => [String(r.appId), Number(r.n)]));
    },

    /** Ids of hidden apps (their posts are not public). */
    async hiddenIds(): Promise<Set<number>> {
      const rows = await db.select({ id: apps.id }).from(apps).where(eq(apps.isHidden, true));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type AppsRepo = ReturnType<typeof appsRepo>;
