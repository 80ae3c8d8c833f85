// Server-side sessions: the cookie holds a random token, the table holds its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import type { CurrentUser, SessionInfo } from '../../../shared/schemas/users';
import { describeUserAgent } from '../../../shared/user-agent';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** What a session is called in the API: derived from the stored id, which itself is never shown. */
const publicId = (sessionId: string) =>
  createHash('sha256').update(`session:${sessionId}`).digest('base64url').slice(0, 22);
const USER_AGENT_MAX = 400;

export interface SessionUser extends CurrentUser {
  sessionId: string;
}

export function sessionsRepo(db: Db, now: () => Date) {
  return {
    /** Starts a session; returns the token for the cookie. */
    async create(userId: number, userAgent = ''): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        createdAt: now(),
        lastSeenAt: now(),
        userAgent: userAgent.slice(0, USER_AGENT_MAX),
      });
      return token;
    },

    /** The user's live sessions, most recently used first, each under its public id. */
    async listForUser(userId: number, currentSessionId: string): Promise<SessionInfo[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastSeenAt));
      const t = now().getTime();
      return rows
        .filter(
          (r) => t - r.lastSeenAt.getTime() <= SESSION_IDLE_MS && t - r.createdAt.getTime() <= SESSION_ABSOLUTE_MS,
        )
        .map((r) => ({
          id: publicId(r.id),
          device: describeUserAgent(r.userAgent),
          createdAt: r.createdAt.toISOString(),
          lastSeenAt: r.lastSeenAt.toISOString(),
          current: r.id === currentSessionId,
        }));
    },

    /** Ends one of the user's sessions, named by its public id; false when the user has no such session. */
    async removeByPublicId(userId: number, id: string): Promise<boolean> {
      const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      const found = rows.find((r) => publicId(r.id) === id);
      if (!found) return false;
      await db.delete(sessions).where(and(eq(sessions.id, found.id), eq(sessions.userId, userId)));
      return true;
    },

    /** Ends every session of the user (their password was reset). */
    async removeAll(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** The user behind a token, or null when unknown or expired (expired rows are removed). */
    async resolve(token: string): Promise<SessionUser | null> {
      const id = hashToken(token);
      const [row] = await db
        .select({
          sessionId: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          id: users.id,
          username: users.username,
          isAdmin: users.isAdmin,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id));
      if (!row) return null;
      const t = now().getTime();
      if (t - row.lastSeenAt.getTime() > SESSION_IDLE_MS || t - row.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (t - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.id, id));
      }
      return { sessionId: row.sessionId, id: row.id, username: row.username, isAdmin: row.isAdmin };
    },

    async remove(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of the user except the given one. */
    async removeOthers(userId: number, keepSessionId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /** Housekeeping: drops expired sessions. */
    async prune(): Promise<void> {
      const t = now().getTime();
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.lastSeenAt, new Date(t - SESSION_IDLE_MS)),
            lt(sessions.createdAt, new Date(t - SESSION_ABSOLUTE_MS)),
          ),
        );
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
