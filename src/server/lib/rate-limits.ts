// Attempt limits (sign-in, password change, contact form): in memory on the embedded database,
// in the rate_limits table on PostgreSQL so that every instance shares one count.
import type { FastifyReply } from 'fastify';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { HttpError } from './errors';

export interface LimiterOptions {
  /** Keeps each limiter's keys apart in the shared table. */
  name: string;
  /** Attempts allowed per key in one window. */
  points: number;
  windowSeconds: number;
  /**
   * Counted in this instance's memory even on PostgreSQL: for a limit checked on every beacon of
   * every page (analytics), where a database round trip per request costs more than a shared count is worth.
   */
  local?: boolean;
}

export type Attempt = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface Limiter {
  /**
   * Counts one attempt for the key before the work it guards, atomically (one upsert on
   * PostgreSQL), so parallel requests can never all pass: at most `points` are allowed per window.
   */
  take(key: string): Promise<Attempt>;
  /** Gives back an attempt that was counted but not used (nothing was checked). */
  refund(key: string): Promise<void>;
  /** Forgets the key (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

export const RATE_LIMITS_TABLE = 'rate_limits';

export function createLimiter(database: Database, { name, points, windowSeconds, local }: LimiterOptions): Limiter {
  const options = { keyPrefix: name, points, duration: windowSeconds };
  const store: RateLimiterAbstract =
    database.pool && !local
      ? new RateLimiterPostgres({
          ...options,
          storeClient: database.pool,
          storeType: 'pool',
          tableName: RATE_LIMITS_TABLE,
          // The table comes from a migration (schema.ts), never from the library at run time.
          tableCreated: true,
          clearExpiredByTimeout: true,
        })
      : new RateLimiterMemory(options);

  return {
    async take(key) {
      try {
        await store.consume(key, 1);
        return { allowed: true };
      } catch (error) {
        // The library rejects with a RateLimiterRes when over the limit, with an Error when the store fails.
        if (error instanceof RateLimiterRes) return { allowed: false, retryAfterMs: error.msBeforeNext };
        throw error;
      }
    },
    async refund(key) {
      await store.reward(key, 1);
    },
    async reset(key) {
      await store.delete(key);
    },
  };
}

/** The 429 for an attempt over its limit, with Retry-After in whole seconds (at least 1). */
export function tooManyAttempts(reply: FastifyReply, retryAfterMs: number, message: string): HttpError {
  reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new HttpError('TOO_MANY_REQUESTS', message);
}

/** "N minutes" until a limit frees up, for messages (at least 1 minute). */
export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
