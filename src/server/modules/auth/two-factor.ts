// Two-factor checks shared by the sign-in route and the two-factor routes (issue 23): the policy
// (who must have two-factor, until when a password alone still does), the pending sign-in step
// between a right password and its code, codes checked once per time step, and recovery codes.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../shared/schemas/users';
import type { TwoFactorPolicy, TwoFactorStatus } from '../../../shared/schemas/two-factor';
import { RECOVERY_CODE_COUNT } from '../../../shared/schemas/two-factor';
import { isHttps } from '../../config';
import { HttpError } from '../../lib/errors';
import { matchTotp } from '../../lib/totp';
import type { Auth } from '../../plugins/auth';
import type { Deps } from '../../types';
import type { LoginAttempt } from './login-limits';
import { completeSignIn } from './sign-in';

/** How long a right password waits for its code. */
export const TWO_FACTOR_STEP_MS = 5 * 60 * 1000;
export const TWO_FACTOR_COOKIE = 'two_factor_step';
const DAY_MS = 24 * 60 * 60 * 1000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

// No 0/o, 1/l/i: a code copied from paper is read back without guessing.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new set of recovery codes as shown once (`abcd-efgh-ijkl`) and their hashes, all that is kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
  return { codes, hashes: codes.map((code) => recoveryCodeHash(code)) };
}

/** The hash of a recovery code however it was typed (the schema has already dropped dashes and case). */
export const recoveryCodeHash = (code: string) => sha256(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);

type Account = NonNullable<Awaited<ReturnType<Deps['repos']['twoFactor']['account']>>>;

/** Whether the policy applies to the account, and until when it may still do without two-factor. */
export function policyFor(policy: TwoFactorPolicy, account: Account) {
  const required = policy.twoFactorPolicy === 'everyone' || (policy.twoFactorPolicy === 'admins' && account.isAdmin);
  const enabled = Boolean(account.totpSecret) || account.passkeys > 0;
  if (!required || enabled) return { required, enabled, graceEndsAt: null };
  // The later of the policy's start and the account's creation: a new account gets the whole period.
  const since = Math.max(
    policy.twoFactorPolicySince ? Date.parse(policy.twoFactorPolicySince) : 0,
    account.createdAt.getTime(),
  );
  return { required, enabled, graceEndsAt: new Date(since + policy.twoFactorGraceDays * DAY_MS) };
}

export async function twoFactorStatus(deps: Deps, userId: number): Promise<TwoFactorStatus> {
  const account = await deps.repos.twoFactor.account(userId);
  if (!account) throw new HttpError('UNAUTHENTICATED', 'Not authenticated');
  const { required, enabled, graceEndsAt } = policyFor(await deps.repos.twoFactor.policy(), account);
  return {
    enabled,
    totp: Boolean(account.totpSecret),
    totpEnabledAt: account.totpEnabledAt?.toISOString() ?? null,
    passkeys: account.passkeys,
    recoveryCodesLeft: account.totpSecret ? account.recoveryCodesLeft : 0,
    required,
    graceEndsAt: graceEndsAt?.toISOString() ?? null,
  };
}

/**
 * A current code of the user's authenticator, used up: its step (and every earlier one) is never
 * accepted again. False for a wrong code, a replayed one, or no TOTP.
 */
export async function useTotpCode(deps: Deps, userId: number, sealedSecret: string | null, code: string) {
  if (!sealedSecret) return false;
  const step = matchTotp(deps.secrets.open(sealedSecret), code, deps.now());
  return step !== null && (await deps.repos.twoFactor.useStep(userId, step));
}

export type PasswordSignIn = { success: true; user: CurrentUser } | { twoFactorRequired: true };

/**
 * After a right password: a user with TOTP gets the pending step (no session yet); a user the policy
 * requires two-factor of, without TOTP, is refused when they have a passkey (a password alone is
 * never enough then) or their grace period is over; everyone else is signed in.
 */
export async function afterPassword(
  deps: Deps,
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  user: CurrentUser,
  attempt: LoginAttempt,
): Promise<PasswordSignIn> {
  const repo = deps.repos.twoFactor;
  const account = await repo.account(user.id);
  if (account?.totpSecret) {
    // The password is not the whole proof: the account's count stays until the code is right, so
    // knowing the password does not buy more guesses at codes. Only the address gets it back.
    await deps.loginLimits.refundAddress(attempt);
    const token = randomBytes(32).toString('base64url');
    await repo.createStep(sha256(token), user.id, new Date(deps.now().getTime() + TWO_FACTOR_STEP_MS));
    reply.setCookie(TWO_FACTOR_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: isHttps(deps.config),
      path: '/api/admin/login',
      maxAge: TWO_FACTOR_STEP_MS / 1000,
    });
    return { twoFactorRequired: true };
  }
  await deps.loginLimits.succeeded(attempt);
  if (account) {
    const { required, graceEndsAt } = policyFor(await repo.policy(), account);
    const refusal = !required
      ? null
      : account.passkeys > 0
        ? 'Two-factor is required for your account: sign in with your passkey.'
        : graceEndsAt && graceEndsAt.getTime() <= deps.now().getTime()
          ? 'Two-factor is required for your account and its grace period has ended. Ask an administrator to help you sign in.'
          : null;
    if (refusal) {
      await deps.audit.record(
        request,
        {
          action: 'sign-in.failure',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.username,
          changes: { reason: { after: 'two-factor required' } },
        },
        null,
      );
      throw new HttpError('FORBIDDEN', refusal);
    }
  }
  return { success: true, user: await completeSignIn(deps, auth, request, reply, user, 'password') };
}

export function clearTwoFactorStep(deps: Deps, reply: FastifyReply): void {
  reply.clearCookie(TWO_FACTOR_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(deps.config),
    path: '/api/admin/login',
  });
}
