// Staff accounts (issue 11): an administrator resets another user's password (their sessions end)
// and changes roles (never leaving no administrator); everyone sees and ends their own sessions.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { describeUserAgent } from '../../../shared/user-agent';
import { createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
let admin: string;
let ids: Record<string, number>;

async function loginAs(username: string, password: string, userAgent?: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const c = res.cookies.find((x) => x.name === 'sid')!;
  return `${c.name}=${c.value}`;
}

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  ids = {
    admin: await createUser(ctx.database, 'admin', 'admin-pass', true),
    editor: await createUser(ctx.database, 'editor', 'editor-pass', false),
    writer: await createUser(ctx.database, 'writer', 'writer-pass', false),
  };
  admin = await login(ctx.app, 'admin', 'admin-pass');
});

describe('the device of a session', () => {
  it('names the browser and the system', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(describeUserAgent('')).toBe('Unknown device');
  });
});

describe('resetting another user password', () => {
  it('sets the new password and ends all of that user’s sessions, not the administrator’s', async () => {
    const writer = await loginAs('writer', 'writer-pass');
    const writer2 = await loginAs('writer', 'writer-pass');
    expect((await call('GET', '/api/admin/me', writer)).statusCode).toBe(200);
    const res = await call('PUT', `/api/admin/users/${ids.writer}/password`, admin, {
      newPassword: 'fresh-pass',
      confirmPassword: 'fresh-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/admin/me', writer)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me', writer2)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me', admin)).statusCode).toBe(200);
    await loginAs('writer', 'fresh-pass');
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'writer', password: 'writer-pass' },
    });
    expect(old.statusCode).toBe(401);
  });

  it('validates with the spec’s password rules', async () => {
    const short = await call('PUT', `/api/admin/users/${ids.writer}/password`, admin, {
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().issues).toContainEqual({
      path: 'newPassword',
      message: 'Password must be at least 4 characters',
    });
    const mismatch = await call('PUT', `/api/admin/users/${ids.writer}/password`, admin, {
      newPassword: 'abcd1',
      confirmPassword: 'abcd2',
    });
    expect(mismatch.json().issues).toEqual([{ path: 'confirmPassword', message: "Passwords don't match" }]);
  });

  it('is for administrators only, not for one’s own account, and 404 for nobody', async () => {
    const editor = await loginAs('editor', 'editor-pass');
    const body = { newPassword: 'abcd', confirmPassword: 'abcd' };
    expect((await call('PUT', `/api/admin/users/${ids.writer}/password`, null, body)).statusCode).toBe(401);
    expect((await call('PUT', `/api/admin/users/${ids.writer}/password`, editor, body)).statusCode).toBe(403);
    const own = await call('PUT', `/api/admin/users/${ids.admin}/password`, admin, body);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain('Change Password');
    expect((await call('PUT', '/api/admin/users/999999/password', admin, body)).statusCode).toBe(404);
  });
});

describe('changing a role', () => {
  it('makes a user an administrator and back', async () => {
    const up = await call('PATCH', `/api/admin/users/${ids.editor}`, admin, { isAdmin: true });
    expect(up.json()).toEqual({ id: ids.editor, username: 'editor', isAdmin: true, email: null });
    const down = await call('PATCH', `/api/admin/users/${ids.editor}`, admin, { isAdmin: false });
    expect(down.json().isAdmin).toBe(false);
    expect((await call('PATCH', `/api/admin/users/${ids.editor}`, admin, { isAdmin: 'yes' })).statusCode).toBe(422);
    expect((await call('PATCH', '/api/admin/users/999999', admin, { isAdmin: true })).statusCode).toBe(404);
    const editor = await loginAs('editor', 'editor-pass');
    expect((await call('PATCH', `/api/admin/users/${ids.writer}`, editor, { isAdmin: true })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/admin/users/${ids.writer}`, null, { isAdmin: true })).statusCode).toBe(401);
  });

  it('never leaves the site without an administrator, even when two demote each other at once', async () => {
    const last = await call('PATCH', `/api/admin/users/${ids.admin}`, admin, { isAdmin: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The last administrator cannot stop being one');

    const second = await createUser(ctx.database, 'second-admin', 'second-pass', true);
    const secondCookie = await login(ctx.app, 'second-admin', 'second-pass');
    const [a, b] = await Promise.all([
      call('PATCH', `/api/admin/users/${second}`, admin, { isAdmin: false }),
      call('PATCH', `/api/admin/users/${ids.admin}`, secondCookie, { isAdmin: false }),
    ]);
    // One wins; the other finds itself either the last administrator (409) or no longer one (403).
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await ctx.database.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
  });
});

describe('one’s own sessions', () => {
  it('lists them with device and last use, marks this one, and ends another or all others', async () => {
    const phone = await loginAs('writer', 'fresh-pass', SAFARI_IPHONE);
    const laptop = await loginAs('writer', 'fresh-pass', CHROME_WINDOWS);
    const tablet = await loginAs('writer', 'fresh-pass', 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1');
    const list = (await call('GET', '/api/admin/sessions', laptop)).json() as {
      id: string;
      device: string;
      current: boolean;
      lastSeenAt: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Windows']);
    expect(list.map((s) => s.device)).toEqual(expect.arrayContaining(['Safari on iPhone', 'Safari on iPad']));
    for (const s of list) expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Someone else's session is unknown to this user.
    const adminSessions = (await call('GET', '/api/admin/sessions', admin)).json() as { id: string }[];
    expect((await call('DELETE', `/api/admin/sessions/${adminSessions[0]!.id}`, laptop)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/me', admin)).statusCode).toBe(200);

    const phoneSession = list.find((s) => s.device === 'Safari on iPhone')!;
    expect((await call('DELETE', `/api/admin/sessions/${phoneSession.id}`, laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me', tablet)).statusCode).toBe(200);

    expect((await call('DELETE', '/api/admin/sessions/others', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me', tablet)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/me', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/sessions', laptop)).json()).toHaveLength(1);
  });

  it('is for signed-in staff only', async () => {
    expect((await call('GET', '/api/admin/sessions', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/admin/sessions/others', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/admin/sessions/abc', null)).statusCode).toBe(401);
  });
});
