// The browsers each user has signed in from (issue 23): a long-lived random cookie per browser,
// kept here only as its SHA-256, so that a sign-in from a browser never seen before can be told.
import { createHash } from 'node:crypto';
import { and, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices } from '../../db/schema';

/** How long a browser stays known without a sign-in (and how long its cookie lives). */
export const KNOWN_DEVICE_MS = 400 * 24 * 60 * 60_000;

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function knownDevicesRepo(db: Db, now: () => Date) {
  return {
    /**
     * Records a sign-in of the user from the browser with this cookie: 'known' when it had signed
     * in before, 'new' when not but the user has other known browsers, 'first' when the user has none.
     */
    async see(userId: number, tokenHash: string, userAgent: string): Promise<'known' | 'new' | 'first'> {
      const at = now();
      const seen = await db
        .update(knownDevices)
        .set({ lastSeenAt: at, userAgent })
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, tokenHash)))
        .returning({ userId: knownDevices.userId });
      if (seen.length) return 'known';
      // Browsers unseen for longer than their cookie lives are forgotten.
      await db
        .delete(knownDevices)
        .where(
          and(eq(knownDevices.userId, userId), lt(knownDevices.lastSeenAt, new Date(at.getTime() - KNOWN_DEVICE_MS))),
        );
      const [row] = await db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
      await db
        .insert(knownDevices)
        .values({ userId, tokenHash, userAgent, createdAt: at, lastSeenAt: at })
        .onConflictDoNothing();
      return (row?.n ?? 0) > 0 ? 'new' : 'first';
    },
  };
}
