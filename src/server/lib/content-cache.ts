// The one cache of content-derived replies (rendered pages, visitors' API reads): an LRU bounded
// by bytes, emptied whenever content changes, and version-checked so that a reply computed from
// data older than the latest change is never stored (it would outlive the change notice). An entry
// also ends when content changes by itself (ContentEvents.changesAt: a scheduled privacy version).
// A miss is computed once however many ask at the same moment (single flight, `once`): concurrent
// callers of one key share the computation under way, so a page whose cache was just dropped is
// rendered once per instance, not once per visitor (issue 28, decision 128).
import { LRUCache } from 'lru-cache';
import type { ContentEvents } from './content-events';

export interface ContentCacheOptions<V extends object> {
  /** Total bytes the entries may hold; the least recently used go first. */
  maxBytes: number;
  /** Bytes one entry holds (its bodies; keys and bookkeeping are small beside them). */
  sizeOf: (value: V) => number;
}

/** Taken before computing a value; a value is stored only with a ticket of the current version. */
export type Ticket = number;

/** What can be seen of a cache from outside: how much it holds, and how many misses it computed. */
export interface CacheStats {
  readonly size: number;
  readonly bytes: number;
  /** Computations started by `once` (a render, a feed): concurrent misses of one key count once. */
  readonly computed: number;
}

export class ContentCache<V extends object> implements CacheStats {
  readonly #lru: LRUCache<string, V>;
  /** The computations under way, by key (started since the last change of content). */
  readonly #flights = new Map<string, Promise<unknown>>();
  #computed = 0;

  constructor(
    private readonly content: ContentEvents,
    options: ContentCacheOptions<V>,
  ) {
    this.#lru = new LRUCache<string, V>({
      maxSize: options.maxBytes,
      // An entry bigger than a quarter of the budget would evict most of the others: not kept.
      maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
      sizeCalculation: (value) => Math.max(1, options.sizeOf(value)),
    });
    // Callers after a change start a new flight: the one under way read the content before it
    // (its own waiters still get it, as they would have without the change; it is not stored).
    content.onChange(() => {
      this.#lru.clear();
      this.#flights.clear();
    });
  }

  get(key: string): V | undefined {
    this.content.expireDue();
    return this.#lru.get(key);
  }

  /** The content version now: take it before reading the data a value is computed from. */
  ticket(): Ticket {
    this.content.expireDue();
    return this.content.version;
  }

  /** Stores the value unless content changed since the ticket was taken. Returns whether it did. */
  set(key: string, value: V, ticket: Ticket): boolean {
    this.content.expireDue();
    if (ticket !== this.content.version) return false;
    this.#lru.set(key, value);
    return this.#lru.has(key);
  }

  /**
   * Single flight: the computation of `key` under way, or `compute` started now and shared with
   * every caller that asks for the key until it settles (and, when `holdUntil` gives one, until
   * that promise settles too: a streamed page is shared until it is complete and kept). A failure
   * is shared as well; the next caller after it starts again. lru-cache's own `fetch` coalesces
   * too, but it can only share a value it stores, and a change of content aborts it (rejecting
   * every waiter) where here the waiters get their render and only its storing is refused.
   */
  once<R>(key: string, compute: () => Promise<R>, holdUntil?: (result: R) => Promise<unknown> | undefined): Promise<R> {
    this.content.expireDue();
    const flying = this.#flights.get(key);
    if (flying) return flying as Promise<R>;
    this.#computed += 1;
    const land = () => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    };
    const flight = compute();
    this.#flights.set(key, flight);
    flight.then((result) => {
      const held = holdUntil?.(result);
      if (held) held.then(land, land);
      else land();
    }, land);
    return flight;
  }

  /** The stored value, or else one computation of it shared by every concurrent miss, stored when content did not change meanwhile. */
  async getOrMake(key: string, make: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit) return hit;
    return this.once(key, async () => {
      const ticket = this.ticket();
      const value = await make();
      this.set(key, value, ticket);
      return value;
    });
  }

  /** Computations started by `once` since the cache was made (tests and diagnostics). */
  get computed(): number {
    return this.#computed;
  }

  get size(): number {
    return this.#lru.size;
  }

  /** Bytes held now (for tests and diagnostics). */
  get bytes(): number {
    return this.#lru.calculatedSize;
  }
}
