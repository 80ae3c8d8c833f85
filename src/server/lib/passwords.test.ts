// The password-hashing queue: a few hashes at once, a bounded line, and a quick refusal beyond it.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// argon2 replaced by hashes that finish when the test says so, to watch the queue.
const pending: { password: string; finish: (ok: boolean) => void; fail: (e: Error) => void }[] = [];
let running = 0;
let mostAtOnce = 0;
vi.mock('@node-rs/argon2', () => {
  const work = (password: string) =>
    new Promise<boolean>((resolve, reject) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = () => running--;
      pending.push({
        password,
        finish: (ok) => (done(), resolve(ok)),
        fail: (e) => (done(), reject(e)),
      });
    });
  return {
    hash: async (password: string) => `hash:${String(await work(password))}`,
    verify: (_hash: string, password: string) => work(password),
  };
});

const { PASSWORD_CONCURRENCY, PASSWORD_QUEUE_MAX, PasswordQueueFullError, hashPassword, verifyPassword } =
  await import('./passwords');

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function finishAll() {
  while (pending.length > 0) {
    pending.shift()!.finish(true);
    await settle();
  }
}

beforeEach(async () => {
  await finishAll();
  mostAtOnce = 0;
});

describe('password hashing queue', () => {
  it('runs at most PASSWORD_CONCURRENCY hashes at once and the rest in arrival order', async () => {
    const order: string[] = [];
    const calls = Array.from({ length: 6 }, (_, i) => verifyPassword('h', `p${i}`).then(() => order.push(`p${i}`)));
    await settle();
    expect(running).toBe(PASSWORD_CONCURRENCY);
    expect(pending.map((p) => p.password)).toEqual(['p0', 'p1']);

    await finishAll();
    await Promise.all(calls);
    expect(mostAtOnce).toBe(PASSWORD_CONCURRENCY);
    expect(order).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('refuses at once when the line is full, and takes work again when it moves', async () => {
    const accepted = Array.from({ length: PASSWORD_CONCURRENCY + PASSWORD_QUEUE_MAX }, (_, i) =>
      hashPassword(`queued-${i}`),
    );
    await settle();
    await expect(verifyPassword('h', 'one-too-many')).rejects.toBeInstanceOf(PasswordQueueFullError);
    await expect(hashPassword('one-too-many')).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });

    pending.shift()!.finish(true);
    await settle();
    const late = verifyPassword('h', 'after-a-slot-freed');
    await finishAll();
    await expect(late).resolves.toBe(true);
    await expect(Promise.all(accepted)).resolves.toHaveLength(accepted.length);
    expect(mostAtOnce).toBe(PASSWORD_CONCURRENCY);
  });

  it('frees the slot when a hash fails, and a failed verify is a wrong password', async () => {
    const failing = verifyPassword('corrupt', 'x');
    const failingHash = hashPassword('y');
    await settle();
    pending.shift()!.fail(new Error('invalid hash'));
    pending.shift()!.fail(new Error('out of memory'));
    await expect(failing).resolves.toBe(false);
    await expect(failingHash).rejects.toThrow('out of memory');
    expect(running).toBe(0);

    const next = verifyPassword('h', 'next');
    await settle();
    expect(running).toBe(1);
    await finishAll();
    await expect(next).resolves.toBe(true);
  });
});
