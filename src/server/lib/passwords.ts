// Password hashing with argon2id (OWASP's recommended parameters are the library defaults).
// Each hash costs ~20 MB and tens of milliseconds on libuv's small thread pool, which also serves
// file reads and compression: a few run at once, a bounded number wait, the rest are turned away.
import { hash, verify } from '@node-rs/argon2';
import { HttpError } from './errors';
import { workQueue } from './work-queue';

/** Hashes computed at the same time (the thread pool has 4 threads by default; leave some free). */
export const PASSWORD_CONCURRENCY = 2;
/** Hashes allowed to wait for a slot; beyond this the server answers 503 at once. */
export const PASSWORD_QUEUE_MAX = 32;

/** Too many password checks waiting: answered 503, and the attempt is not counted. */
export class PasswordQueueFullError extends HttpError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.');
  }
}

const queue = workQueue({
  concurrency: PASSWORD_CONCURRENCY,
  maxWaiting: PASSWORD_QUEUE_MAX,
  full: () => new PasswordQueueFullError(),
});
const inSlot = <T>(fn: () => Promise<T>): Promise<T> => queue.run(fn);

export function hashPassword(password: string): Promise<string> {
  return inSlot(() => hash(password));
}

export function verifyPassword(hashed: string, password: string): Promise<boolean> {
  return inSlot(async () => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  });
}

// A real hash to verify against when the user does not exist, so timing does not reveal usernames.
// Made outside the queue: it is made once, and a refusal must not be remembered.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hash('not-a-real-password');
  return dummy;
}
