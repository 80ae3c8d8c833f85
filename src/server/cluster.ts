// Every core serves (issue 28, decision 129): the primary process of `node:cluster` keeps
// `count` worker processes behind the one port, each a full instance of the server (index.ts), and
// restarts one that dies, with a backoff so that a worker crashing at start does not spin the CPU.
// SIGTERM or SIGINT to the primary stops the workers gracefully (each finishes its in-flight
// requests), then the primary exits. The primary serves nothing and holds no database connection.
import cluster, { type Worker } from 'node:cluster';

/** A worker that lived this long was healthy: its death starts the backoff from the beginning. */
export const STABLE_MS = 30_000;
/** The first restart's delay, doubled for each quick death in a row, at most MAX_RESTART_DELAY_MS. */
export const FIRST_RESTART_DELAY_MS = 250;
export const MAX_RESTART_DELAY_MS = 30_000;
/** How long the primary waits for its workers to stop before it kills them. */
const STOP_TIMEOUT_MS = 15_000;

/** The delay before restarting a worker after `quickDeaths` deaths in a row that came soon after a start. */
export function restartDelay(quickDeaths: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, quickDeaths - 1));
}

/** What a worker tells the primary. */
export type WorkerMessage = { type: 'listening' };

export interface PrimaryOptions {
  count: number;
  /** Printed once, when every first worker listens (the start-up banner). */
  onListening: () => void;
  log: { info(message: string): void; error(message: string): void };
}

/** One place a worker serves in; its worker is replaced when it dies. */
interface Slot {
  worker?: Worker;
  startedAt: number;
  quickDeaths: number;
  timer?: NodeJS.Timeout;
}

/** Runs the primary: forks the workers and watches them until a signal stops them all. */
export function runPrimary({ count, onListening, log }: PrimaryOptions): void {
  const slots: Slot[] = Array.from({ length: count }, () => ({ startedAt: 0, quickDeaths: 0 }));
  let started = false;
  let stopping = false;
  const listening = new Set<number>();

  const fork = (slot: Slot) => {
    slot.timer = undefined;
    if (stopping) return;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type !== 'listening') return;
      if (started) {
        log.info(`worker ${worker.process.pid} is serving`);
        return;
      }
      listening.add(worker.id);
      if (listening.size === count) {
        started = true;
        onListening();
      }
    });
    worker.on('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = undefined;
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!started) {
        // A worker that cannot start (a port in use, a database refused) fails the start, as one process would.
        log.error(`worker ${worker.process.pid} exited with ${how} while starting; stopping`);
        void stop(1);
        return;
      }
      slot.quickDeaths = Date.now() - slot.startedAt < STABLE_MS ? slot.quickDeaths + 1 : 1;
      const delay = restartDelay(slot.quickDeaths);
      log.error(`worker ${worker.process.pid} exited with ${how}; starting another in ${delay} ms`);
      slot.timer = setTimeout(() => fork(slot), delay);
    });
  };

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    for (const slot of slots) clearTimeout(slot.timer);
    const alive = slots.map((s) => s.worker).filter((w): w is Worker => !!w && !w.isDead());
    const codes = await Promise.all(
      alive.map(
        (worker) =>
          new Promise<number>((resolve) => {
            worker.once('exit', (code, signal) => resolve(signal ? 1 : code));
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    process.exit(codes.some((c) => c !== 0) ? 1 : exitCode);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    log.info(`${signal} received: stopping ${count} workers`);
    const timer = setTimeout(() => {
      log.error('workers took too long to stop; killing them');
      for (const slot of slots) if (slot.worker && !slot.worker.isDead()) slot.worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    timer.unref();
    void stop(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  for (const slot of slots) fork(slot);
}

/** In a worker: tells the primary that this worker listens (nothing outside a cluster). */
export function announceListening(): void {
  if (cluster.isWorker) process.send?.({ type: 'listening' } satisfies WorkerMessage);
}
