// The outbox of new-message notifications: jobs written with the message (same transaction), claimed
// by any instance when due, retried later on failure, deleted once sent, kept with failed_at on giving up.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationJobs, userMessages } from '../../db/schema';

export type Channel = 'email' | 'webhook';

export interface ClaimedJob {
  id: number;
  channel: Channel;
  attempts: number;
  message: typeof userMessages.$inferSelect;
}

export function notificationsRepo(db: Db) {
  return {
    /** Queues one job per channel for a message (call inside the message's transaction). */
    async enqueue(tx: Db, messageId: number, channels: Channel[], at: Date): Promise<void> {
      if (channels.length === 0) return;
      await tx.insert(notificationJobs).values(channels.map((channel) => ({ channel, messageId, runAt: at })));
    },

    /**
     * Takes the oldest due job, if any, and leases it until `leaseUntil` (another instance skips it
     * meanwhile; if this one dies, the job is due again when the lease ends). Counts the attempt.
     */
    async claim(now: Date, leaseUntil: Date): Promise<ClaimedJob | null> {
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: notificationJobs.id })
          .from(notificationJobs)
          .where(and(isNull(notificationJobs.failedAt), lte(notificationJobs.runAt, now)))
          .orderBy(asc(notificationJobs.runAt), asc(notificationJobs.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        const [job] = await tx
          .update(notificationJobs)
          .set({ runAt: leaseUntil, attempts: sql`${notificationJobs.attempts} + 1` })
          .where(eq(notificationJobs.id, due.id))
          .returning();
        if (job!.messageId === null) return null;
        const [message] = await tx.select().from(userMessages).where(eq(userMessages.id, job!.messageId));
        return message ? { id: job!.id, channel: job!.channel as Channel, attempts: job!.attempts, message } : null;
      });
    },

    async done(id: number): Promise<void> {
      await db.delete(notificationJobs).where(eq(notificationJobs.id, id));
    },

    async retryAt(id: number, at: Date, error: string): Promise<void> {
      await db.update(notificationJobs).set({ runAt: at, lastError: error }).where(eq(notificationJobs.id, id));
    },

    async giveUp(id: number, at: Date, error: string): Promise<void> {
      await db.update(notificationJobs).set({ failedAt: at, lastError: error }).where(eq(notificationJobs.id, id));
    },

    /** The next time a job falls due (to sleep until then), or null when none waits. */
    async nextDue(): Promise<Date | null> {
      const [row] = await db
        .select({ runAt: notificationJobs.runAt })
        .from(notificationJobs)
        .where(isNull(notificationJobs.failedAt))
        .orderBy(asc(notificationJobs.runAt))
        .limit(1);
      return row?.runAt ?? null;
    },
  };
}
export type NotificationsRepo = ReturnType<typeof notificationsRepo>;
