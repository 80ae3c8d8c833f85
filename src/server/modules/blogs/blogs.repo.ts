import { and, asc, count, eq, gt, ilike, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { likePattern } from '../../../shared/schemas/paging';
import {
  FUTURE_PUBLISH_DATE,
  PAST_SCHEDULE,
  SLUG_TAKEN,
  type AdminBlogPost,
  type BlogPost,
  type BlogPostData,
  type PublicBlogPost,
  scopeOf,
  STUDIO_NAME,
} from '../../../shared/schemas/blog-posts';
import { slugify } from '../../../shared/slug';
import type { Db } from '../../db/client';
import {
  fromKey,
  newestOrder,
  pageByKey,
  pageStartQuery,
  type NewestFirst,
  type PageStart,
} from '../../db/newest-first';
import { apps, blogPosts, translations } from '../../db/schema';
import { invalid, staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';
import { chooseSlug, type SlugColumns } from '../../lib/slugs';
import { sanitizeRequired } from '../../lib/sanitize';
import { dropDraft, dropItemDrafts } from '../drafts/drafts.repo';
import { dropRevisions, recordRevision } from '../revisions/revisions.repo';

type PostRow = typeof blogPosts.$inferSelect;

export function toPost(row: PostRow): BlogPost {
  return {
    ...row,
    // A studio post (issue 26) has no app; the database keeps scope and appId in agreement.
    scope: scopeOf(row.appId),
    publishedAt: iso(row.publishedAt),
    publishAt: iso(row.publishAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The fields a revision of a post keeps: what the form edits, and its state. */
export function postRevisionData(row: PostRow): Record<string, unknown> {
  return {
    appId: row.appId,
    scope: scopeOf(row.appId),
    title: row.title,
    content: row.content,
    images: row.images,
    slug: row.slug,
    excerpt: row.excerpt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    shareImage: row.shareImage,
    isPublished: row.isPublished,
    publishedAt: iso(row.publishedAt),
    publishAt: iso(row.publishAt),
  };
}

/** The key posts are listed by, newest first (the leading column of blog_posts_newest_idx). */
const newestKey = sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`;
/** Posts newest first: by publication when published, else by creation (blog_posts_newest_idx). */
const POST_LIST: NewestFirst = { table: blogPosts, at: newestKey, id: blogPosts.id };
const newestFirst = newestOrder(POST_LIST);
/**
 * Visitors see published posts of apps that are not hidden, and published studio posts (issue 26;
 * read with a left join to apps, as a studio post has none).
 */
const publicPost = and(eq(blogPosts.isPublished, true), or(isNull(blogPosts.appId), eq(apps.isHidden, false)));

/** Who makes a change, for its revision and to drop their autosaved draft. */
export interface Editor {
  userId: number | null;
}

/**
 * Posts choose their slugs one at a time (a transaction-scoped advisory lock, any fixed number unique
 * to the app): two posts with one title saved at once would otherwise both take it, and one fail.
 */
const POST_SLUGS: SlugColumns = {
  table: blogPosts,
  id: blogPosts.id,
  slug: blogPosts.slug,
  lockKey: 720_041_212,
  takenMessage: SLUG_TAKEN,
};

/** A slight allowance for a publish date typed as "now" on a clock a little ahead of the server's. */
const CLOCK_SKEW_MS = 60_000;

/** A page of the blog index: how many, from which position, of one app or all, in a language. */
export interface PublishedPageQuery {
  limit: number;
  offset: number;
  appId?: number;
  locale?: string;
}

/**
 * The blog index's queries (exported for the test that reads their plans): `start`, the key of
 * the page's first post, read from the index alone (no join: the hidden apps are named), `rows`,
 * the page from that key, and `count`.
 */
export function publishedPageQueries(db: Db, { limit, offset, appId, locale }: PublishedPageQuery, hidden: number[]) {
  // In another language (issue 24): only posts shown in it (published there, or its default text by choice).
  const inLocale =
    locale &&
    sql`exists (select 1 from ${translations} t where t.type = 'post' and t.item = ${blogPosts.id}::text and t.locale = ${locale} and (t.is_published or t.use_default))`;
  const listed = and(
    eq(blogPosts.isPublished, true),
    appId === undefined ? undefined : eq(blogPosts.appId, appId),
    hidden.length ? or(isNull(blogPosts.appId), notInArray(blogPosts.appId, hidden)) : undefined,
    inLocale || undefined,
  );
  const start = offset > 0 ? pageStartQuery(db, POST_LIST, listed, offset) : undefined;
  const rows = (from?: PageStart) =>
    db
      .select({ post: blogPosts, appTitle: apps.title })
      .from(blogPosts)
      .leftJoin(apps, eq(apps.id, blogPosts.appId))
      .where(and(listed, from ? fromKey(POST_LIST, from) : undefined))
      .orderBy(...newestFirst)
      .limit(limit);
  const count_ = db.select({ n: count() }).from(blogPosts).where(listed);
  return { start, rows, count: count_ };
}

export function blogsRepo(db: Db, now: () => Date) {
  /** A slug no other post has: the wanted one (refused when taken) or one made from the title. */
  const freeSlug = (tx: Db, wanted: string | undefined, title: string, selfId?: number) =>
    chooseSlug(tx, POST_SLUGS, { wanted, base: slugify(title), selfId });

  /** The publish date, or the schedule, that `publishAt` asks for; refused when it is on the wrong side of now. */
  function timing(publishAt: string | null | undefined, published: boolean, at: Date) {
    if (!publishAt) return undefined;
    const when = new Date(publishAt);
    if (published && when.getTime() > at.getTime() + CLOCK_SKEW_MS) {
      throw invalid(FUTURE_PUBLISH_DATE, [{ path: 'publishAt', message: FUTURE_PUBLISH_DATE }]);
    }
    if (!published && when.getTime() <= at.getTime()) {
      throw invalid(PAST_SCHEDULE, [{ path: 'publishAt', message: PAST_SCHEDULE }]);
    }
    return when;
  }

  /** Writes a post's revision and drops its editor's autosaved draft, in the save's transaction. */
  async function saved(tx: Db, row: PostRow, editor: Editor, reason: string, draftKey: string) {
    await recordRevision(tx, {
      kind: 'post',
      itemId: row.id,
      version: row.version,
      data: postRevisionData(row),
      userId: editor.userId,
      reason,
      at: row.updatedAt,
    });
    if (editor.userId !== null) await dropDraft(tx, { kind: 'post', itemKey: draftKey, userId: editor.userId });
  }

  /** Locks a post for a change; undefined when there is none. */
  async function lock(tx: Db, id: number): Promise<PostRow | undefined> {
    const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    return row;
  }

  return {
    async listByApp(appId: number, includeDrafts: boolean): Promise<BlogPost[]> {
      const where = includeDrafts
        ? eq(blogPosts.appId, appId)
        : and(eq(blogPosts.appId, appId), eq(blogPosts.isPublished, true));
      const rows = await db
        .select()
        .from(blogPosts)
        .where(where)
        .orderBy(...newestFirst);
      return rows.map(toPost);
    },

    /**
     * The newest `limit` published posts visitors may see, of one app or all, in a language (the
     * feeds, issue 28): read by key from the newest, never the whole list.
     */
    async latestPublished(limit: number, options: { appId?: number; locale?: string } = {}): Promise<BlogPost[]> {
      const hidden = (await db.select({ id: apps.id }).from(apps).where(eq(apps.isHidden, true))).map((a) => a.id);
      const rows = await publishedPageQueries(db, { limit, offset: 0, ...options }, hidden).rows();
      return rows.map((r) => toPost(r.post));
    },

    /** Every published post of the apps visitors may see (hidden apps' posts are not public). */
    async listPublished(): Promise<BlogPost[]> {
      const rows = await db
        .select({ post: blogPosts })
        .from(blogPosts)
        .leftJoin(apps, eq(apps.id, blogPosts.appId))
        .where(publicPost)
        .orderBy(...newestFirst);
      return rows.map((r) => toPost(r.post));
    },

    /**
     * The sitemap's post parts (issue 28): the published posts visitors may see, counted and dated by
     * id range of `size` ids (range n holds ids (n-1)*size+1 to n*size), only ranges that hold any.
     */
    async publishedIdRanges(size: number): Promise<{ part: number; count: number; updatedAt: string }[]> {
      // A whole number of ours, written into the SQL: the same expression is selected and grouped by.
      const part = sql<number>`((${blogPosts.id} - 1) / ${sql.raw(String(Math.max(1, Math.floor(size))))})::int + 1`;
      const rows = await db
        .select({
          part,
          count: count(),
          updatedAt: sql<Date>`max(${blogPosts.updatedAt})`.mapWith(blogPosts.updatedAt),
        })
        .from(blogPosts)
        .leftJoin(apps, eq(apps.id, blogPosts.appId))
        .where(publicPost)
        .groupBy(part)
        .orderBy(part);
      return rows.map((r) => ({ part: Number(r.part), count: Number(r.count), updatedAt: iso(r.updatedAt) }));
    },

    /** The newest change of the published posts visitors may see, per app (null: studio posts), for the sitemap. */
    async publishedUpdatedByApp(): Promise<Map<number | null, string>> {
      const rows = await db
        .select({
          appId: blogPosts.appId,
          updatedAt: sql<Date>`max(${blogPosts.updatedAt})`.mapWith(blogPosts.updatedAt),
        })
        .from(blogPosts)
        .leftJoin(apps, eq(apps.id, blogPosts.appId))
        .where(publicPost)
        .groupBy(blogPosts.appId);
      return new Map(rows.map((r) => [r.appId, iso(r.updatedAt)]));
    },

    /**
     * Published posts visitors may see with ids after `afterId` up to `lastId`, by id, at most
     * `limit` (keyset: the next batch starts after the last id of this one; nothing is skipped).
     */
    async publishedByIdAfter(afterId: number, lastId: number, limit: number): Promise<BlogPost[]> {
      const rows = await db
        .select({ post: blogPosts })
        .from(blogPosts)
        .leftJoin(apps, eq(apps.id, blogPosts.appId))
        .where(and(publicPost, gt(blogPosts.id, afterId), lte(blogPosts.id, lastId)))
        .orderBy(asc(blogPosts.id))
        .limit(limit);
      return rows.map((r) => toPost(r.post));
    },

    /**
     * One page of the blog index: published posts, newest first, of one app or all, and how many in
     * all. Found by key (issue 28, decision 128): where the page starts is read from the index alone
     * (an index-only scan of the skipped entries: no skipped post is read), then the page's posts
     * from that key on; the count is index-only too.
     */
    async publishedPage(query: PublishedPageQuery) {
      const hidden = (await db.select({ id: apps.id }).from(apps).where(eq(apps.isHidden, true))).map((a) => a.id);
      const queries = publishedPageQueries(db, query, hidden);
      const [start, [total]] = await Promise.all([queries.start?.then((r) => r[0]), queries.count]);
      const rows = query.offset > 0 && !start ? [] : await queries.rows(start);
      return {
        items: rows.map((r): PublicBlogPost => ({ ...toPost(r.post), appTitle: r.appTitle ?? STUDIO_NAME })),
        total: Number(total?.n ?? 0),
      };
    },

    async listAll(): Promise<AdminBlogPost[]> {
      const rows = await db
        .select({ post: blogPosts, appTitle: apps.title })
        .from(blogPosts)
        .leftJoin(apps, eq(apps.id, blogPosts.appId))
        .orderBy(...newestFirst);
      return rows.map((r) => ({ ...toPost(r.post), appTitle: r.post.appId === null ? STUDIO_NAME : r.appTitle }));
    },

    /**
     * One page of every post (newest first) whose title or app title holds `q` (any case, as the
     * admin's search box), and how many match in all.
     */
    async page({ limit, offset, q }: { limit: number; offset: number; q: string }) {
      // A studio post's "app title" is "The studio" (as the list shows it), so a search for it finds them.
      const where = q
        ? or(
            ilike(blogPosts.title, likePattern(q)),
            ilike(apps.title, likePattern(q)),
            STUDIO_NAME.toLowerCase().includes(q.toLowerCase()) ? isNull(blogPosts.appId) : undefined,
          )
        : undefined;
      // A search joins the apps table (the key's start is read with it); the whole list reads the index only.
      const [rows, [total]] = await Promise.all([
        q
          ? db
              .select({ post: blogPosts, appTitle: apps.title })
              .from(blogPosts)
              .leftJoin(apps, eq(apps.id, blogPosts.appId))
              .where(where)
              .orderBy(...newestFirst)
              .limit(limit)
              .offset(offset)
          : pageByKey(db, POST_LIST, undefined, offset, (found) =>
              db
                .select({ post: blogPosts, appTitle: apps.title })
                .from(blogPosts)
                .leftJoin(apps, eq(apps.id, blogPosts.appId))
                .where(found)
                .orderBy(...newestFirst)
                .limit(limit),
            ),
        db.select({ n: count() }).from(blogPosts).leftJoin(apps, eq(apps.id, blogPosts.appId)).where(where),
      ]);
      return {
        items: rows.map((r): AdminBlogPost => ({
          ...toPost(r.post),
          appTitle: r.post.appId === null ? STUDIO_NAME : r.appTitle,
        })),
        total: Number(total?.n ?? 0),
      };
    },

    async get(id: number): Promise<BlogPost | undefined> {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      return row && toPost(row);
    },

    async create(data: BlogPostData, editor: Editor = { userId: null }): Promise<BlogPost> {
      const at = now();
      const content = sanitizeRequired(data.content, 1, 'Content is required');
      const when = timing(data.publishAt, data.isPublished, at);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(blogPosts)
          .values({
            appId: data.appId,
            scope: scopeOf(data.appId),
            title: data.title,
            content,
            images: data.images,
            isPublished: data.isPublished,
            publishedAt: data.isPublished ? (when ?? at) : null,
            publishAt: data.isPublished ? null : (when ?? null),
            slug: await freeSlug(tx, data.slug, data.title),
            excerpt: data.excerpt ?? '',
            seoTitle: data.seoTitle ?? '',
            seoDescription: data.seoDescription ?? '',
            shareImage: data.shareImage || null,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await saved(tx, row!, editor, data.isPublished ? 'publish' : when ? 'schedule' : 'save', 'new');
        return toPost(row!);
      });
    },

    /**
     * Updates a post. A post, once published, stays published (only unpublish returns it to draft);
     * fields the request leaves out keep their values. A `version` older than the post's is refused.
     */
    async update(
      id: number,
      data: BlogPostData,
      editor: Editor = { userId: null },
      reason?: string,
    ): Promise<BlogPost | undefined> {
      const at = now();
      const content = sanitizeRequired(data.content, 1, 'Content is required');
      return db.transaction(async (tx) => {
        const current = await lock(tx, id);
        if (!current) return undefined;
        if (data.version !== undefined && data.version !== current.version) throw staleVersion(toPost(current));
        const published = current.isPublished || data.isPublished;
        // An unchanged schedule stays as it is, even if its time has just passed (the scheduler publishes
        // it); a scheduled post published by this save goes live now, or at its time if that has passed.
        const unchanged = data.publishAt && current.publishAt?.getTime() === new Date(data.publishAt).getTime();
        const when = unchanged
          ? published && current.publishAt!.getTime() > at.getTime()
            ? undefined
            : current.publishAt!
          : timing(data.publishAt, published, at);
        const [row] = await tx
          .update(blogPosts)
          .set({
            appId: data.appId,
            scope: scopeOf(data.appId),
            title: data.title,
            content,
            images: data.images,
            isPublished: published,
            publishedAt: published ? (when ?? current.publishedAt ?? at) : null,
            publishAt: published ? null : data.publishAt === undefined ? current.publishAt : (when ?? null),
            slug: data.slug === undefined ? current.slug : await freeSlug(tx, data.slug || undefined, data.title, id),
            excerpt: data.excerpt ?? current.excerpt,
            seoTitle: data.seoTitle ?? current.seoTitle,
            seoDescription: data.seoDescription ?? current.seoDescription,
            shareImage: data.shareImage === undefined ? current.shareImage : data.shareImage || null,
            version: current.version + 1,
            updatedAt: at,
          })
          .where(eq(blogPosts.id, id))
          .returning();
        const why =
          reason ?? (published && !current.isPublished ? 'publish' : !published && when ? 'schedule' : 'save');
        await saved(tx, row!, editor, why, String(id));
        return toPost(row!);
      });
    },

    /** Publishes a draft now (a scheduled one too); a published post keeps its date. */
    async publish(id: number, editor: Editor = { userId: null }): Promise<BlogPost | undefined> {
      return this.setState(id, true, editor);
    },

    /** Returns a post to draft: gone from every public page, feed and sitemap, its schedule cleared. */
    async unpublish(id: number, editor: Editor = { userId: null }): Promise<BlogPost | undefined> {
      return this.setState(id, false, editor);
    },

    async setState(id: number, publish: boolean, editor: Editor): Promise<BlogPost | undefined> {
      const at = now();
      return db.transaction(async (tx) => {
        const current = await lock(tx, id);
        if (!current) return undefined;
        if (current.isPublished === publish && current.publishAt === null) return toPost(current);
        const [row] = await tx
          .update(blogPosts)
          .set({
            isPublished: publish,
            publishedAt: publish ? (current.publishedAt ?? at) : null,
            publishAt: null,
            version: current.version + 1,
            updatedAt: at,
          })
          .where(eq(blogPosts.id, id))
          .returning();
        await recordRevision(tx, {
          kind: 'post',
          itemId: id,
          version: row!.version,
          data: postRevisionData(row!),
          userId: editor.userId,
          reason: publish ? 'publish' : 'unpublish',
          at,
        });
        return toPost(row!);
      });
    },

    /**
     * Publishes every scheduled post whose time has come, dated at its scheduled time (also those
     * missed while the server was down). Safe on several instances: each post is published once.
     */
    async publishDue(): Promise<BlogPost[]> {
      const at = now();
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(blogPosts)
          .set({
            isPublished: true,
            publishedAt: sql`${blogPosts.publishAt}`,
            publishAt: null,
            version: sql`${blogPosts.version} + 1`,
            updatedAt: at,
          })
          .where(and(eq(blogPosts.isPublished, false), isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, at)))
          .returning();
        for (const row of rows) {
          await recordRevision(tx, {
            kind: 'post',
            itemId: row.id,
            version: row.version,
            data: postRevisionData(row),
            userId: null,
            reason: 'scheduled publish',
            at,
          });
        }
        return rows.map(toPost);
      });
    },

    /** When the next scheduled post is due, if any. */
    async nextScheduled(): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${blogPosts.publishAt})` })
        .from(blogPosts)
        .where(eq(blogPosts.isPublished, false));
      return row?.at ? new Date(row.at) : undefined;
    },

    async remove(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
        await dropRevisions(tx, 'post', [id]);
        await dropItemDrafts(tx, 'post', [String(id)]);
        return rows.length > 0;
      });
    },
  };
}
export type BlogsRepo = ReturnType<typeof blogsRepo>;
