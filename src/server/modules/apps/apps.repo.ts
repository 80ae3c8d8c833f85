import { and, asc, count, eq } from 'drizzle-orm';
import type { App, AppData, BlogCounts } from '../../../shared/schemas/apps';
import type { Db } from '../../db/client';
import { apps, blogPosts } from '../../db/schema';
import { iso } from '../../lib/rows';

type AppRow = typeof apps.$inferSelect;

function toApp(row: AppRow): App {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

export function appsRepo(db: Db) {
  return {
    async list(): Promise<App[]> {
      const rows = await db.select().from(apps).orderBy(asc(apps.id));
      return rows.map(toApp);
    },

    async get(id: number): Promise<App | undefined> {
      const [row] = await db.select().from(apps).where(eq(apps.id, id));
      return row && toApp(row);
    },

    async create(data: AppData): Promise<App> {
      const [row] = await db.insert(apps).values(data).returning();
      return toApp(row!);
    },

    async update(id: number, data: AppData): Promise<App | undefined> {
      const [row] = await db
        .update(apps)
        .set({ ...data, updatedAt: new Date() })
        .where(eq(apps.id, id))
        .returning();
      return row && toApp(row);
    },

    /** Deletes the app; its posts go with it (ON DELETE CASCADE). */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(apps).where(eq(apps.id, id)).returning({ id: apps.id });
      return rows.length > 0;
    },

    /** Published posts per app. */
    async blogCounts(): Promise<BlogCounts> {
      const rows = await db
        .select({ appId: blogPosts.appId, n: count() })
        .from(blogPosts)
        .where(and(eq(blogPosts.isPublished, true)))
        .groupBy(blogPosts.appId);
      return Object.fromEntries(rows.map((r) => [String(r.appId), Number(r.n)]));
    },
  };
}
export type AppsRepo = ReturnType<typeof appsRepo>;
