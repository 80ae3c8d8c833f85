// The daily salts of visitor hashes (issue 27): one random 32-byte salt per UTC day, shared by every
// instance through analytics_salts, deleted 48 hours after its day ends. Without yesterday's salt
// nobody (the studio included) can tell whether today's visitor came yesterday.
import { randomBytes } from 'node:crypto';
import type { AnalyticsEventsRepo } from './events.repo';

const DAY_MS = 86_400_000;

/** The UTC day of an instant: '2026-11-27'. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The first day whose salt is still kept at `now`: a day's salt goes 48 hours after the day ends,
 * so during day D the salts of D-2, D-1 and D are kept and everything before D-2 is deleted.
 */
export const firstKeptDay = (now: Date): string => utcDay(new Date(now.getTime() - 2 * DAY_MS));

/** How many days' salts are held in memory: today's, and yesterday's for events counted around midnight. */
const HELD = 2;

export class DailySalts {
  /** The last days' salts (at most HELD): a day's salt never changes once stored. */
  #held: { day: string; salt: Promise<string> }[] = [];

  constructor(private readonly repo: AnalyticsEventsRepo) {}

  /** The salt of a UTC day, made on first use (by whichever instance comes first). */
  forDay(day: string): Promise<string> {
    const found = this.#held.find((h) => h.day === day);
    if (found) return found.salt;
    const salt = this.repo.salt(day, randomBytes(32).toString('base64'));
    const entry = { day, salt };
    this.#held = [entry, ...this.#held].slice(0, HELD);
    // A failed read is not kept: the next event asks again.
    salt.catch(() => {
      this.#held = this.#held.filter((h) => h !== entry);
    });
    return salt;
  }

  /** Deletes the salts past their 48 hours; how many. */
  async removeExpired(now: Date): Promise<number> {
    const first = firstKeptDay(now);
    this.#held = this.#held.filter((h) => h.day >= first);
    return this.repo.removeSaltsBefore(first);
  }
}
