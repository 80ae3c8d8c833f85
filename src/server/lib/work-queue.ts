// A few heavy jobs at once (password hashes), a bounded line, a quick refusal beyond it. Image
// conversion has its own line, in child processes (modules/media/media.workers.ts).
// They run on libuv's small thread pool, which also serves file reads and compression: capped, they
// cannot starve the rest of the site.

export interface WorkQueue {
  /** Runs fn when a slot is free; rejects at once with the queue's error when the line is full. */
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function workQueue(options: { concurrency: number; maxWaiting: number; full: () => Error }): WorkQueue {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(fn) {
      if (active >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw options.full();
        // The finishing job hands its slot over directly (active stays counted), so no newcomer can jump the line.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active++;
      }
      try {
        return await fn();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
