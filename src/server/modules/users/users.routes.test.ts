// Staff accounts: administrators list, create and delete them (SPEC §3, §5, §6; DESIGN "Roles").
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectNoSecrets } from '../../../../tests/setup/api';
import { createTestApp, createUser, login, staffSessions, type TestContext } from '../../../../tests/setup/test-app';

let ctx: TestContext;
let admin: string;
let editor: string;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, editor } = await staffSessions(ctx));
  adminId = (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: admin },
    })
  ).json().id;
});

/** Every reply is checked: never a password field, never a password hash. */
async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject(options);
  expectNoSecrets(res, /password|hash/i);
  return res;
}

const withCookie = (cookie?: string) => (cookie ? { headers: { cookie } } : {});
const list = (cookie?: string) => call({ method: 'GET', url: '/api/admin/users', ...withCookie(cookie) });
const create = (cookie: string | undefined, payload: unknown) =>
  call({
    method: 'POST',
    url: '/api/admin/users',
    ...withCookie(cookie),
    payload: payload as InjectOptions['payload'],
  });
const remove = (cookie: string | undefined, id: number | string) =>
  call({
    method: 'DELETE',
    url: `/api/admin/users/${id}`,
    ...withCookie(cookie),
  });
const me = (cookie: string) => call({ method: 'GET', url: '/api/admin/me', headers: { cookie } });

async function usernames(): Promise<string[]> {
  const res = await list(admin);
  expect(res.statusCode).toBe(200);
  return res.json().map((u: { username: string }) => u.username);
}

describe('access', () => {
  it('is 401 for anonymous callers on every users endpoint', async () => {
    expectError(await list(), 401, 'UNAUTHENTICATED');
    expectError(
      await create(undefined, {
        username: 'ghost',
        password: 'ghost-pass',
        isAdmin: false,
      }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await remove(undefined, adminId), 401, 'UNAUTHENTICATED');
    expect(await usernames()).not.toContain('ghost');
  });

  it('is 403 for a User (isAdmin false) on every users endpoint', async () => {
    expectError(await list(editor), 403, 'FORBIDDEN');
    expectError(
      await create(editor, {
        username: 'sneaky',
        password: 'sneaky-pass',
        isAdmin: true,
      }),
      403,
      'FORBIDDEN',
    );
    expectError(await remove(editor, adminId), 403, 'FORBIDDEN');
    expect(await usernames()).not.toContain('sneaky');
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('is 403 for a User even on validation-failing input (the role is checked first)', async () => {
    expectError(await create(editor, { username: '', password: '' }), 403, 'FORBIDDEN');
    expectError(await remove(editor, 'abc'), 403, 'FORBIDDEN');
  });
});

describe('GET /api/admin/users', () => {
  it('lists id, username, isAdmin and email only, in creation order', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const users = res.json() as Record<string, unknown>[];
    expect(users.slice(0, 2)).toEqual([
      { id: adminId, username: 'admin', isAdmin: true, email: null },
      { id: expect.any(Number), username: 'editor', isAdmin: false, email: null },
    ]);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['email', 'id', 'isAdmin', 'username']);
  });
});

describe('POST /api/admin/users', () => {
  const expectInvalid = async (payload: unknown, path: string, message: string) => {
    const body = expectError(await create(admin, payload), 422, 'VALIDATION_FAILED');
    expect(body.issues).toContainEqual({ path, message });
  };

  it('validates the username', async () => {
    await expectInvalid({ username: '', password: 'pass1234' }, 'username', 'Username is required');
    await expectInvalid({ username: '    ', password: 'pass1234' }, 'username', 'Username is required');
    await expectInvalid(
      { username: 'a'.repeat(51), password: 'pass1234' },
      'username',
      'Username must be at most 50 characters',
    );
    await expectInvalid(
      { username: 'bad name!', password: 'pass1234' },
      'username',
      'Username may only contain letters, numbers, dots, dashes and underscores',
    );
  });

  it('validates the password', async () => {
    await expectInvalid({ username: 'shorty', password: 'abc' }, 'password', 'Password must be at least 4 characters');
    await expectInvalid({ username: 'shorty', password: '' }, 'password', 'Password must be at least 4 characters');
    await expectInvalid(
      { username: 'longy', password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    );
    const names = await usernames();
    expect(names).not.toContain('shorty');
    expect(names).not.toContain('longy');
  });

  it('validates isAdmin as a boolean', async () => {
    const body = expectError(
      await create(admin, {
        username: 'flag',
        password: 'flag-pass',
        isAdmin: 'yes',
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(body.issues?.map((i) => i.path)).toEqual(['isAdmin']);
    expect(await usernames()).not.toContain('flag');
  });

  it('accepts the edges: 50-character username, 4- and 128-character passwords', async () => {
    const long = 'u'.repeat(50);
    const a = await create(admin, { username: long, password: 'abcd' });
    expect(a.statusCode, a.body).toBe(201);
    const b = await create(admin, {
      username: 'long.pass_user-1',
      password: 'p'.repeat(128),
    });
    expect(b.statusCode, b.body).toBe(201);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: long, password: 'abcd' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('creates a User (isAdmin defaults to false) who can sign in, but not manage users', async () => {
    const res = await create(admin, {
      username: 'newbie',
      password: 'newbie-pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'newbie',
      isAdmin: false,
      email: null,
    });

    expect((await list(admin)).json()).toContainEqual(user);

    const cookie = await login(ctx.app, 'newbie', 'newbie-pass');
    expect((await me(cookie)).json()).toEqual(user);
    expectError(await list(cookie), 403, 'FORBIDDEN');
  });

  it('creates an Administrator who can manage users', async () => {
    const res = await create(admin, {
      username: 'boss',
      password: 'boss-pass',
      isAdmin: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'boss',
      isAdmin: true,
      email: null,
    });
    const cookie = await login(ctx.app, 'boss', 'boss-pass');
    expect((await list(cookie)).statusCode).toBe(200);
  });

  it('trims the username', async () => {
    const res = await create(admin, {
      username: '  spaced  ',
      password: 'spaced-pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().username).toBe('spaced');
  });

  it('refuses a username that is taken, ignoring case, with 409', async () => {
    const before = await usernames();
    for (const username of ['editor', 'EDITOR', 'Admin', ' editor ']) {
      const body = expectError(await create(admin, { username, password: 'other-pass' }), 409, 'CONFLICT');
      expect(body.message).toContain('already taken');
    }
    expect(await usernames()).toEqual(before);
    // The existing account keeps its password.
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'editor', password: 'other-pass' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'editor', password: 'editor-pass' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses to delete yourself (403)', async () => {
    expectError(await remove(admin, adminId), 403, 'FORBIDDEN', 'You cannot delete your own account');
    expect(await usernames()).toContain('admin');
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('is 404 for an id that does not exist', async () => {
    expectError(await remove(admin, 999_999), 404, 'NOT_FOUND');
    expectError(await remove(admin, 2_147_483_647), 404, 'NOT_FOUND');
  });

  it('is 400 for ids that are not positive whole numbers', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999']) {
      const body = expectError(await remove(admin, id), 400, 'BAD_REQUEST');
      expect(body.message, id).toBe('Invalid id');
    }
  });

  it('deletes a user, ends their sessions and stops them signing in', async () => {
    const id = await createUser(ctx.database, 'leaver', 'leaver-pass', false);
    const session = await login(ctx.app, 'leaver', 'leaver-pass');
    const session2 = await login(ctx.app, 'leaver', 'leaver-pass');
    expect((await me(session)).statusCode).toBe(200);

    const res = await remove(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await list(admin)).json().map((u: { id: number }) => u.id)).not.toContain(id);
    expectError(await me(session), 401, 'UNAUTHENTICATED');
    expectError(await me(session2), 401, 'UNAUTHENTICATED');
    const check = await call({
      method: 'GET',
      url: '/api/admin/check-auth',
      headers: { cookie: session },
    });
    expect(check.json()).toEqual({ isAuthenticated: false });
    expectError(
      await call({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'leaver', password: 'leaver-pass' },
      }),
      401,
      'UNAUTHENTICATED',
      'Invalid username or password',
    );

    // Deleting it again: it is gone.
    expectError(await remove(admin, id), 404, 'NOT_FOUND');
  });

  it('lets an administrator delete another administrator', async () => {
    const id = await createUser(ctx.database, 'co-admin', 'co-admin-pass', true);
    const res = await remove(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await usernames()).not.toContain('co-admin');
  });

  it('frees the username for reuse after deletion', async () => {
    const id = await createUser(ctx.database, 'recycled', 'first-pass', false);
    expect((await remove(admin, id)).statusCode).toBe(200);
    const res = await create(admin, {
      username: 'Recycled',
      password: 'second-pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).not.toBe(id);
  });
});
