// The rollup's periodic run (issue 27): every few minutes on every instance, each closed day whose
// totals are not written yet is rolled up (oldest first), then raw events past the raw-days setting
// are removed, only for days already rolled up, so totals never lose an event. Idempotent: a day is
// rewritten whole under a lock, so two instances at once write the same rows.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { daysToRollUp, removeRolledUpEvents, rollUpDay } from './rollup';
import type { AnalyticsSettingsRepo } from './settings.repo';

export const ROLLUP_EVERY_MS = 5 * 60 * 1000;
/** A day is closed this long after its UTC midnight: events batched in its last seconds have landed. */
export const CLOSE_AFTER_MS = 15 * 60 * 1000;
const DAY_MS = 86_400_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface RollupRun {
  rolledUp: string[];
  removed: number;
}

export class AnalyticsRollup {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RollupRun> | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: AnalyticsSettingsRepo,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  start(): void {
    void this.runNow();
    this.#timer = setInterval(() => void this.runNow(), ROLLUP_EVERY_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** Rolls up what is closed and applies retention now (one run at a time; a failure is logged). */
  runNow(): Promise<RollupRun> {
    const run = (this.#running ?? Promise.resolve(null)).then(async () => {
      const done: RollupRun = { rolledUp: [], removed: 0 };
      try {
        const now = this.now();
        for (const day of await daysToRollUp(this.db, dayOf(new Date(now.getTime() - CLOSE_AFTER_MS)))) {
          await rollUpDay(this.db, day, now);
          done.rolledUp.push(day);
        }
        const rawDays = await this.settings.rawDays();
        done.removed = await removeRolledUpEvents(this.db, dayOf(new Date(now.getTime() - rawDays * DAY_MS)));
        if (done.rolledUp.length || done.removed)
          this.log.info(done, 'analytics: days rolled up, old raw events removed');
      } catch (err) {
        this.log.error({ err }, 'analytics: the rollup failed; trying again later');
      }
      return done;
    });
    const tracked: Promise<RollupRun> = run.finally(() => {
      if (this.#running === tracked) this.#running = undefined;
    });
    this.#running = tracked;
    return run;
  }
}
