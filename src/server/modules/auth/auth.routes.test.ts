// Sign-in, sign-out, who am I, session expiry and password change (SPEC §5, §7; DESIGN "sessions").
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectNoSecrets } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let ctx: TestContext;
let https: TestContext;
let limited: TestContext;
let clocked: TestContext;

beforeAll(async () => {
  const clock = fixedClock();
  [ctx, https, limited, clocked] = await Promise.all([
    createTestApp({}, { clock }),
    createTestApp({ siteUrl: 'https://studio.example' }, { clock }),
    createTestApp({ loginMaxFailures: 3 }, { clock }),
    createTestApp({}, { clock: fixedClock() }),
  ]);
  await Promise.all([
    createUser(ctx.database, 'admin', 'admin-pass', true),
    createUser(ctx.database, 'editor', 'editor-pass', false),
    createUser(https.database, 'admin', 'admin-pass', true),
    createUser(limited.database, 'alice', 'alice-pass', false),
    createUser(limited.database, 'bob', 'bob-pass', false),
    createUser(limited.database, 'carol', 'carol-pass', false),
    createUser(clocked.database, 'sleeper', 'sleeper-pass', false),
  ]);
});

afterEach(() => {
  clocked.clock.offsetMs = 0;
});

async function call(app: TestContext, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.app.inject(options);
  expectNoSecrets(res, /password/i);
  return res;
}

const loginReq = (username: unknown, password: unknown, extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method: 'POST',
  url: '/api/admin/login',
  payload: { username, password },
  ...extra,
});

const me = (t: TestContext, cookie?: string) =>
  call(t, {
    method: 'GET',
    url: '/api/admin/me',
    ...(cookie ? { headers: { cookie } } : {}),
  });

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
}

describe('POST /api/admin/login', () => {
  it('requires a username', async () => {
    for (const username of ['', '   ']) {
      const res = await call(ctx, loginReq(username, 'admin-pass'));
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'Username is required');
      expect(body.issues).toEqual([{ path: 'username', message: 'Username is required' }]);
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it('requires a password', async () => {
    const res = await call(ctx, loginReq('admin', ''));
    const body = expectError(res, 422, 'VALIDATION_FAILED', 'Password is required');
    expect(body.issues).toEqual([{ path: 'password', message: 'Password is required' }]);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('reports both missing fields, each on its path', async () => {
    const res = await call(ctx, loginReq('', ''));
    const body = expectError(res, 422, 'VALIDATION_FAILED');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('rejects a body without the fields as invalid (422), not as a server error', async () => {
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/admin/login',
      payload: {},
    });
    const body = expectError(res, 422, 'VALIDATION_FAILED');
    expect(body.issues?.map((i) => i.path).sort()).toEqual(['password', 'username']);
  });

  it('refuses a wrong password and an unknown user with the same 401 message and no cookie', async () => {
    const wrong = await call(ctx, loginReq('admin', 'not-the-password'));
    expectError(wrong, 401, 'UNAUTHENTICATED', 'Invalid username or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const unknown = await call(ctx, loginReq('nobody', 'admin-pass'));
    expectError(unknown, 401, 'UNAUTHENTICATED', 'Invalid username or password');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('signs in: replies with the user and sets an HttpOnly, SameSite=Lax, Path=/ cookie named sid', async () => {
    const res = await call(ctx, loginReq('admin', 'admin-pass'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: { id: expect.any(Number), username: 'admin', isAdmin: true },
    });

    const cookies = res.cookies.filter((c) => c.name === 'sid');
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0]!;
    expect(cookie.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.domain).toBeUndefined();
    // The cookie lives as long as the session can (30 days at most).
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);

    const who = await me(ctx, `sid=${cookie.value}`);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({
      id: res.json().user.id,
      username: 'admin',
      isAdmin: true,
      email: null,
    });
  });

  it('matches the username case-insensitively and ignores surrounding spaces', async () => {
    const res = await call(ctx, loginReq('  ADMIN ', 'admin-pass'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.username).toBe('admin');
  });

  it('checks the password exactly (case-sensitive)', async () => {
    const res = await call(ctx, loginReq('admin', 'ADMIN-PASS'));
    expectError(res, 401, 'UNAUTHENTICATED', 'Invalid username or password');
  });

  it('gives a new session id at every sign-in and ends the session the browser sent', async () => {
    const first = await login(ctx.app, 'editor', 'editor-pass');
    expect((await me(ctx, first)).statusCode).toBe(200);

    const again = await call(ctx, loginReq('editor', 'editor-pass', { headers: { cookie: first } }));
    expect(again.statusCode, again.body).toBe(200);
    const second = sessionCookie(again)!;
    expect(second.name).toBe('sid');
    expect(`sid=${second.value}`).not.toBe(first);

    expectError(await me(ctx, first), 401, 'UNAUTHENTICATED');
    expect((await me(ctx, `sid=${second.value}`)).statusCode).toBe(200);
  });

  it('keeps other sessions of the same user when signing in without a cookie (two browsers)', async () => {
    const laptop = await login(ctx.app, 'editor', 'editor-pass');
    const phone = await login(ctx.app, 'editor', 'editor-pass');
    expect(phone).not.toBe(laptop);
    expect((await me(ctx, laptop)).statusCode).toBe(200);
    expect((await me(ctx, phone)).statusCode).toBe(200);
  });

  it('uses a Secure __Host-sid cookie when the site is served over https', async () => {
    const res = await call(https, loginReq('admin', 'admin-pass'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toBeDefined();
    expect(cookie!.secure).toBe(true);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    // __Host- cookies must not carry a Domain.
    expect(cookie!.domain).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);

    expect((await me(https, `__Host-sid=${cookie!.value}`)).statusCode).toBe(200);
    // The plain name is not read on an https site.
    expectError(await me(https, `sid=${cookie!.value}`), 401, 'UNAUTHENTICATED');
  });
});

describe('login rate limit (loginMaxFailures: 3)', () => {
  it('refuses the 4th attempt after 3 failures with 429, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      expectError(
        await call(limited, loginReq('alice', `wrong-${i}`)),
        401,
        'UNAUTHENTICATED',
        'Invalid username or password',
      );
    }
    const blocked = await call(limited, loginReq('alice', 'alice-pass'));
    const body = expectError(blocked, 429, 'TOO_MANY_REQUESTS');
    expect(body.message).toMatch(/too many/i);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(blocked)).toBeUndefined();

    // The lock counts the username case-insensitively.
    expectError(await call(limited, loginReq('ALICE', 'alice-pass')), 429, 'TOO_MANY_REQUESTS');

    // Another username from the same address is unaffected.
    const bob = await call(limited, loginReq('bob', 'bob-pass'));
    expect(bob.statusCode, bob.body).toBe(200);

    // The same username from another address is unaffected.
    const elsewhere = await call(limited, loginReq('alice', 'alice-pass', { remoteAddress: '203.0.113.9' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('resets the failure count after a successful sign-in', async () => {
    expect((await call(limited, loginReq('carol', 'wrong-1'))).statusCode).toBe(401);
    expect((await call(limited, loginReq('carol', 'wrong-2'))).statusCode).toBe(401);
    expect((await call(limited, loginReq('carol', 'carol-pass'))).statusCode).toBe(200);
    // Without the reset these would be failures 3 and 4, and the 4th would be refused.
    expect((await call(limited, loginReq('carol', 'wrong-3'))).statusCode).toBe(401);
    expect((await call(limited, loginReq('carol', 'wrong-4'))).statusCode).toBe(401);
    const ok = await call(limited, loginReq('carol', 'carol-pass'));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('GET /api/admin/check-auth', () => {
  it('is false without a session and with an unknown cookie', async () => {
    const anon = await call(ctx, {
      method: 'GET',
      url: '/api/admin/check-auth',
    });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ isAuthenticated: false });

    const bogus = await call(ctx, {
      method: 'GET',
      url: '/api/admin/check-auth',
      headers: { cookie: 'sid=not-a-session' },
    });
    expect(bogus.statusCode).toBe(200);
    expect(bogus.json()).toEqual({ isAuthenticated: false });
  });

  it('is true with a session', async () => {
    const cookie = await login(ctx.app, 'editor', 'editor-pass');
    const res = await call(ctx, {
      method: 'GET',
      url: '/api/admin/check-auth',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAuthenticated: true });
  });
});

describe('GET /api/admin/me', () => {
  it('is 401 without a session', async () => {
    expectError(await me(ctx), 401, 'UNAUTHENTICATED');
    expectError(await me(ctx, 'sid=not-a-session'), 401, 'UNAUTHENTICATED');
  });

  it('returns exactly id, username, isAdmin and email of the signed-in user', async () => {
    const admin = await me(ctx, await login(ctx.app, 'admin', 'admin-pass'));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({
      id: expect.any(Number),
      username: 'admin',
      isAdmin: true,
      email: null,
    });

    const editor = await me(ctx, await login(ctx.app, 'editor', 'editor-pass'));
    expect(editor.statusCode).toBe(200);
    expect(editor.json()).toEqual({
      id: expect.any(Number),
      username: 'editor',
      isAdmin: false,
      email: null,
    });
    expect(editor.json().id).not.toBe(admin.json().id);
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const cookie = await login(ctx.app, 'editor', 'editor-pass');
    const res = await call(ctx, {
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBe(0);

    // The old cookie no longer works, even if the browser keeps sending it.
    expectError(await me(ctx, cookie), 401, 'UNAUTHENTICATED');
    const check = await call(ctx, {
      method: 'GET',
      url: '/api/admin/check-auth',
      headers: { cookie },
    });
    expect(check.json()).toEqual({ isAuthenticated: false });
  });

  it('ends only the session it was called with', async () => {
    const one = await login(ctx.app, 'editor', 'editor-pass');
    const two = await login(ctx.app, 'editor', 'editor-pass');
    expect(
      (
        await call(ctx, {
          method: 'POST',
          url: '/api/admin/logout',
          headers: { cookie: one },
        })
      ).statusCode,
    ).toBe(200);
    expect((await me(ctx, one)).statusCode).toBe(401);
    expect((await me(ctx, two)).statusCode).toBe(200);
  });

  it('succeeds without a session and with an unknown cookie', async () => {
    const anon = await call(ctx, { method: 'POST', url: '/api/admin/logout' });
    expect(anon.statusCode, anon.body).toBe(200);
    expect(anon.json()).toEqual({ success: true });

    const bogus = await call(ctx, {
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: 'sid=not-a-session' },
    });
    expect(bogus.statusCode).toBe(200);
  });

  it('clears the __Host-sid cookie on an https site', async () => {
    const cookie = await login(https.app, 'admin', 'admin-pass');
    expect(cookie.startsWith('__Host-sid=')).toBe(true);
    const res = await call(https, {
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.secure).toBe(true);
    expect((await me(https, cookie)).statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  it('ends a session idle for more than 7 days, not one idle for less', async () => {
    const idle = await login(clocked.app, 'sleeper', 'sleeper-pass');
    const recent = await login(clocked.app, 'sleeper', 'sleeper-pass');

    clocked.clock.offsetMs = 7 * DAY - HOUR;
    expect((await me(clocked, recent)).statusCode).toBe(200);

    clocked.clock.offsetMs = 7 * DAY + MINUTE;
    expectError(await me(clocked, idle), 401, 'UNAUTHENTICATED');
    const check = await call(clocked, {
      method: 'GET',
      url: '/api/admin/check-auth',
      headers: { cookie: idle },
    });
    expect(check.json()).toEqual({ isAuthenticated: false });
    // `recent` was used an hour ago (in app time), so it is still alive.
    expect((await me(clocked, recent)).statusCode).toBe(200);

    // An expired session stays expired when the clock goes back.
    clocked.clock.offsetMs = 0;
    expect((await me(clocked, idle)).statusCode).toBe(401);
  });

  it('keeps an active session past 7 days, but never past 30 days from sign-in', async () => {
    const cookie = await login(clocked.app, 'sleeper', 'sleeper-pass');
    for (const day of [6, 12, 18, 24, 29]) {
      clocked.clock.offsetMs = day * DAY;
      const res = await me(clocked, cookie);
      expect(res.statusCode, `day ${day}`).toBe(200);
    }
    clocked.clock.offsetMs = 30 * DAY + MINUTE;
    expectError(await me(clocked, cookie), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/admin/change-password', () => {
  const change = (cookie: string | undefined, payload: Record<string, unknown>) =>
    call(ctx, {
      method: 'POST',
      url: '/api/admin/change-password',
      ...(cookie ? { headers: { cookie } } : {}),
      payload,
    });

  let owner: string;
  /** The owner's change, from the old password unless told. */
  const changeTo = (newPassword: string, confirmPassword = newPassword, currentPassword = 'old-pass') =>
    change(owner, { currentPassword, newPassword, confirmPassword });
  beforeAll(async () => {
    await createUser(ctx.database, 'changer', 'old-pass', false);
    owner = await login(ctx.app, 'changer', 'old-pass');
  });

  it('is 401 without a session', async () => {
    expectError(
      await change(undefined, {
        currentPassword: 'old-pass',
        newPassword: 'abcd',
        confirmPassword: 'abcd',
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('requires the current password', async () => {
    const body = expectError(
      await changeTo('new-pass', 'new-pass', ''),
      422,
      'VALIDATION_FAILED',
      'Current password is required',
    );
    expect(body.issues).toEqual([{ path: 'currentPassword', message: 'Current password is required' }]);
  });

  it('requires at least 4 characters for the new password and its confirmation', async () => {
    const newShort = expectError(await changeTo('abc', 'abcd'), 422, 'VALIDATION_FAILED');
    expect(newShort.issues).toContainEqual({
      path: 'newPassword',
      message: 'Password must be at least 4 characters',
    });

    const confirmShort = expectError(await changeTo('abcd', 'abc'), 422, 'VALIDATION_FAILED');
    expect(confirmShort.issues).toContainEqual({
      path: 'confirmPassword',
      message: 'Password must be at least 4 characters',
    });

    const bothShort = expectError(
      await changeTo('ab'),
      422,
      'VALIDATION_FAILED',
      'Password must be at least 4 characters',
    );
    expect(bothShort.issues).toEqual([
      {
        path: 'newPassword',
        message: 'Password must be at least 4 characters',
      },
      {
        path: 'confirmPassword',
        message: 'Password must be at least 4 characters',
      },
    ]);
  });

  it('reports "Passwords don\'t match" on confirmPassword', async () => {
    const body = expectError(await changeTo('new-pass', 'new-pasS'), 422, 'VALIDATION_FAILED', "Passwords don't match");
    expect(body.issues).toEqual([{ path: 'confirmPassword', message: "Passwords don't match" }]);
  });

  it('refuses a wrong current password with 422 and changes nothing', async () => {
    const body = expectError(
      await changeTo('new-pass', 'new-pass', 'not-old-pass'),
      422,
      'VALIDATION_FAILED',
      'Current password is incorrect',
    );
    expect(body.issues).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    // Still the old password, and the session still works.
    expect((await me(ctx, owner)).statusCode).toBe(200);
    expect((await call(ctx, loginReq('changer', 'new-pass'))).statusCode).toBe(401);
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const otherBrowser = await login(ctx.app, 'changer', 'old-pass');
    const adminSession = await login(ctx.app, 'admin', 'admin-pass');
    expect((await me(ctx, otherBrowser)).statusCode).toBe(200);

    const res = await changeTo('new-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await me(ctx, owner)).statusCode).toBe(200);
    expectError(await me(ctx, otherBrowser), 401, 'UNAUTHENTICATED');
    // Other users' sessions are untouched.
    expect((await me(ctx, adminSession)).statusCode).toBe(200);

    expectError(
      await call(ctx, loginReq('changer', 'old-pass')),
      401,
      'UNAUTHENTICATED',
      'Invalid username or password',
    );
    const fresh = await call(ctx, loginReq('changer', 'new-pass'));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().user.username).toBe('changer');
  });
});
