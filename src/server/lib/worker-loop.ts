// The loop every background worker runs beside the requests (the notification outbox, the campaign
// sender, the analytics rollup): work through what is due, then sleep until the next thing falls due
// or, at most, `pollMs` — other instances add work the database holds, and a retry comes due
// without anyone saying so. `kick()` says "something may be due now": it runs at once, or once
// more right after a run under way. Never two runs at a time; `stop()` waits for the one under way.

import type { FastifyBaseLogger } from 'fastify';

export interface WorkerLoopOptions {
  /** What the log calls it ("notifications", "campaigns"). */
  name: string;
  /** What the log says when a run fails ("could not read the outbox"). */
  failure: string;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The longest sleep: work of other instances, and retries, are looked for at least this often. */
  pollMs: number;
  /** The shortest sleep before a time the run or `nextDue` named (0: at once). */
  minWaitMs?: number;
  /**
   * Does what is due, until nothing is or `stopped()` says so. May answer when to look again (a
   * rate limit frees up); null: ask `nextDue`.
   */
  run: (stopped: () => boolean) => Promise<Date | null | void>;
  /** When the next piece of work falls due, if the database knows; null: poll. */
  nextDue?: () => Promise<Date | null>;
}

export class WorkerLoop {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(private readonly options: WorkerLoopOptions) {}

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Starts the loop: work already due (from before a restart) is done at once. */
  start(): void {
    this.#stopped = false;
    this.kick();
  }

  /** Stops sleeping and waits for a run under way to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Something may be due now: run without waiting for the timer. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    let wakeAt: Date | null = null;
    this.#running = this.options
      .run(() => this.#stopped)
      .then((until) => {
        wakeAt = until ?? null;
      })
      .catch((err: unknown) => this.options.log.error({ err }, `${this.options.name}: ${this.options.failure}`))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        } else void this.#sleep(wakeAt);
      });
  }

  /** Waits until every run under way has finished (tests). */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #sleep(wakeAt: Date | null): Promise<void> {
    if (this.#stopped) return;
    const { pollMs, minWaitMs = 0, nextDue, now } = this.options;
    let wait = pollMs;
    try {
      const next = wakeAt ?? (nextDue ? await nextDue() : null);
      if (next) wait = Math.min(pollMs, Math.max(minWaitMs, next.getTime() - now().getTime()));
    } catch {
      // the database is away: look again later
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.kick(), wait);
    this.#timer.unref();
  }
}
