// Moving every media file between the database and the object store (issue 28), in the background
// on whichever instance gets to it first. One file at a time, in id order: copy it to the target,
// read it back there and check its size and SHA-256, then switch its record in a transaction (to
// the database: with the bytes, read back and checked again before the commit; to the object store:
// the bytes nulled). An object left behind in the store is deleted only after its record switched.
// A kill anywhere loses nothing: the record still names the copy it had, and the next start carries
// on with the files not yet moved (a copy made before the kill is simply made again).
//
// On PostgreSQL a session advisory lock, held on one pooled connection while the move runs, keeps
// every other instance out; it is released when the move ends, or by the database when the process
// dies. The switch itself is conditional (the record must still be where it was read), so even two
// workers could not lose a file.
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import type { StorageName } from '../../../shared/schemas/media-storage';
import type { Database } from '../../db/client';
import { WorkerLoop } from '../../lib/worker-loop';
import type { MediaStorageRepo } from './media-storage.repo';
import { describeStoreError, verifyBytes, type MediaStorage, type ObjectStore } from './media.storage';

/** A running move that another instance left (it died) is looked for at least this often. */
const POLL_MS = 15_000;
/** Any number unique to the app: the lock that one mover holds while it works. */
const MOVER_LOCK = 720_041_228;

export interface MediaMoverOptions {
  database: Database;
  repo: MediaStorageRepo;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  now: () => Date;
}

export class MediaMover {
  readonly #loop: WorkerLoop;

  constructor(private readonly options: MediaMoverOptions) {
    this.#loop = new WorkerLoop({
      name: 'media moves',
      failure: 'could not move media files',
      log: options.log,
      now: options.now,
      pollMs: POLL_MS,
      run: (stopped) => this.#run(stopped),
    });
  }

  /** Starts: a move under way before a restart carries on at once. */
  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** A move was just started: begin at once. */
  kick(): void {
    this.#loop.kick();
  }

  settled(): Promise<void> {
    return this.#loop.settled();
  }

  /** The lock that keeps other instances out (PostgreSQL); null when another instance holds it. */
  async #lock(): Promise<{ release: () => Promise<void> } | null> {
    const pool = this.options.database.pool;
    if (!pool) return { release: async () => {} };
    const client: PoolClient = await pool.connect();
    try {
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MOVER_LOCK]);
      if (!result.rows[0]?.locked) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return {
      release: async () => {
        try {
          await client.query('select pg_advisory_unlock($1)', [MOVER_LOCK]);
          client.release();
        } catch (error) {
          // The session goes with the connection, and the lock with it.
          client.release(error as Error);
        }
      },
    };
  }

  async #run(stopped: () => boolean): Promise<null> {
    const { repo, log } = this.options;
    if (!(await repo.runningMove())) return null;
    const lock = await this.#lock();
    if (!lock) return null;
    try {
      // Read again under the lock: another instance may have finished it meanwhile.
      const move = await repo.runningMove();
      if (!move) return null;
      log.info({ move: move.id, target: move.target, total: move.total, moved: move.moved }, 'media moves: working');
      let afterId = 0;
      while (!stopped()) {
        const current = await repo.move(move.id);
        if (current?.status !== 'running') break;
        const file = await repo.nextFile(move.target, afterId);
        if (!file) {
          const finished = await repo.finishMove(move.id, move.target);
          log.info({ move: finished }, 'media moves: finished');
          break;
        }
        afterId = file.id;
        try {
          await this.#moveOne(move.id, move.target, file);
        } catch (error) {
          const reason = `${file.path}: ${await this.#plain(error)}`;
          log.warn({ move: move.id, path: file.path, err: error }, 'media moves: a file could not be moved');
          await repo.countFailure(move.id, reason);
        }
      }
    } finally {
      await lock.release();
    }
    return null;
  }

  async #plain(error: unknown): Promise<string> {
    const store = await this.options.storage.store().catch(() => null);
    if (error instanceof VerifyError) return error.message;
    return store ? describeStoreError(error, store.settings) : error instanceof Error ? error.message : String(error);
  }

  async #store(): Promise<ObjectStore> {
    const store = await this.options.storage.store(true);
    if (!store) throw new Error('The object store is not set up');
    return store;
  }

  async #moveOne(
    moveId: number,
    target: StorageName,
    file: NonNullable<Awaited<ReturnType<MediaStorageRepo['nextFile']>>>,
  ): Promise<void> {
    const { repo, log } = this.options;
    const store = await this.#store();
    if (target === 's3') {
      if (!file.bytes) throw new VerifyError('the record holds no bytes');
      const wrong = verifyBytes(file.bytes, file);
      if (wrong) throw new VerifyError(`the bytes in the database do not match the record (${wrong})`);
      await store.put(file.path, file.type, file.bytes);
      const back = await store.get(file.path);
      const differs = verifyBytes(back, file);
      if (differs) throw new VerifyError(`the copy read back from the object store differs (${differs})`);
      // The bytes in the database go with the switch.
      await repo.switchFile(moveId, file, 's3', null);
      return;
    }
    const bytes = await store.get(file.path);
    const differs = verifyBytes(bytes, file);
    if (differs) throw new VerifyError(`the object read from the store differs from the record (${differs})`);
    // The database copy is read back and checked inside the switch's transaction.
    const switched = await repo.switchFile(moveId, file, 'db', bytes);
    if (!switched) return;
    try {
      await store.delete(file.path);
    } catch (err) {
      // The record no longer names it: a left-over object, never a lost file.
      log.warn(
        { err, path: file.path },
        'media moves: an object moved to the database could not be deleted from the store',
      );
    }
  }
}

/** A copy that is not what the record says it is. */
class VerifyError extends Error {}
