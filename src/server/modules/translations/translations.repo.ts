// Translations (issue 24): one row per item and language, published, scheduled and versioned on its
// own. Publishing, unpublishing or deleting one language's row never touches another's; deleting the
// item deletes them all (app_id / post_id cascade).
import { and, asc, eq, inArray, isNotNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Translation, TranslationStatus, TranslationType } from '../../../shared/schemas/translations';
import type { Db } from '../../db/client';
import { apps, blogPosts, translations } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { recordRevision } from '../revisions/revisions.repo';

type Row = typeof translations.$inferSelect;

/** The advisory lock under which a translated slug is chosen (one at a time, like lib/slugs.ts). */
const SLUG_LOCK = 24_001;
export const TRANSLATED_SLUG_TAKEN = 'Another post uses this address in this language';

export const statusOf = (row: Pick<Row, 'isPublished' | 'publishAt'>): TranslationStatus =>
  row.isPublished ? 'published' : row.publishAt ? 'scheduled' : 'draft';

export function toTranslation(row: Row, sourceHash: string): Translation {
  return {
    type: row.type as TranslationType,
    item: row.item,
    locale: row.locale,
    fields: (row.fields ?? {}) as Record<string, unknown>,
    slug: row.slug,
    status: statusOf(row),
    isPublished: row.isPublished,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    useDefault: row.useDefault,
    outdated: Boolean(row.sourceHash) && row.sourceHash !== sourceHash,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface TranslationWrite {
  fields: Record<string, unknown>;
  /** A post's wanted slug ('' or undefined: made from `slugBase`); null for items without one. */
  slug?: string | null;
  slugBase?: string;
  isPublished: boolean;
  publishAt?: string | null;
  useDefault: boolean;
  sourceHash: string;
  version?: number;
  appId?: number | null;
  postId?: number | null;
  releaseId?: number | null;
  /** Who saves it (its revision's author). */
  userId?: number | null;
  /** Why, when not what the save itself says (a restore). */
  reason?: 'restore';
}

/** What a translation's revision holds: its text and its state, as saved. */
export const revisionData = (row: Row): Record<string, unknown> => ({
  ...(row.fields as Record<string, unknown>),
  slug: row.slug,
  isPublished: row.isPublished,
  publishAt: row.publishAt?.toISOString() ?? null,
  useDefault: row.useDefault,
});

/** Why a save made its revision: what it changed of the language's state, or a plain save. */
function reasonOf(before: Row | undefined, after: Row): string {
  if (after.isPublished && !before?.isPublished) return 'publish';
  if (!after.isPublished && before?.isPublished) return 'unpublish';
  if (after.publishAt && after.publishAt.getTime() !== before?.publishAt?.getTime()) return 'schedule';
  return 'save';
}

/** Keeps a translation's revision, in the transaction of its save. */
const keepRevision = (tx: Db, row: Row, reason: string, userId: number | null, at: Date) =>
  recordRevision(tx, {
    kind: 'translation',
    itemId: row.postId ?? row.appId ?? 0,
    version: row.version,
    data: revisionData(row),
    userId,
    reason,
    at,
    translation: { type: row.type, item: row.item, locale: row.locale },
  });

export function translationsRepo(db: Db, now: () => Date) {
  const key = (type: string, item: string) => and(eq(translations.type, type), eq(translations.item, item));

  async function chooseSlug(
    tx: Db,
    type: string,
    locale: string,
    item: string,
    wanted: string | undefined,
    base: string,
  ) {
    await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK})`);
    const taken = async (slug: string) =>
      (
        await tx
          .select({ item: translations.item })
          .from(translations)
          .where(
            and(
              eq(translations.type, type),
              eq(translations.locale, locale),
              eq(translations.slug, slug),
              ne(translations.item, item),
            ),
          )
          .limit(1)
      ).length > 0;
    if (wanted) {
      if (await taken(wanted)) throw invalid(TRANSLATED_SLUG_TAKEN, [{ path: 'slug', message: TRANSLATED_SLUG_TAKEN }]);
      return wanted;
    }
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await taken(candidate))) return candidate;
    }
  }

  return {
    async get(type: string, item: string, locale: string): Promise<Row | undefined> {
      return (
        await db
          .select()
          .from(translations)
          .where(and(key(type, item), eq(translations.locale, locale)))
      )[0];
    },

    async forItem(type: string, item: string): Promise<Row[]> {
      return db.select().from(translations).where(key(type, item)).orderBy(asc(translations.locale));
    },

    /** The translations of an app's releases (issue 26), every language. */
    async releasesOfApp(appId: number): Promise<Row[]> {
      return db
        .select()
        .from(translations)
        .where(and(eq(translations.type, 'release'), eq(translations.appId, appId)));
    },

    /** Each item's rows in one language, for a list of items (public reads). */
    async forItems(type: string, items: string[], locale: string): Promise<Map<string, Row>> {
      if (!items.length) return new Map();
      const rows = await db
        .select()
        .from(translations)
        .where(and(eq(translations.type, type), eq(translations.locale, locale), inArray(translations.item, items)));
      return new Map(rows.map((r) => [r.item, r]));
    },

    /** Every language's rows of these items (a batch of the sitemap's posts). */
    async ofItems(type: string, items: string[]): Promise<Row[]> {
      if (!items.length) return [];
      return db
        .select()
        .from(translations)
        .where(and(eq(translations.type, type), inArray(translations.item, items)));
    },

    /**
     * The items of these kinds that are there in a language: published in it, or showing the default
     * language's text there by staff's choice (the links of a page in it: published-in.ts).
     */
    async openIn(locale: string, types: string[]): Promise<{ type: string; item: string; appId: number | null }[]> {
      return db
        .select({ type: translations.type, item: translations.item, appId: translations.appId })
        .from(translations)
        .where(
          and(
            eq(translations.locale, locale),
            inArray(translations.type, types),
            or(eq(translations.isPublished, true), eq(translations.useDefault, true)),
          ),
        );
    },

    /** A post's translation found by its slug in that language. */
    async bySlug(type: string, locale: string, slug: string): Promise<Row | undefined> {
      return (
        await db
          .select()
          .from(translations)
          .where(and(eq(translations.type, type), eq(translations.locale, locale), eq(translations.slug, slug)))
      )[0];
    },

    /** Every row of a kind (each item's status per language: the lists' completeness). */
    async ofType(type: string): Promise<Row[]> {
      return db.select().from(translations).where(eq(translations.type, type));
    },

    /**
     * Saves one language's translation: 'stale' when `version` is not the row's (someone saved since).
     * The first publication sets `publishedAt`; a draft with a future `publishAt` is scheduled.
     */
    async put(
      type: string,
      item: string,
      locale: string,
      data: TranslationWrite,
    ): Promise<{ row: Row } | { stale: Row }> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const [existing] = await t
          .select()
          .from(translations)
          .where(and(key(type, item), eq(translations.locale, locale)))
          .for('update');
        if (existing && data.version !== undefined && data.version !== existing.version) return { stale: existing };
        const at = now();
        const slug =
          data.slug === null || data.slugBase === undefined
            ? null
            : await chooseSlug(t, type, locale, item, data.slug || undefined, data.slugBase);
        const publishAt =
          data.publishAt === undefined
            ? (existing?.publishAt ?? null)
            : data.publishAt
              ? new Date(data.publishAt)
              : null;
        const values = {
          fields: data.fields,
          slug,
          isPublished: data.isPublished,
          publishAt: data.isPublished ? null : publishAt,
          publishedAt: data.isPublished ? (existing?.publishedAt ?? at) : (existing?.publishedAt ?? null),
          useDefault: data.useDefault,
          sourceHash: data.sourceHash,
          updatedAt: at,
        };
        const [row] = existing
          ? await t
              .update(translations)
              .set({ ...values, version: existing.version + 1 })
              .where(and(key(type, item), eq(translations.locale, locale)))
              .returning()
          : await t
              .insert(translations)
              .values({
                type,
                item,
                locale,
                appId: data.appId ?? null,
                postId: data.postId ?? null,
                releaseId: data.releaseId ?? null,
                ...values,
                createdAt: at,
              })
              .returning();
        await keepRevision(t, row!, data.reason ?? reasonOf(existing, row!), data.userId ?? null, at);
        return { row: row! };
      });
    },

    async remove(type: string, item: string, locale: string): Promise<Row | undefined> {
      const [row] = await db
        .delete(translations)
        .where(and(key(type, item), eq(translations.locale, locale)))
        .returning();
      return row;
    },

    /** Every translation of items that have no row of their own to cascade from (pages). */
    async removeItem(type: string, item: string): Promise<number> {
      return (await db.delete(translations).where(key(type, item)).returning()).length;
    },

    /** Publishes the scheduled translations whose time has come (the post scheduler's tick). */
    async publishDue(): Promise<Row[]> {
      const at = now();
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const published = await t
          .update(translations)
          .set({
            isPublished: true,
            publishedAt: sql`coalesce(${translations.publishedAt}, ${translations.publishAt})`,
            publishAt: null,
            // A new version, as a post's scheduled publication makes: an editor open on the draft is told.
            version: sql`${translations.version} + 1`,
            updatedAt: at,
          })
          .where(
            and(
              eq(translations.isPublished, false),
              isNotNull(translations.publishAt),
              lte(translations.publishAt, at),
            ),
          )
          .returning();
        for (const row of published) await keepRevision(t, row, 'scheduled publish', null, at);
        return published;
      });
    },

    /** Published translations of posts that are not published, or of apps that are hidden (the admin's check). */
    async publishedOfHidden(): Promise<Row[]> {
      return db
        .select()
        .from(translations)
        .where(
          and(
            eq(translations.isPublished, true),
            sql`(exists (select 1 from ${blogPosts} p where p.id = ${translations.postId} and not p.is_published)
              or exists (select 1 from ${apps} a where a.id = ${translations.appId} and a.is_hidden and ${translations.type} = 'app'))`,
          ),
        );
    },

    /** Translations into languages the site no longer has (kept, not shown). */
    async inLocalesOtherThan(codes: string[]): Promise<Row[]> {
      return db
        .select()
        .from(translations)
        .where(notInArray(translations.locale, codes.length ? codes : ['']));
    },

    async nextScheduled(): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: translations.publishAt })
        .from(translations)
        .where(and(eq(translations.isPublished, false), isNotNull(translations.publishAt)))
        .orderBy(asc(translations.publishAt))
        .limit(1);
      return row?.at ?? undefined;
    },
  };
}
export type TranslationsRepo = ReturnType<typeof translationsRepo>;
