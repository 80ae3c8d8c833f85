// Publishes scheduled posts at their time (issue 12). It reads the one clock (deps.now), wakes at the
// next post's time (and at least every minute, for posts other instances scheduled), and catches up
// at start with posts whose time passed while the server was down. Tests set the clock and call runDue.
import type { FastifyBaseLogger } from 'fastify';
import type { ContentEvents } from '../../lib/content-events';
import type { BlogsRepo } from './blogs.repo';
import type { BlogPost } from '../../../shared/schemas/blog-posts';

/** Something else published on a schedule by the same timer. */
export interface ScheduledItems {
  publishDue(): Promise<unknown[]>;
  nextScheduled(): Promise<Date | undefined>;
}

/** Posts scheduled elsewhere are looked for at least this often. */
const POLL_MS = 60_000;

export class PostScheduler {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<BlogPost[]> | undefined;
  #stopped = true;

  constructor(
    private readonly repo: BlogsRepo,
    private readonly content: ContentEvents,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    /** Other scheduled changes on the same clock (translations, issue 24; apps going Live, issue 26). */
    private readonly others: ScheduledItems[] = [],
  ) {}

  start(): void {
    this.#stopped = false;
    void this.runDue();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  /**
   * Publishes what is due now, then sleeps until the next post's time; what it published. A call
   * made while a run is under way runs again after it (that run may have read the clock too early).
   */
  runDue(): Promise<BlogPost[]> {
    const run: Promise<BlogPost[]> = (this.#running ?? Promise.resolve())
      .then(() => this.#publish())
      .finally(() => {
        if (this.#running !== run) return;
        this.#running = undefined;
        void this.#sleep();
      });
    this.#running = run;
    return run;
  }

  /** Resolves when no run is under way (the catch-up at start included). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** A schedule changed: the next wake-up may be sooner. */
  kick(): void {
    if (!this.#stopped) void this.#sleep();
  }

  async #publish(): Promise<BlogPost[]> {
    try {
      const published = await this.repo.publishDue();
      let others = 0;
      for (const items of this.others) others += (await items.publishDue()).length;
      if (published.length) this.log.info({ posts: published.map((p) => p.id) }, 'scheduled posts published');
      if (others) this.log.info({ items: others }, 'scheduled translations published, apps made Live');
      if (published.length || others) await this.content.changed();
      return published;
    } catch (err) {
      this.log.error({ err }, 'scheduled posts could not be published; trying again later');
      return [];
    }
  }

  async #sleep(): Promise<void> {
    if (this.#stopped) return;
    let wait = POLL_MS;
    try {
      const times = await Promise.all([this.repo, ...this.others].map((items) => items.nextScheduled()));
      const next = times.filter((t): t is Date => t !== undefined).sort((a, b) => a.getTime() - b.getTime())[0];
      if (next) wait = Math.min(wait, Math.max(0, next.getTime() - this.now().getTime()));
    } catch {
      // the database is away: look again after the poll interval
    }
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.runDue(), wait);
    this.#timer.unref();
  }
}
