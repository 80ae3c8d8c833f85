import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { likePattern } from '../../../shared/schemas/paging';
import type { AdminBlogPost, BlogPost, BlogPostData } from '../../../shared/schemas/blog-posts';
import type { Db } from '../../db/client';
import { apps, blogPosts } from '../../db/schema';
import { iso } from '../../lib/rows';
import { sanitizeRequired } from '../../lib/sanitize';

type PostRow = typeof blogPosts.$inferSelect;

function toPost(row: PostRow): BlogPost {
  return {
    ...row,
    publishedAt: iso(row.publishedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

// Newest first: by publication when published, else by creation.
const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id)];

export function blogsRepo(db: Db, now: () => Date = () => new Date()) {
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

    /** Every published post of the apps visitors may see (hidden apps' posts are not public). */
    async listPublished(): Promise<BlogPost[]> {
      const rows = await db
        .select({ post: blogPosts })
        .from(blogPosts)
        .innerJoin(apps, eq(apps.id, blogPosts.appId))
        .where(and(eq(blogPosts.isPublished, true), eq(apps.isHidden, false)))
        .orderBy(...newestFirst);
      return rows.map((r) => toPost(r.post));
    },

    async listAll(): Promise<AdminBlogPost[]> {
      const rows = await db
        .select({ post: blogPosts, appTitle: apps.title })
        .from(blogPosts)
        .leftJoin(apps, eq(apps.id, blogPosts.appId))
        .orderBy(...newestFirst);
      return rows.map((r) => ({ ...toPost(r.post), appTitle: r.appTitle }));
    },

    /**
     * One page of every post (newest first) whose title or app title holds `q` (any case, as the
     * admin's search box), and how many match in all.
     */
    async page({ limit, offset, q }: { limit: number; offset: number; q: string }) {
      const where = q
        ? or(ilike(blogPosts.title, likePattern(q)), ilike(apps.title, likePattern(q)))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ post: blogPosts, appTitle: apps.title })
          .from(blogPosts)
          .leftJoin(apps, eq(apps.id, blogPosts.appId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(blogPosts)
          .leftJoin(apps, eq(apps.id, blogPosts.appId))
          .where(where),
      ]);
      return {
        items: rows.map((r): AdminBlogPost => ({ ...toPost(r.post), appTitle: r.appTitle })),
        total: Number(total?.n ?? 0),
      };
    },

    async get(id: number): Promise<BlogPost | undefined> {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      return row && toPost(row);
    },

    async create(data: BlogPostData): Promise<BlogPost> {
      const [row] = await db
        .insert(blogPosts)
        .values({
          appId: data.appId,
          title: data.title,
          content: sanitizeRequired(data.content, 1, 'Content is required'),
          images: data.images,
          isPublished: data.isPublished,
          publishedAt: data.isPublished ? now() : null,
        })
        .returning();
      return toPost(row!);
    },

    /** Updates a post. A post, once published, stays published; publishedAt is set the first time. */
    async update(id: number, data: BlogPostData): Promise<BlogPost | undefined> {
      const [row] = await db
        .update(blogPosts)
        .set({
          appId: data.appId,
          title: data.title,
          content: sanitizeRequired(data.content, 1, 'Content is required'),
          images: data.images,
          isPublished: sql`${blogPosts.isPublished} or ${data.isPublished}`,
          publishedAt: data.isPublished
            ? sql`coalesce(${blogPosts.publishedAt}, ${now().toISOString()}::timestamptz)`
            : sql`${blogPosts.publishedAt}`,
          updatedAt: now(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      return row && toPost(row);
    },

    async publish(id: number): Promise<BlogPost | undefined> {
      const [row] = await db
        .update(blogPosts)
        .set({
          isPublished: true,
          publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${now().toISOString()}::timestamptz)`,
          updatedAt: now(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      return row && toPost(row);
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      return rows.length > 0;
    },
  };
}
export type BlogsRepo = ReturnType<typeof blogsRepo>;
