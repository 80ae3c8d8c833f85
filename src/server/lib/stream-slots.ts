// Long-lived responses (the admin's event stream) each hold a connection for as long as a tab is
// open. Without a cap one signed-in account could open streams until the server's connection limit
// is reached and visitors are turned away, so each stream takes a slot per user, per address and
// in total, and gives it back when it closes.

export interface StreamLimits {
  /** Streams one account may hold at once (a few tabs). */
  perUser: number;
  /** Streams one client address may hold at once (an office behind one address has several staff). */
  perAddress: number;
  /** Streams the instance holds at once, well below its connection limit so visitors are always served. */
  total: number;
}

/** The caps for an instance that accepts `maxConnections` connections. */
export function streamLimitsFor(maxConnections: number): StreamLimits {
  return { perUser: 4, perAddress: 8, total: Math.max(1, Math.floor(maxConnections / 4)) };
}

export type StreamRefusal = 'user' | 'address' | 'total';

export class StreamSlots {
  // Counters, not a cache: a key is removed when its last stream closes, so the maps never hold
  // more entries than there are open streams.
  readonly #byUser = new Map<number, number>();
  readonly #byAddress = new Map<string, number>();
  #total = 0;

  constructor(private readonly limits: StreamLimits) {}

  /** A release function when a slot was free, else which cap was reached. */
  take(userId: number, address: string): { release: () => void } | { refused: StreamRefusal } {
    if (this.#total >= this.limits.total) return { refused: 'total' };
    if ((this.#byUser.get(userId) ?? 0) >= this.limits.perUser) return { refused: 'user' };
    if ((this.#byAddress.get(address) ?? 0) >= this.limits.perAddress) return { refused: 'address' };
    this.#total += 1;
    bump(this.#byUser, userId, 1);
    bump(this.#byAddress, address, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#total -= 1;
        bump(this.#byUser, userId, -1);
        bump(this.#byAddress, address, -1);
      },
    };
  }

  get open(): number {
    return this.#total;
  }
}

function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
