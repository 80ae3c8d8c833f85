// The links of password reset by email (issue 23): each a random secret kept only as its SHA-256 in
// auth_tokens (purpose 'password-reset'), single use, valid 30 minutes; a new one voids the older.
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';

export const RESET_PURPOSE = 'password-reset';
export const RESET_LINK_MS = 30 * 60_000;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function passwordResetRepo(db: Db, now: () => Date) {
  const live = (tokenHash: string) =>
    and(
      eq(authTokens.tokenHash, tokenHash),
      eq(authTokens.purpose, RESET_PURPOSE),
      isNull(authTokens.usedAt),
      gt(authTokens.expiresAt, now()),
    );
  return {
    /** Keeps a new link's hash for the user; every older link of theirs stops working. */
    async issue(userId: number, tokenHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, RESET_PURPOSE)));
        // Links of anyone that ran out are dropped on the way.
        await tx
          .delete(authTokens)
          .where(and(eq(authTokens.purpose, RESET_PURPOSE), sql`${authTokens.expiresAt} < ${now()}`));
        await tx.insert(authTokens).values({
          tokenHash,
          purpose: RESET_PURPOSE,
          userId,
          createdAt: now(),
          expiresAt: new Date(now().getTime() + RESET_LINK_MS),
        });
      });
    },

    /** The user a link is for, while it is unused and unexpired. */
    async userOf(tokenHash: string): Promise<number | undefined> {
      const [row] = await db.select({ userId: authTokens.userId }).from(authTokens).where(live(tokenHash));
      return row?.userId ?? undefined;
    },

    /**
     * Uses the link and sets the password, in one transaction: of two requests with one link, only
     * the first sets a password. Every other link of the user stops working too. Returns the user's id.
     */
    async complete(tokenHash: string, passwordHash: string): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(authTokens)
          .set({ usedAt: now() })
          .where(live(tokenHash))
          .returning({ userId: authTokens.userId });
        if (!used?.userId) return undefined;
        await tx.update(users).set({ password: passwordHash }).where(eq(users.id, used.userId));
        await tx
          .delete(authTokens)
          .where(
            and(
              eq(authTokens.userId, used.userId),
              eq(authTokens.purpose, RESET_PURPOSE),
              sql`${authTokens.tokenHash} <> ${tokenHash}`,
            ),
          );
        return used.userId;
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof passwordResetRepo>;
