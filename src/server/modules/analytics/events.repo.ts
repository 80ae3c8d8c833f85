// Counting (issue 27): the daily salts of visitor hashes, and the raw events written in batches.
// Reading them back (the rollup, the reports) is another file's.
import { eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents, analyticsSalts, apps } from '../../db/schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export function analyticsEventsRepo(db: Db) {
  return {
    /**
     * The salt of a UTC day ('2026-11-27'), made by the first instance that needs it: a random salt
     * is offered and the one stored wins, so every instance hashes a visitor alike.
     */
    async salt(day: string, offered: string): Promise<string> {
      await db.insert(analyticsSalts).values({ day, salt: offered }).onConflictDoNothing();
      const [row] = await db
        .select({ salt: analyticsSalts.salt })
        .from(analyticsSalts)
        .where(eq(analyticsSalts.day, day));
      return row!.salt;
    },

    /** Removes the salts of days before `day`; how many. */
    async removeSaltsBefore(day: string): Promise<number> {
      const removed = await db
        .delete(analyticsSalts)
        .where(lt(analyticsSalts.day, day))
        .returning({ day: analyticsSalts.day });
      return removed.length;
    },

    /** Which of these app ids name an app (deleted or unknown ones are not counted as an app's). */
    async existingApps(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: apps.id }).from(apps).where(inArray(apps.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** One multi-row insert. */
    async insert(rows: NewAnalyticsEvent[]): Promise<void> {
      if (rows.length) await db.insert(analyticsEvents).values(rows);
    },
  };
}

export type AnalyticsEventsRepo = ReturnType<typeof analyticsEventsRepo>;
