// Account rules that must hold when requests race: one administrator always remains, and
// usernames stay unique ignoring case (on PostgreSQL these are real concurrent transactions).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

const remove = (t: TestContext, cookie: string, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: { cookie } });

const create = (cookie: string, username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { cookie },
    payload: { username, password: 'some-pass' },
  });

async function adminIds(t: TestContext): Promise<number[]> {
  const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  return rows.map((r) => r.id);
}

/** Two administrators on a fresh database, each signed in. */
async function twoAdmins() {
  const t = await createTestApp();
  const [x, y] = [
    await createUser(t.database, 'admin-x', 'pass-x', true),
    await createUser(t.database, 'admin-y', 'pass-y', true),
  ];
  return {
    t,
    x,
    y,
    xCookie: await login(t.app, 'admin-x', 'pass-x'),
    yCookie: await login(t.app, 'admin-y', 'pass-y'),
  };
}

describe('the last administrator', () => {
  it('survives two administrators deleting each other at the same moment (5 rounds)', async () => {
    const { t, x, y, xCookie, yCookie } = await twoAdmins();
    let survivor = { id: x, cookie: xCookie };
    let fresh = { id: y, cookie: yCookie };
    for (let round = 1; round <= 5; round++) {
      const [bySurvivor, byFresh] = await Promise.all([
        remove(t, survivor.cookie, fresh.id),
        remove(t, fresh.cookie, survivor.id),
      ]);
      const outcomes = [bySurvivor.statusCode, byFresh.statusCode];
      // One delete wins; the other finds a single administrator left (409), or that its caller
      // has just been deleted (401 at the session check, 403 inside the transaction).
      expect(
        outcomes.filter((s) => s === 200),
        `round ${round}: ${outcomes.join(', ')}`,
      ).toHaveLength(1);
      for (const res of [bySurvivor, byFresh]) {
        if (res.statusCode !== 200) expect([401, 403, 409], res.body).toContain(res.statusCode);
      }
      const left = await adminIds(t);
      expect(left, `round ${round}`).toHaveLength(1);
      survivor = left[0] === fresh.id ? fresh : survivor;

      // A new administrator for the next round.
      const name = `admin-${round}`;
      fresh = { id: await createUser(t.database, name, `pass-${round}`, true), cookie: '' };
      fresh.cookie = await login(t.app, name, `pass-${round}`);
    }
  });

  it('keeps one administrator when each of two fires several deletes at the other', async () => {
    const { t, x, y, xCookie, yCookie } = await twoAdmins();
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => remove(t, xCookie, y)),
      ...Array.from({ length: 4 }, () => remove(t, yCookie, x)),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((s) => s === 200),
      codes.join(' '),
    ).toHaveLength(1);
    expect(
      codes.filter((s) => s !== 200 && ![401, 403, 404, 409].includes(s)),
      codes.join(' '),
    ).toEqual([]);
    expect(await adminIds(t)).toHaveLength(1);
  });
});

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

describe('usernames unique ignoring case', () => {
  let admin: string;
  beforeAll(async () => {
    await createUser(ctx.database, 'case-admin', 'case-admin-pass', true);
    admin = await login(ctx.app, 'case-admin', 'case-admin-pass');
  });

  it('lets only one of two names differing in case be created, even at the same moment', async () => {
    const results = await Promise.all(['Casey', 'casey', 'CASEY', 'cAsEy'].map((name) => create(admin, name)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().code).toBe('CONFLICT');
      expect(res.json().message).toContain('already taken');
    }
    const created = results.find((r) => r.statusCode === 201)!.json().username as string;
    // Whatever case is typed, sign-in finds the one account.
    for (const typed of ['casey', 'CASEY', created]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: typed, password: 'some-pass' },
      });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().user.username).toBe(created);
    }
  });

  it('is enforced by the database itself, not only by the route', async () => {
    await createUser(ctx.database, 'dana', 'dana-pass', false);
    const error = await createUser(ctx.database, 'DANA', 'other-pass', false).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(pgCode(error)).toBe('23505');
  });
});
