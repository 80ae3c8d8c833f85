import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactMessageInputSchema, Message, MessageReply, ReplyStatus } from '../../../shared/schemas/messages';
import { likePattern } from '../../../shared/schemas/paging';
import type { Db } from '../../db/client';
import { newestOrder, pageByKey, type NewestFirst } from '../../db/newest-first';
import { messageReplies, users, userMessages } from '../../db/schema';
import { iso } from '../../lib/rows';
import type { Channel, NotificationsRepo } from '../notifications/notifications.repo';

const toMessage = (r: typeof userMessages.$inferSelect): Message => ({
  ...r,
  createdAt: iso(r.createdAt),
  repliedAt: r.repliedAt && iso(r.repliedAt),
});

const toReply = (r: typeof messageReplies.$inferSelect, username: string | null): MessageReply => ({
  id: r.id,
  messageId: r.messageId,
  body: r.body,
  status: r.status as ReplyStatus,
  sentBy: r.sentBy !== null && username !== null ? { id: r.sentBy, username } : null,
  createdAt: iso(r.createdAt),
  sentAt: r.sentAt && iso(r.sentAt),
  lastError: r.lastError,
});
/** The inbox as its screen lists it (index user_messages_newest_idx). */
export const MESSAGE_LIST: NewestFirst = { table: userMessages, at: userMessages.createdAt, id: userMessages.id };
const newestFirst = newestOrder(MESSAGE_LIST);

/** Messages whose sender, email, subject or text holds `q` (any case). */
function matching(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(
    ilike(userMessages.firstName, pattern),
    ilike(userMessages.lastName, pattern),
    ilike(userMessages.email, pattern),
    ilike(userMessages.subject, pattern),
    ilike(userMessages.message, pattern),
  );
}

/** `notifications`: where a new message queues its notifications (in the same transaction). */
export function messagesRepo(db: Db, notifications: NotificationsRepo) {
  return {
    async list(): Promise<Message[]> {
      const rows = await db
        .select()
        .from(userMessages)
        .orderBy(...newestFirst);
      return rows.map(toMessage);
    },

    /** One page of the messages matching `q`, newest first, and how many match in all. */
    async page({ limit, offset, q }: { limit: number; offset: number; q: string }) {
      const where = matching(q);
      const [rows, [total]] = await Promise.all([
        pageByKey(db, MESSAGE_LIST, where, offset, (found) =>
          db
            .select()
            .from(userMessages)
            .where(found)
            .orderBy(...newestFirst)
            .limit(limit),
        ),
        db.select({ n: count() }).from(userMessages).where(where),
      ]);
      return { items: rows.map(toMessage), total: Number(total?.n ?? 0) };
    },

    /**
     * Stores a message and, in the same transaction, its notifications (sent later, by the notifier).
     * `tag` says where it came from beyond the contact form ('press': a press-copy request).
     */
    async create(
      data: z.output<typeof ContactMessageInputSchema> & { tag?: string | null },
      channels: Channel[],
      now: Date,
    ): Promise<Message> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(userMessages)
          .values({ ...data, createdAt: now })
          .returning();
        await notifications.enqueue(tx as unknown as Db, row!.id, channels, now);
        return toMessage(row!);
      });
    },

    async setRead(id: number, isRead: boolean): Promise<Message | undefined> {
      const [row] = await db.update(userMessages).set({ isRead }).where(eq(userMessages.id, id)).returning();
      return row && toMessage(row);
    },

    async unreadCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userMessages)
        .where(and(eq(userMessages.isRead, false)));
      return Number(row?.n ?? 0);
    },

    async get(id: number): Promise<Message | undefined> {
      const [row] = await db.select().from(userMessages).where(eq(userMessages.id, id));
      return row && toMessage(row);
    },

    /** Issue 26: a message's replies from the inbox, oldest first, with who wrote each. */
    async replies(messageId: number): Promise<MessageReply[]> {
      const rows = await db
        .select({ reply: messageReplies, username: users.username })
        .from(messageReplies)
        .leftJoin(users, eq(users.id, messageReplies.sentBy))
        .where(eq(messageReplies.messageId, messageId))
        .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id));
      return rows.map((r) => toReply(r.reply, r.username));
    },

    /**
     * Issue 26: stores a staff reply, queued, and in the same transaction its mail job (the notifier
     * sends it, retries it and records how it went). Undefined when the message is gone.
     */
    async addReply(
      messageId: number,
      body: string,
      userId: number | null,
      now: Date,
    ): Promise<MessageReply | undefined> {
      return db.transaction(async (tx) => {
        const [message] = await tx
          .select({ id: userMessages.id })
          .from(userMessages)
          .where(eq(userMessages.id, messageId))
          .for('update');
        if (!message) return undefined;
        const [row] = await tx
          .insert(messageReplies)
          .values({ messageId, body, sentBy: userId, status: 'queued', createdAt: now })
          .returning();
        await notifications.enqueueReply(tx as unknown as Db, row!.id, now);
        const [user] = userId === null ? [] : await tx.select().from(users).where(eq(users.id, userId));
        return toReply(row!, user?.username ?? null);
      });
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(userMessages).where(eq(userMessages.id, id)).returning({ id: userMessages.id });
      return rows.length > 0;
    },
  };
}
export type MessagesRepo = ReturnType<typeof messagesRepo>;
