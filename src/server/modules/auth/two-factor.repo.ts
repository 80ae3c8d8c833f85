// Two-factor at rest (issue 23): the TOTP columns of users (secrets arrive here already sealed),
// recovery codes (SHA-256 only), the pending sign-in steps in auth_tokens (hashed) and the policy
// columns of site_settings. Every "use once" is one conditional UPDATE, so two instances or two
// parallel requests can never both use the same code, step or recovery code.
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TwoFactorPolicy, TwoFactorPolicyName } from '../../../shared/schemas/two-factor';
import type { Db } from '../../db/client';
import { authTokens, passkeys, recoveryCodes, siteSettings, users } from '../../db/schema';

export const TWO_FACTOR_PURPOSE = 'two-factor';

export function twoFactorRepo(db: Db, now: () => Date) {
  const passkeyCount = async (userId: number, tx: Db = db) =>
    (await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)))[0]?.n ?? 0;

  return {
    /** What the two-factor checks need of a user (no password hash). */
    async account(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          isAdmin: users.isAdmin,
          createdAt: users.createdAt,
          totpSecret: users.totpSecret,
          totpPendingSecret: users.totpPendingSecret,
          totpEnabledAt: users.totpEnabledAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return undefined;
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return { ...row, passkeys: await passkeyCount(userId), recoveryCodesLeft: left?.n ?? 0 };
    },

    async setPending(userId: number, sealedSecret: string): Promise<void> {
      await db.update(users).set({ totpPendingSecret: sealedSecret }).where(eq(users.id, userId));
    },

    /**
     * Turns on the enrolment `sealedPending` (still the pending one: a second enrolment started
     * meanwhile wins), with the step of the code that confirmed it used, and a new set of codes.
     */
    async enable(userId: number, sealedPending: string, step: number, codeHashes: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ totpSecret: sealedPending, totpPendingSecret: null, totpEnabledAt: now(), totpLastStep: step })
          .where(and(eq(users.id, userId), eq(users.totpPendingSecret, sealedPending)))
          .returning({ id: users.id });
        if (!rows.length) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },

    /** Records `step` as used unless it, or a later one, already was: false is a replay. */
    async useStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Uses one recovery code: false when it is not one of the user's, or was used already. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now() })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    /** A new set of recovery codes; the old set is void. */
    async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    /** Turns TOTP off and voids the recovery codes; false when it was not on. */
    async disable(userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ on: sql<boolean>`${users.totpSecret} is not null` })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(users.id, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        return Boolean(before?.on);
      });
    },

    /** Every user's two-factor, for the Users table. */
    async listStatus(): Promise<{ userId: number; totp: boolean; passkeys: number }[]> {
      const rows = await db
        .select({
          userId: users.id,
          totp: sql<boolean>`${users.totpSecret} is not null`,
          passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${users.id})`,
        })
        .from(users)
        .orderBy(asc(users.id));
      return rows.map((r) => ({ userId: r.userId, totp: Boolean(r.totp), passkeys: Number(r.passkeys) }));
    },

    // The pending step of a sign-in whose password was right and whose code is still due.

    async createStep(tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
      await db.insert(authTokens).values({ tokenHash, purpose: TWO_FACTOR_PURPOSE, userId, expiresAt });
    },

    /** The user of a live (unused, unexpired) step. */
    async stepUser(tokenHash: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: authTokens.userId })
        .from(authTokens)
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, TWO_FACTOR_PURPOSE),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now()),
          ),
        );
      return row?.userId ?? undefined;
    },

    /** Ends a step (used once): false when it was already used. */
    async endStep(tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, TWO_FACTOR_PURPOSE),
            isNull(authTokens.usedAt),
          ),
        )
        .returning({ tokenHash: authTokens.tokenHash });
      return rows.length > 0;
    },

    // The policy (one row of site_settings, written at start-up).

    async policy(): Promise<TwoFactorPolicy> {
      const [row] = await db
        .select({
          twoFactorPolicy: siteSettings.twoFactorPolicy,
          twoFactorGraceDays: siteSettings.twoFactorGraceDays,
          twoFactorPolicySince: siteSettings.twoFactorPolicySince,
        })
        .from(siteSettings)
        .orderBy(asc(siteSettings.id))
        .limit(1);
      return {
        twoFactorPolicy: (row?.twoFactorPolicy ?? 'off') as TwoFactorPolicyName,
        twoFactorGraceDays: row?.twoFactorGraceDays ?? 7,
        twoFactorPolicySince: row?.twoFactorPolicySince?.toISOString() ?? null,
      };
    },

    /** Sets the policy; a changed policy starts its grace period now. */
    async setPolicy(policy: TwoFactorPolicyName, graceDays: number): Promise<TwoFactorPolicy | undefined> {
      const [row] = await db
        .update(siteSettings)
        .set({
          twoFactorPolicy: policy,
          twoFactorGraceDays: graceDays,
          twoFactorPolicySince: sql`case when ${siteSettings.twoFactorPolicy} = ${policy} then ${siteSettings.twoFactorPolicySince} else ${now().toISOString()}::timestamptz end`,
        })
        .where(eq(siteSettings.id, sql`(select min(id) from ${siteSettings})`))
        .returning({
          twoFactorPolicy: siteSettings.twoFactorPolicy,
          twoFactorGraceDays: siteSettings.twoFactorGraceDays,
          twoFactorPolicySince: siteSettings.twoFactorPolicySince,
        });
      if (!row) return undefined;
      return {
        twoFactorPolicy: row.twoFactorPolicy as TwoFactorPolicyName,
        twoFactorGraceDays: row.twoFactorGraceDays,
        twoFactorPolicySince: row.twoFactorPolicySince?.toISOString() ?? null,
      };
    },
  };
}
export type TwoFactorRepo = ReturnType<typeof twoFactorRepo>;
