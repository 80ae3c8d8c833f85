// A content version that every write bumps, so caches of rendered pages know to drop.
// On PostgreSQL the bump is broadcast with NOTIFY so that every instance hears it.
import type { Database } from '../db/client';

const CHANNEL = 'content_changed';

export class ContentEvents {
  #version = 0;
  #listeners = new Set<(version: number) => void>();
  #unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {}

  get version(): number {
    return this.#version;
  }

  /** Subscribes to changes made by other instances. */
  async start(): Promise<void> {
    this.#unlisten = await this.database.listen(CHANNEL, () => this.#bump());
  }

  async stop(): Promise<void> {
    await this.#unlisten?.();
  }

  /** Called after every successful write of public content. */
  async changed(): Promise<void> {
    this.#bump();
    await this.database.notify(CHANNEL, String(process.pid));
  }

  onChange(fn: (version: number) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #bump(): void {
    this.#version += 1;
    for (const fn of this.#listeners) fn(this.#version);
  }
}
