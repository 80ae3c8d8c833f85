// "The inbox changed" (a message arrived, was read, marked unread or deleted), heard by every
// instance: in-process listeners, and a PostgreSQL NOTIFY for the other instances. The admin's
// live unread count (GET /api/admin/events) follows it.
import { randomUUID } from 'node:crypto';
import type { Database, Subscription } from '../../db/client';

const CHANNEL = 'inbox_changed';

export class InboxEvents {
  readonly #id = randomUUID();
  readonly #listeners = new Set<() => void>();
  #subscription: Subscription | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.#subscription = await this.database.listen(CHANNEL, {
      notification: (payload) => {
        if (payload !== this.#id) this.#emit();
      },
      // Notices missed while the connection was down: counts may have changed.
      connected: () => this.#emit(),
    });
  }

  async stop(): Promise<void> {
    await this.#subscription?.close();
  }

  /** After a committed change: tells this instance now and the others through the database. */
  changed(): void {
    // Inside a transaction scope (an audited change) the change is told once it is committed.
    if (this.database.scope.active) return this.database.scope.afterCommit(() => this.changed());
    this.#emit();
    // A lost notice only delays other instances' counts until their next change.
    this.database.notify(CHANNEL, this.#id).catch(() => undefined);
  }

  onChange(fn: () => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #emit(): void {
    for (const fn of this.#listeners) fn();
  }
}
