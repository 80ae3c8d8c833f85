// The sign-in failure limits, one pair per app: every way in (password, passkey, and the steps after a
// password) counts against the same per-account and per-address budgets, on every instance.
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { FastifyReply } from 'fastify';
import { createLimiter, minutesText, tooManyAttempts, type Limiter } from '../../lib/rate-limits';

export const FAILURE_WINDOW_S = 15 * 60;
/** One address may fail this many times the per-account limit across all usernames (password spraying). */
export const ADDRESS_FAILURES_FACTOR = 5;

export interface LoginLimits {
  /** Failures per address and username. */
  account: Limiter;
  /** Failures per address, across usernames (and passkeys, which name none). */
  address: Limiter;
}

export function createLoginLimits(database: Database, config: Pick<Config, 'loginMaxFailures'>): LoginLimits {
  const max = config.loginMaxFailures;
  return {
    account: createLimiter(database, { name: 'login-account', points: max, windowSeconds: FAILURE_WINDOW_S }),
    address: createLimiter(database, {
      name: 'login-address',
      points: max * ADDRESS_FAILURES_FACTOR,
      windowSeconds: FAILURE_WINDOW_S,
    }),
  };
}

/** The one answer once a limit is reached: 429 with Retry-After. */
export const tooManyFailures = (reply: FastifyReply, retryAfterMs: number) =>
  tooManyAttempts(reply, retryAfterMs, `Too many failed sign-in attempts. Please try again in ${minutesText(retryAfterMs)}.`);
