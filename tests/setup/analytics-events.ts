// Raw analytics events written straight into analytics_events (issue 27), for the tests of what adds
// them up and reads them: each names only what it is about, the rest is a desktop page view.
import { analyticsEvents } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';

export type TestEvent = Partial<typeof analyticsEvents.$inferInsert> & { day: string };

/** Writes the events (noon UTC of their day unless `at` is given); a page view of / by visitor 'v1' by default. */
export async function insertEvents(db: Db, events: TestEvent[]): Promise<void> {
  if (!events.length) return;
  await db.insert(analyticsEvents).values(
    events.map((e) => ({
      name: 'pageview',
      visitor: 'v1',
      path: '/',
      at: new Date(`${e.day}T12:00:00Z`),
      ...e,
    })),
  );
}

/** The UTC day `n` days from the clock's day (negative: before). */
export const dayFrom = (now: Date, n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
