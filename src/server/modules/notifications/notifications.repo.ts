// The notification outbox: jobs written with what they tell of (same transaction), claimed by any
// instance when due, retried later on failure, deleted once sent, kept with failed_at on giving up.
// A job tells staff of a new message (email, webhook), or emails the visitor who asked for a
// deletion the link that confirms it (issue 14, 21) or that it was done or rejected (issue 21).
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  apps,
  contactInfo,
  deletionRequestEvents,
  deletionRequests,
  messageReplies,
  notificationJobs,
  subscribers,
  subscriptionConsents,
  subscriptions,
  userMessages,
} from '../../db/schema';

/** The channels of a new message's notifications. */
export type Channel = 'email' | 'webhook';
/** The job that emails a visitor the link that confirms their deletion request. */
export const DELETION_CONFIRMATION = 'deletion-confirmation';
/** The job that emails a visitor that their deletion request was done or rejected. */
export const DELETION_OUTCOME = 'deletion-outcome';

/** The job that emails a visitor staff's reply to their message (issue 26). */
export const MESSAGE_REPLY = 'message-reply';

/** The job that emails a sign-up its double opt-in link (issue 26). */
export const SUBSCRIPTION_CONFIRMATION = 'subscription-confirmation';

/** What a sign-up's confirmation email needs: the address, its language, and the list. */
export interface SubscriptionConfirmationJob {
  consentId: number;
  email: string;
  /** The subscriber's own token (its preference page's address). */
  token: string;
  locale: string | null;
  list: string;
  appId: number | null;
  appTitle: string | null;
}

type DeletionRow = typeof deletionRequests.$inferSelect & { appTitle: string; appSlug: string };

interface Claimed {
  id: number;
  attempts: number;
}

export type ClaimedJob =
  | (Claimed & { kind: 'message'; channel: Channel; message: typeof userMessages.$inferSelect })
  | (Claimed & { kind: typeof DELETION_CONFIRMATION; channel: typeof DELETION_CONFIRMATION; request: DeletionRow })
  | (Claimed & {
      kind: typeof SUBSCRIPTION_CONFIRMATION;
      channel: typeof SUBSCRIPTION_CONFIRMATION;
      signUp: SubscriptionConfirmationJob;
    })
  | (Claimed & {
      kind: typeof DELETION_OUTCOME;
      channel: typeof DELETION_OUTCOME;
      request: DeletionRow;
      event: typeof deletionRequestEvents.$inferSelect;
    })
  | (Claimed & {
      kind: typeof MESSAGE_REPLY;
      channel: typeof MESSAGE_REPLY;
      reply: typeof messageReplies.$inferSelect;
      message: typeof userMessages.$inferSelect;
      /** The studio's contact address (Contact Info), for Reply-To; null when there is none. */
      studioEmail: string | null;
    });

export function notificationsRepo(db: Db) {
  return {
    /** Queues the visitor's confirmation of a deletion request (call inside the request's transaction). */
    async enqueueDeletionConfirmation(tx: Db, deletionRequestId: number, at: Date): Promise<void> {
      await tx.insert(notificationJobs).values({ channel: DELETION_CONFIRMATION, deletionRequestId, runAt: at });
    },

    /** Queues the visitor's email that their request was done or rejected (inside the change's transaction). */
    async enqueueDeletionOutcome(tx: Db, deletionRequestId: number, eventId: number, at: Date): Promise<void> {
      await tx
        .insert(notificationJobs)
        .values({ channel: DELETION_OUTCOME, deletionRequestId, deletionEventId: eventId, runAt: at });
    },

    /**
     * Keeps the hash of a new confirmation link's secret for a request still unconfirmed (the one
     * before, if any, stops working). False when there is nothing to confirm any more.
     */
    async issueDeletionToken(deletionRequestId: number, hash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(deletionRequests)
        .set({ confirmTokenHash: hash, confirmExpiresAt: expiresAt })
        .where(and(eq(deletionRequests.id, deletionRequestId), isNull(deletionRequests.confirmedAt)))
        .returning({ id: deletionRequests.id });
      return rows.length > 0;
    },

    /** Issue 26: queues the email of a staff reply (call inside the reply's transaction). */
    async enqueueReply(tx: Db, replyId: number, at: Date): Promise<void> {
      await tx.insert(notificationJobs).values({ channel: MESSAGE_REPLY, replyId, runAt: at });
    },

    /** A reply's mail went: the reply is sent, and its message marked replied (issue 26). */
    async replySent(replyId: number, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const [reply] = await tx
          .update(messageReplies)
          .set({ status: 'sent', sentAt: at, lastError: null })
          .where(eq(messageReplies.id, replyId))
          .returning({ messageId: messageReplies.messageId });
        if (reply) await tx.update(userMessages).set({ repliedAt: at }).where(eq(userMessages.id, reply.messageId));
      });
    },

    /** A reply's attempt failed: why, kept on the reply (still queued while it is retried; failed once given up). */
    async replyFailed(replyId: number, error: string, gaveUp: boolean): Promise<void> {
      await db
        .update(messageReplies)
        .set({ lastError: error, ...(gaveUp ? { status: 'failed' } : {}) })
        .where(eq(messageReplies.id, replyId));
    },

    /** Queues a sign-up's double opt-in email (call inside the sign-up's transaction; issue 26). */
    async enqueueSubscriptionConfirmation(tx: Db, consentId: number, at: Date): Promise<void> {
      await tx.insert(notificationJobs).values({ channel: SUBSCRIPTION_CONFIRMATION, consentId, runAt: at });
    },

    /** Keeps the hash of a sign-up's confirmation link while it is unconfirmed. False when it needs none any more. */
    async issueSubscriptionToken(consentId: number, hash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptionConsents)
        .set({ tokenHash: hash, tokenExpiresAt: expiresAt })
        .where(and(eq(subscriptionConsents.id, consentId), isNull(subscriptionConsents.confirmedAt)))
        .returning({ id: subscriptionConsents.id });
      return rows.length > 0;
    },

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
        const claimed = { id: job!.id, attempts: job!.attempts };
        if (job!.replyId !== null) {
          // A staff reply (issue 26): gone with its message (the cascade removes the job too).
          const [row] = await tx
            .select({ reply: messageReplies, message: userMessages })
            .from(messageReplies)
            .innerJoin(userMessages, eq(userMessages.id, messageReplies.messageId))
            .where(eq(messageReplies.id, job!.replyId));
          if (!row) return null;
          const [contact] = await tx.select({ email: contactInfo.email }).from(contactInfo).limit(1);
          return {
            ...claimed,
            kind: MESSAGE_REPLY,
            channel: MESSAGE_REPLY,
            ...row,
            studioEmail: contact?.email || null,
          };
        }
        if (job!.consentId !== null) {
          const [row] = await tx
            .select({
              email: subscribers.email,
              token: subscribers.token,
              locale: subscribers.locale,
              list: subscriptions.list,
              appId: subscriptions.appId,
              appTitle: apps.title,
            })
            .from(subscriptionConsents)
            .innerJoin(subscriptions, eq(subscriptions.id, subscriptionConsents.subscriptionId))
            .innerJoin(subscribers, eq(subscribers.id, subscriptions.subscriberId))
            .leftJoin(apps, eq(apps.id, subscriptions.appId))
            .where(eq(subscriptionConsents.id, job!.consentId));
          // Its subscriber was removed: the cascade removes the job too.
          if (!row) return null;
          return {
            ...claimed,
            kind: SUBSCRIPTION_CONFIRMATION,
            channel: SUBSCRIPTION_CONFIRMATION,
            signUp: { consentId: job!.consentId, ...row },
          };
        }
        if (job!.deletionRequestId !== null) {
          const [row] = await tx
            .select({ request: deletionRequests, appTitle: apps.title, appSlug: apps.slug })
            .from(deletionRequests)
            .innerJoin(apps, eq(apps.id, deletionRequests.appId))
            .where(eq(deletionRequests.id, job!.deletionRequestId));
          // Its request is gone (the app was deleted): the cascade removes the job too.
          if (!row) return null;
          const request = { ...row.request, appTitle: row.appTitle, appSlug: row.appSlug };
          if (job!.channel === DELETION_OUTCOME) {
            const [event] = await tx
              .select()
              .from(deletionRequestEvents)
              .where(eq(deletionRequestEvents.id, job!.deletionEventId ?? 0));
            if (!event) return null;
            return { ...claimed, kind: DELETION_OUTCOME, channel: DELETION_OUTCOME, request, event };
          }
          return {
            ...claimed,
            kind: DELETION_CONFIRMATION,
            channel: DELETION_CONFIRMATION,
            request,
          };
        }
        if (job!.messageId === null) return null;
        const [message] = await tx.select().from(userMessages).where(eq(userMessages.id, job!.messageId));
        return message ? { ...claimed, kind: 'message', channel: job!.channel as Channel, message } : null;
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
