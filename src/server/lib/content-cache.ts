// The one cache of content-derived replies (rendered pages, visitors' API reads): an LRU bounded
// by bytes, emptied whenever content changes, and version-checked so that a reply computed from
// data older than the latest change is never stored (it would outlive the change notice). An entry
// also ends when content changes by itself (ContentEvents.changesAt: a scheduled privacy version).
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

/** What can be seen of a cache from outside: how much it holds. */
export interface CacheStats {
  readonly size: number;
  readonly bytes: number;
}

export class ContentCache<V extends object> implements CacheStats {
  readonly #lru: LRUCache<string, V>;

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
    content.onChange(() => this.#lru.clear());
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

  get size(): number {
    return this.#lru.size;
  }

  /** Bytes held now (for tests and diagnostics). */
  get bytes(): number {
    return this.#lru.calculatedSize;
  }
}
