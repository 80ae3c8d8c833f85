// A content version that every write bumps, so caches of rendered pages know to drop.
// On PostgreSQL the bump is broadcast with NOTIFY so that every instance hears it.
// Content can also change with no write, when its time comes (a privacy version whose effective day
// arrives, issue 21): reads that see such a change coming say when (`changesAt`), and the first use
// of a cache at or after that moment, by the one clock, bumps the version here (each instance keeps
// its own moment from its own reads, so nothing is broadcast).
import { randomUUID } from 'node:crypto';
import type { Database, Subscription } from '../db/client';

const CHANNEL = 'content_changed';
/** A NOTIFY that failed is sent again after these delays (doubling, capped). */
const RENOTIFY_MIN_MS = 100;
const RENOTIFY_MAX_MS = 5_000;

export class ContentEvents {
  #version = 0;
  /** Names this instance's notices, so it does not drop its caches again when its own come back. */
  readonly #id = randomUUID();
  #listeners = new Set<(version: number) => void>();
  #subscription: Subscription | undefined;
  #stopped = false;
  #renotify: NodeJS.Timeout | undefined;
  #renotifyDelay = RENOTIFY_MIN_MS;
  /** The earliest moment content read since the last such change changes by itself. */
  #nextScheduled: Date | undefined;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
  ) {}

  get version(): number {
    return this.#version;
  }

  /** Whether changes made by other instances are heard now (false while the LISTEN connection is down). */
  get listening(): boolean {
    return this.#subscription?.connected ?? false;
  }

  /** Subscribes to changes made by other instances. */
  async start(): Promise<void> {
    this.#stopped = false;
    this.#subscription = await this.database.listen(CHANNEL, {
      notification: (payload) => {
        if (payload !== this.#id) this.#bump();
      },
      // Notices sent while the connection was down were missed: whatever was cached may be stale.
      connected: () => this.#bump(),
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#renotify);
    await this.#subscription?.close();
  }

  /**
   * Called after every successful write of public content. The write is committed whatever happens
   * here, so a NOTIFY that fails does not fail it: it is sent again until the database answers.
   */
  async changed(): Promise<void> {
    // Inside a transaction scope the change is not visible yet: a reader told now would cache the
    // old content again (or, on another instance, read it); the signal waits for the commit.
    if (this.database.scope.active) return this.database.scope.afterCommit(() => this.changed());
    this.#bump();
    await this.#notify();
  }

  /**
   * Content just read changes by itself at `at` (what a reply computed now shows is then out of
   * date): caches are dropped at the first use from that moment on.
   */
  changesAt(at: Date): void {
    if (!this.#nextScheduled || at < this.#nextScheduled) this.#nextScheduled = at;
  }

  /** Bumps the version when a scheduled change has come. Caches call it before each use. */
  expireDue(): void {
    if (this.#nextScheduled && this.now() >= this.#nextScheduled) {
      this.#nextScheduled = undefined;
      this.#bump();
    }
  }

  onChange(fn: (version: number) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #bump(): void {
    this.#version += 1;
    for (const fn of this.#listeners) fn(this.#version);
  }

  async #notify(): Promise<void> {
    try {
      await this.database.notify(CHANNEL, this.#id);
      this.#renotifyDelay = RENOTIFY_MIN_MS;
    } catch {
      if (this.#stopped || this.#renotify) return;
      this.#renotify = setTimeout(() => {
        this.#renotify = undefined;
        void this.#notify();
      }, this.#renotifyDelay);
      this.#renotify.unref();
      this.#renotifyDelay = Math.min(this.#renotifyDelay * 2, RENOTIFY_MAX_MS);
    }
  }
}
