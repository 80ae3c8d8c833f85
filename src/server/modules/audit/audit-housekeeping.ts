// Removes audit log entries older than the retention setting (issue 23): once at start-up, then daily.
// The cut-off is the one clock's (deps.now); on several instances each runs it, which is harmless (a
// delete of what is already gone removes nothing). Tests call runNow after moving the clock.
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLogRepo } from './audit-log.repo';

export const AUDIT_HOUSEKEEPING_EVERY_MS = 24 * 60 * 60 * 1000;

export class AuditHousekeeping {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(
    private readonly repo: AuditLogRepo,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    void this.runNow();
    this.#timer = setInterval(() => void this.runNow(), AUDIT_HOUSEKEEPING_EVERY_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** Removes what is past the retention now; how many entries (0 after a failure, which is logged). */
  runNow(): Promise<number> {
    const run = (this.#running ?? Promise.resolve(0)).then(async () => {
      try {
        const removed = await this.repo.removeExpired();
        if (removed) this.log.info({ removed }, 'audit log entries past their retention removed');
        return removed;
      } catch (err) {
        this.log.error({ err }, 'audit log entries past their retention could not be removed; trying again later');
        return 0;
      }
    });
    const tracked: Promise<number> = run.finally(() => {
      if (this.#running === tracked) this.#running = undefined;
    });
    this.#running = tracked;
    return run;
  }
}
