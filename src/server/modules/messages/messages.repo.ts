import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactMessageInputSchema, Message } from '../../../shared/schemas/messages';
import type { Db } from '../../db/client';
import { userMessages } from '../../db/schema';
import { iso } from '../../lib/rows';

const toMessage = (r: typeof userMessages.$inferSelect): Message => ({ ...r, createdAt: iso(r.createdAt) });

export function messagesRepo(db: Db) {
  return {
    async list(): Promise<Message[]> {
      const rows = await db.select().from(userMessages).orderBy(desc(userMessages.createdAt), desc(userMessages.id));
      return rows.map(toMessage);
    },
    async create(data: z.output<typeof ContactMessageInputSchema>): Promise<Message> {
      const [row] = await db.insert(userMessages).values(data).returning();
      return toMessage(row!);
    },
    async markRead(id: number): Promise<Message | undefined> {
      const [row] = await db.update(userMessages).set({ isRead: true }).where(eq(userMessages.id, id)).returning();
      return row && toMessage(row);
    },
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(userMessages).where(eq(userMessages.id, id)).returning({ id: userMessages.id });
      return rows.length > 0;
    },
  };
}
export type MessagesRepo = ReturnType<typeof messagesRepo>;
