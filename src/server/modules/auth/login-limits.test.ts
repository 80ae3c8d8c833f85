// Sign-in and password-change limits under attack: parallel bursts, password spraying, hashing
// floods, and (on PostgreSQL) one count shared by every instance.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CONCURRENCY, PASSWORD_QUEUE_MAX } from '../../lib/passwords';
import { createPeerApp, createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';
import { ADDRESS_FAILURES_FACTOR } from './auth.routes';

const onPostgres = process.env.TEST_ENGINE === 'postgres';

let tens: TestContext; // loginMaxFailures: 10 (the default)
let twos: TestContext; // loginMaxFailures: 2, so 10 failures per address across usernames
let threes: TestContext; // loginMaxFailures: 3
let roomy: TestContext; // limits far away, to reach the hashing queue

beforeAll(async () => {
  [tens, twos, threes, roomy] = await Promise.all([
    createTestApp({ loginMaxFailures: 10 }),
    createTestApp({ loginMaxFailures: 2 }),
    createTestApp({ loginMaxFailures: 3 }),
    createTestApp({ loginMaxFailures: 10_000 }),
  ]);
  await Promise.all([
    createUser(tens.database, 'target', 'right-pass', true),
    createUser(tens.database, 'crowd', 'crowd-pass', false),
    createUser(twos.database, 'real', 'real-pass', false),
    createUser(threes.database, 'changer', 'old-pass', false),
    createUser(threes.database, 'racer', 'racer-pass', false),
    createUser(threes.database, 'resetter', 'resetter-pass', false),
    createUser(roomy.database, 'staff', 'staff-pass', false),
  ]);
});

const loginReq = (username: string, password: string, remoteAddress = '127.0.0.1'): InjectOptions => ({
  method: 'POST',
  url: '/api/admin/login',
  payload: { username, password },
  remoteAddress,
});

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const countOf = (responses: LightMyRequestResponse[], status: number) =>
  responses.filter((r) => r.statusCode === status).length;

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/too many/i) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('parallel sign-in burst (loginMaxFailures: 10)', () => {
  it('checks only 10 of 40 parallel guesses and refuses the right password at position 21', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        tens.app.inject(loginReq('target', i === 20 ? 'right-pass' : `guess-${i}`, '192.0.2.1')),
      ),
    );
    expect(countOf(burst, 401), statuses(burst).join(' ')).toBe(10);
    expect(countOf(burst, 429)).toBe(30);
    expectTooMany(burst[20]!);
    for (const res of burst) expect(res.headers['set-cookie']).toBeUndefined();

    // And afterwards, one at a time: still refused.
    expectTooMany(await tens.app.inject(loginReq('target', 'right-pass', '192.0.2.1')));
  });

  it('never checks more than the limit, however many guesses arrive at once', async () => {
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => tens.app.inject(loginReq('crowd', `guess-${i}`, '192.0.2.2'))),
    );
    expect(countOf(burst, 401), statuses(burst).join(' ')).toBe(10);
    expect(countOf(burst, 429)).toBe(190);
    // The limit is per address and account: the owner elsewhere still signs in.
    await login(tens.app, 'crowd', 'crowd-pass');
  });
});

describe('password spraying (loginMaxFailures: 2, so 10 per address over all usernames)', () => {
  const perAddress = 2 * ADDRESS_FAILURES_FACTOR;

  it('refuses an address after 10 failures spread over as many usernames', async () => {
    for (let i = 0; i < perAddress; i++) {
      const res = await twos.app.inject(loginReq(`user-${i}`, 'Summer2026!', '198.51.100.1'));
      expect(res.statusCode, `guess ${i}`).toBe(401);
    }
    // The next guess, at any account and even with the right password, is refused.
    expectTooMany(await twos.app.inject(loginReq('real', 'real-pass', '198.51.100.1')));
    expectTooMany(await twos.app.inject(loginReq('user-99', 'Summer2026!', '198.51.100.1')));
    // Another address is not affected.
    expect((await twos.app.inject(loginReq('real', 'real-pass', '198.51.100.2'))).statusCode).toBe(200);
  });

  it('holds in parallel too: 10 of 30 simultaneous guesses at different usernames are checked', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => twos.app.inject(loginReq(`spray-${i}`, 'Winter2026!', '198.51.100.3'))),
    );
    expect(countOf(burst, 401), statuses(burst).join(' ')).toBe(perAddress);
    expect(countOf(burst, 429)).toBe(30 - perAddress);
  });

  it('does not count successes, nor let one valid account wipe the address count', async () => {
    const address = '198.51.100.4';
    for (let i = 0; i < perAddress - 1; i++) {
      expect((await twos.app.inject(loginReq(`other-${i}`, 'guess', address))).statusCode).toBe(401);
    }
    expect((await twos.app.inject(loginReq('real', 'real-pass', address))).statusCode).toBe(200);
    expect((await twos.app.inject(loginReq('real', 'real-pass', address))).statusCode).toBe(200);
    // 9 failures so far: one more is checked, then the address is refused.
    expect((await twos.app.inject(loginReq('last-try', 'guess', address))).statusCode).toBe(401);
    expectTooMany(await twos.app.inject(loginReq('one-more', 'guess', address)));
  });
});

describe('change-password guesses (loginMaxFailures: 3)', () => {
  const change = (t: TestContext, cookie: string, currentPassword: string, newPassword = 'brand-new') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: { cookie },
      payload: { currentPassword, newPassword, confirmPassword: newPassword },
    });

  it('refuses the 4th attempt after 3 wrong current passwords, even the right one, and changes nothing', async () => {
    const cookie = await login(threes.app, 'changer', 'old-pass');
    for (let i = 0; i < 3; i++) {
      const res = await change(threes, cookie, `wrong-${i}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('Current password is incorrect');
    }
    const blocked = await change(threes, cookie, 'old-pass');
    expectTooMany(blocked);
    expect(blocked.json().message).toMatch(/^Too many wrong current passwords\. Please try again in \d+ minutes?\.$/);

    // The limit is per account: a new session does not lift it; the password is unchanged.
    const second = await login(threes.app, 'changer', 'old-pass');
    expectTooMany(await change(threes, second, 'old-pass'));
    expect((await threes.app.inject(loginReq('changer', 'brand-new', '203.0.113.50'))).statusCode).toBe(401);
  });

  it('checks at most 3 of 12 parallel guesses', async () => {
    const cookie = await login(threes.app, 'racer', 'racer-pass');
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => change(threes, cookie, `guess-${i}`)));
    expect(countOf(burst, 422), statuses(burst).join(' ')).toBe(3);
    expect(countOf(burst, 429)).toBe(9);
  });

  it('starts counting afresh after a successful change', async () => {
    const cookie = await login(threes.app, 'resetter', 'resetter-pass');
    expect((await change(threes, cookie, 'wrong-1')).statusCode).toBe(422);
    expect((await change(threes, cookie, 'wrong-2')).statusCode).toBe(422);
    expect((await change(threes, cookie, 'resetter-pass', 'second-pass')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await change(threes, cookie, `wrong-again-${i}`)).statusCode).toBe(422);
    expectTooMany(await change(threes, cookie, 'second-pass'));
  });
});

describe('hashing flood', () => {
  it('answers a flood beyond the hashing queue with a quick 503 and Retry-After, never a 500', async () => {
    const size = (PASSWORD_CONCURRENCY + PASSWORD_QUEUE_MAX) * 4;
    const flood = await Promise.all(
      Array.from({ length: size }, (_, i) =>
        roomy.app.inject(loginReq(`nobody-${i}`, 'guess', `10.9.${Math.floor(i / 250)}.${i % 250}`)),
      ),
    );
    expect(new Set(statuses(flood))).toEqual(new Set([401, 503]));
    const busy = flood.find((r) => r.statusCode === 503)!;
    expect(busy.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/busy/i) });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    // Afterwards a real sign-in works at once.
    await login(roomy.app, 'staff', 'staff-pass');
  });
});

describe.runIf(onPostgres)('limits shared by instances on one PostgreSQL database', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp({ loginMaxFailures: 3, contactMaxPerHour: 2 });
    b = await createPeerApp(a);
    await createUser(a.database, 'shared', 'shared-pass', false);
  });

  it('counts sign-in failures on every instance together', async () => {
    expect((await a.app.inject(loginReq('shared', 'wrong-1', '192.0.2.77'))).statusCode).toBe(401);
    expect((await b.app.inject(loginReq('shared', 'wrong-2', '192.0.2.77'))).statusCode).toBe(401);
    expect((await a.app.inject(loginReq('shared', 'wrong-3', '192.0.2.77'))).statusCode).toBe(401);
    expectTooMany(await b.app.inject(loginReq('shared', 'shared-pass', '192.0.2.77')));
    expectTooMany(await a.app.inject(loginReq('shared', 'shared-pass', '192.0.2.77')));
  });

  it('checks only the limit of a burst split over two instances', async () => {
    await createUser(a.database, 'split', 'split-pass', false);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).app.inject(loginReq('split', `guess-${i}`, '192.0.2.78'))),
    );
    expect(countOf(burst, 401), statuses(burst).join(' ')).toBe(3);
    expect(countOf(burst, 429)).toBe(17);
  });

  it('counts contact-form messages on every instance together', async () => {
    const message = (t: TestContext, subject: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages',
        remoteAddress: '192.0.2.79',
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          subject,
          message: 'Hello from one of two instances.',
        },
      });
    expect((await message(a, 'one')).statusCode).toBe(201);
    expect((await message(b, 'two')).statusCode).toBe(201);
    const third = await message(a, 'three');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many messages from your address. Please try again later.',
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await message(b, 'four')).statusCode).toBe(429);
  });
});
