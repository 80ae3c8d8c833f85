// The sign-in failure limits, one pair for every way a secret is guessed at sign-in (a password, a
// two-factor code, a recovery code): per address and account, and per address across accounts.
// Built once (deps.loginLimits), so both sign-in steps count against the same numbers.
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createLimiter, minutesText, tooManyAttempts, type Limiter } from '../../lib/rate-limits';

export const FAILURE_WINDOW_S = 15 * 60;
/** One address may fail this many times the per-account limit across all usernames (password spraying). */
export const ADDRESS_FAILURES_FACTOR = 5;

export interface LoginAttempt {
  accountKey: string;
  addressKey: string;
}

export interface LoginLimits {
  /** Failures per address across accounts: what a way in that names no account (a passkey) counts against. */
  address: Limiter;
  /**
   * Counts one attempt of `ip` at `username` before its secret is checked (a success gives it back),
   * so at most the limit of guesses per window is ever checked; throws the 429 when over it.
   */
  take(reply: FastifyReply, ip: string, username: string): Promise<LoginAttempt>;
  /** Nothing was checked (busy, or the database failed): the attempt does not count. */
  refund(attempt: LoginAttempt): Promise<void>;
  /**
   * The right secret: this account's failures from here are forgotten; the address only gets this
   * attempt back, so one valid account cannot launder guesses at others.
   */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** A right password with a code still due: only the address gets the attempt back. */
  refundAddress(attempt: LoginAttempt): Promise<void>;
}

export function createLoginLimits(database: Database, config: Pick<Config, 'loginMaxFailures'>): LoginLimits {
  const max = config.loginMaxFailures;
  const accountFailures = createLimiter(database, {
    name: 'login-account',
    points: max,
    windowSeconds: FAILURE_WINDOW_S,
  });
  const addressFailures = createLimiter(database, {
    name: 'login-address',
    points: max * ADDRESS_FAILURES_FACTOR,
    windowSeconds: FAILURE_WINDOW_S,
  });
  return {
    address: addressFailures,
    async take(reply, ip, username) {
      const attempt = { accountKey: `${ip}|${username.toLowerCase()}`, addressKey: ip };
      const account = await accountFailures.take(attempt.accountKey);
      if (!account.allowed) throw tooManyFailures(reply, account.retryAfterMs);
      const address = await addressFailures.take(attempt.addressKey);
      if (!address.allowed) {
        await accountFailures.refund(attempt.accountKey);
        throw tooManyFailures(reply, address.retryAfterMs);
      }
      return attempt;
    },
    async refund({ accountKey, addressKey }) {
      await Promise.all([accountFailures.refund(accountKey), addressFailures.refund(addressKey)]);
    },
    async refundAddress({ addressKey }) {
      await addressFailures.refund(addressKey);
    },
    async succeeded({ accountKey, addressKey }) {
      await Promise.all([accountFailures.reset(accountKey), addressFailures.refund(addressKey)]);
    },
  };
}

/** The one answer once a sign-in limit is reached: 429 with Retry-After. */
export const tooManyFailures = (reply: FastifyReply, retryAfterMs: number) =>
  tooManyAttempts(
    reply,
    retryAfterMs,
    `Too many failed sign-in attempts. Please try again in ${minutesText(retryAfterMs)}.`,
  );
