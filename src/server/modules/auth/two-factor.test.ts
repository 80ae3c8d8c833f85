// Two-factor with an authenticator app (issue 23): enrolment, the two-step sign-in, no replay,
// recovery codes, turning it off, secrets sealed in the database and in backups, the sign-in limits
// shared with passwords, the site's policy and its grace period, and an administrator's removal.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { RecoveryCodes, TotpEnrolment, TwoFactorStatus } from '../../../shared/schemas/two-factor';
import { auditLog, passkeys, recoveryCodes, users } from '../../db/schema';
import { hotp, stepAt, totpCode } from '../../lib/totp';
import { expectError, ok } from '../../../../tests/setup/api';
import { createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';
import { TWO_FACTOR_COOKIE } from './two-factor';

const STEP_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ loginMaxFailures: 10 });
  await createUser(ctx.database, 'admin', 'admin-pass', true);
  admin = await login(ctx.app, 'admin', 'admin-pass');
});

const send = (
  t: TestContext,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  cookie?: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const sessionOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');
const stepOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === TWO_FACTOR_COOKIE);
  return cookie ? `${TWO_FACTOR_COOKIE}=${cookie.value}` : '';
};

/** A user with TOTP on: their secret, recovery codes and a session. */
async function userWithTotp(t: TestContext, username: string, password = `${username}-pass`, isAdmin = false) {
  const id = await createUser(t.database, username, password, isAdmin);
  const session = await login(t.app, username, password);
  const { secret } = await ok<TotpEnrolment>(send(t, 'POST', api.totp, session));
  const { recoveryCodes: codes } = await ok<RecoveryCodes>(
    send(t, 'POST', api.totpConfirm, session, { code: totpCode(secret, t.clock.now()) }),
  );
  // The confirming code's step is used: the next code is the next step's.
  t.clock.advance(STEP_MS);
  return { id, secret, codes, session, password };
}

/** The first step: the right password, answered with the pending step's cookie. */
async function passwordStep(t: TestContext, username: string, password: string, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url: api.login, payload: { username, password }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  expect(sessionOf(res)).toBeUndefined();
  return stepOf(res);
}

const secondStep = (t: TestContext, step: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: api.loginTwoFactor, payload, headers: { cookie: step }, remoteAddress });

const auditActions = async (t: TestContext, targetId: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(targetId)))
  ).map((e) => e.action);

describe('enrolment', () => {
  it('starts with a sealed pending secret and the otpauth URI of the site and user', async () => {
    const id = await createUser(ctx.database, 'enroller', 'enroller-pass', false);
    const session = await login(ctx.app, 'enroller', 'enroller-pass');
    const enrolment = await ok<TotpEnrolment>(send(ctx, 'POST', api.totp, session));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/[^:]+:enroller\?/);
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('issuer')).toBe(ctx.config.siteName);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.totpPendingSecret).toMatch(/^v1\./);
    expect(row!.totpPendingSecret).not.toContain(enrolment.secret);
    expect(row!.totpSecret).toBeNull();

    // Not on until a code confirms it: sign-in is still a password alone.
    expect((await ok<TwoFactorStatus>(send(ctx, 'GET', api.twoFactorStatus, session))).totp).toBe(false);
    const wrong = await send(ctx, 'POST', api.totpConfirm, session, {
      code: hotp(enrolment.secret, stepAt(ctx.clock.now()) + 5),
    });
    expectError(wrong, 422, 'VALIDATION_FAILED');
    expectError(await send(ctx, 'POST', api.totpConfirm, session, { code: '12ab56' }), 422, 'VALIDATION_FAILED');
    await login(ctx.app, 'enroller', 'enroller-pass');
  });

  it('turns on with a current code and returns 10 readable single-use recovery codes, kept only hashed', async () => {
    const { id, secret, codes, session } = await userWithTotp(ctx, 'confirmer');
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpPendingSecret).toBeNull();
    const status = await ok<TwoFactorStatus>(send(ctx, 'GET', api.twoFactorStatus, session));
    expect(status).toMatchObject({ enabled: true, totp: true, recoveryCodesLeft: 10, required: false });
    expect(await auditActions(ctx, id)).toContain('two-factor.enable');
    // A second enrolment while it is on is refused (turn it off first).
    expectError(await send(ctx, 'POST', api.totp, session), 409, 'CONFLICT');
  });

  it('needs a signed-in caller', async () => {
    expectError(await send(ctx, 'POST', api.totp), 401, 'UNAUTHENTICATED');
    expectError(await send(ctx, 'POST', api.totpConfirm, undefined, { code: '123456' }), 401, 'UNAUTHENTICATED');
    expectError(await send(ctx, 'DELETE', api.totp, undefined, { password: 'x' }), 401, 'UNAUTHENTICATED');
  });
});

describe('signing in with two-factor', () => {
  it('answers twoFactorRequired without a session, then signs in with a current code', async () => {
    const { id, secret } = await userWithTotp(ctx, 'twostep');
    const login1 = await ctx.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'twostep', password: 'twostep-pass' },
    });
    expect(login1.json()).toEqual({ twoFactorRequired: true });
    expect(sessionOf(login1)).toBeUndefined();
    const stepCookie = login1.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)!;
    expect(stepCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/login' });
    expect(stepCookie.maxAge).toBe(300);

    const done = await secondStep(ctx, stepOf(login1), { code: totpCode(secret, ctx.clock.now()) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, user: { id, username: 'twostep', isAdmin: false } });
    const session = sessionOf(done)!;
    expect((await send(ctx, 'GET', api.me, `sid=${session.value}`)).statusCode).toBe(200);
    const signIns = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(signIns.filter((e) => e.action === 'sign-in.success').map((e) => e.changes)).toEqual([
      { method: { after: 'password' } },
      { method: { after: 'totp' } },
    ]);
  });

  it('refuses the same code twice, and any code of an earlier step, while the next step works', async () => {
    const { secret } = await userWithTotp(ctx, 'replayer');
    const code = totpCode(secret, ctx.clock.now());
    expect((await secondStep(ctx, await passwordStep(ctx, 'replayer', 'replayer-pass'), { code })).statusCode).toBe(
      200,
    );
    // The same code again, within its step: refused.
    const again = await secondStep(ctx, await passwordStep(ctx, 'replayer', 'replayer-pass'), { code });
    expectError(again, 422, 'VALIDATION_FAILED');
    expect(sessionOf(again)).toBeUndefined();
    // A step later, the previous step's code is still in the window, but older than the one used.
    ctx.clock.advance(STEP_MS);
    const older = await secondStep(ctx, await passwordStep(ctx, 'replayer', 'replayer-pass'), { code });
    expectError(older, 422, 'VALIDATION_FAILED');
    const fresh = await secondStep(ctx, await passwordStep(ctx, 'replayer', 'replayer-pass'), {
      code: totpCode(secret, ctx.clock.now()),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('accepts a code one step off (a clock a little wrong) but not two', async () => {
    const { secret } = await userWithTotp(ctx, 'drifter');
    const now = stepAt(ctx.clock.now());
    const far = await secondStep(ctx, await passwordStep(ctx, 'drifter', 'drifter-pass'), {
      code: hotp(secret, now + 2),
    });
    expectError(far, 422, 'VALIDATION_FAILED');
    const near = await secondStep(ctx, await passwordStep(ctx, 'drifter', 'drifter-pass'), {
      code: hotp(secret, now + 1),
    });
    expect(near.statusCode, near.body).toBe(200);
  });

  it('uses a pending step once, and not after 5 minutes', async () => {
    const { secret } = await userWithTotp(ctx, 'stepper');
    const step = await passwordStep(ctx, 'stepper', 'stepper-pass');
    expect((await secondStep(ctx, step, { code: totpCode(secret, ctx.clock.now()) })).statusCode).toBe(200);
    ctx.clock.advance(STEP_MS);
    const reused = await secondStep(ctx, step, { code: totpCode(secret, ctx.clock.now()) });
    expectError(reused, 401, 'UNAUTHENTICATED');

    const late = await passwordStep(ctx, 'stepper', 'stepper-pass');
    ctx.clock.advance(5 * 60 * 1000 + 1000);
    expectError(await secondStep(ctx, late, { code: totpCode(secret, ctx.clock.now()) }), 401, 'UNAUTHENTICATED');
    // No step at all, or a made-up one.
    expectError(await secondStep(ctx, '', { code: '123456' }), 401, 'UNAUTHENTICATED');
    expectError(await secondStep(ctx, `${TWO_FACTOR_COOKIE}=made-up`, { code: '123456' }), 401, 'UNAUTHENTICATED');
  });

  it('takes a recovery code once', async () => {
    const { id, codes } = await userWithTotp(ctx, 'recoverer');
    const first = await secondStep(ctx, await passwordStep(ctx, 'recoverer', 'recoverer-pass'), {
      recoveryCode: codes[3]!.toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(sessionOf(first)).toBeDefined();
    const again = await secondStep(ctx, await passwordStep(ctx, 'recoverer', 'recoverer-pass'), {
      recoveryCode: codes[3],
    });
    expectError(again, 422, 'VALIDATION_FAILED');
    expect(sessionOf(again)).toBeUndefined();
    const actions = await auditActions(ctx, id);
    expect(actions).toContain('sign-in.two-factor-failure');
    const session = `sid=${sessionOf(first)!.value}`;
    expect((await ok<TwoFactorStatus>(send(ctx, 'GET', api.twoFactorStatus, session))).recoveryCodesLeft).toBe(9);
  });

  it('keeps the spec login reply for users without two-factor', async () => {
    const id = await createUser(ctx.database, 'plain', 'plain-pass', false);
    const res = await ctx.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'plain', password: 'plain-pass' },
    });
    expect(res.json()).toEqual({ success: true, user: { id, username: 'plain', isAdmin: false } });
    expect(sessionOf(res)).toBeDefined();
  });
});

describe('recovery codes and turning it off', () => {
  it('regenerates with a current code or the password, voiding the old set', async () => {
    const { codes: old, session, secret } = await userWithTotp(ctx, 'regen');
    expectError(
      await send(ctx, 'POST', api.recoveryCodes, session, { password: 'wrong-pass' }),
      422,
      'VALIDATION_FAILED',
    );
    const byCode = await ok<RecoveryCodes>(
      send(ctx, 'POST', api.recoveryCodes, session, { code: totpCode(secret, ctx.clock.now()) }),
    );
    const { recoveryCodes: fresh } = await ok<RecoveryCodes>(
      send(ctx, 'POST', api.recoveryCodes, session, { password: 'regen-pass' }),
    );
    expect(fresh).toHaveLength(10);
    for (const code of [old[0]!, byCode.recoveryCodes[0]!]) {
      const res = await secondStep(ctx, await passwordStep(ctx, 'regen', 'regen-pass'), { recoveryCode: code });
      expectError(res, 422, 'VALIDATION_FAILED');
    }
    const works = await secondStep(ctx, await passwordStep(ctx, 'regen', 'regen-pass'), { recoveryCode: fresh[0] });
    expect(works.statusCode, works.body).toBe(200);
  });

  it('turns off with a current code or the password (and not with wrong ones); sign-in is a password again', async () => {
    const { id, secret, session } = await userWithTotp(ctx, 'quitter');
    expectError(await send(ctx, 'DELETE', api.totp, session, { password: 'nope' }), 422, 'VALIDATION_FAILED');
    expectError(
      await send(ctx, 'DELETE', api.totp, session, { code: hotp(secret, stepAt(ctx.clock.now()) + 3) }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(await send(ctx, 'DELETE', api.totp, session, {}), 422, 'VALIDATION_FAILED');
    await ok(send(ctx, 'DELETE', api.totp, session, { code: totpCode(secret, ctx.clock.now()) }));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).toEqual([]);
    await login(ctx.app, 'quitter', 'quitter-pass');
    expect(await auditActions(ctx, id)).toContain('two-factor.disable');

    // On again, off with the password.
    const { secret: second } = await ok<TotpEnrolment>(send(ctx, 'POST', api.totp, session));
    await ok(send(ctx, 'POST', api.totpConfirm, session, { code: totpCode(second, ctx.clock.now()) }));
    await ok(send(ctx, 'DELETE', api.totp, session, { password: 'quitter-pass' }));
  });
});

describe('secrets at rest', () => {
  it('keeps no TOTP secret or recovery code readable in the database or in a backup', async () => {
    const { id, secret, codes } = await userWithTotp(ctx, 'sealed');
    const [row] = await ctx.database.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, id));
    expect(row!.totpSecret).not.toMatch(/[A-Z2-7]{32}/);
    const backup = await send(ctx, 'GET', '/api/admin/backup', admin);
    expect(backup.statusCode).toBe(200);
    expect(backup.body).toContain('"sealed"');
    expect(backup.body).toContain(row!.totpSecret!);
    expect(backup.body).not.toContain(secret);
    for (const code of codes) expect(backup.body).not.toContain(code.replace(/-/g, ''));
    for (const code of codes) expect(backup.body).not.toContain(code);
    // No audit entry carries a secret or a code.
    const entries = JSON.stringify(await ctx.database.db.select().from(auditLog));
    expect(entries).not.toContain(secret);
    for (const code of codes) expect(entries).not.toContain(code);
  });
});

describe('limits shared with passwords', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ loginMaxFailures: 3 });
  });

  it('counts wrong codes and wrong passwords together, per account, and a right code after them is refused', async () => {
    const { secret } = await userWithTotp(limited, 'guarded');
    const address = '198.51.100.7';
    const wrongPassword = await limited.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'guarded', password: 'wrong' },
      remoteAddress: address,
    });
    expect(wrongPassword.statusCode).toBe(401);
    // The right password, then a wrong code: together with the above, 3 failures.
    const step = await passwordStep(limited, 'guarded', 'guarded-pass', address);
    const wrongCode = await secondStep(limited, step, { code: hotp(secret, stepAt(limited.clock.now()) + 4) }, address);
    expectError(wrongCode, 422, 'VALIDATION_FAILED');
    const refused = await secondStep(limited, step, { code: totpCode(secret, limited.clock.now()) }, address);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // And the password form is refused too.
    const again = await limited.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'guarded', password: 'guarded-pass' },
      remoteAddress: address,
    });
    expectError(again, 429, 'TOO_MANY_REQUESTS');
  });

  it('a right password does not buy more guesses at codes', async () => {
    const { secret } = await userWithTotp(limited, 'prober');
    const address = '198.51.100.8';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: api.login,
        payload: { username: 'prober', password: 'prober-pass' },
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) break;
      const code = await secondStep(
        limited,
        stepOf(res),
        { code: hotp(secret, stepAt(limited.clock.now()) + 6) },
        address,
      );
      statuses.push(code.statusCode);
      if (code.statusCode === 429) break;
    }
    // password (1), code (2), password (3), code: over the limit.
    expect(statuses).toEqual([200, 422, 200, 429]);
  });
});

describe('the policy', () => {
  let site: TestContext;
  let boss: string;
  beforeAll(async () => {
    site = await createTestApp();
    await createUser(site.database, 'boss', 'boss-pass', true);
    boss = await login(site.app, 'boss', 'boss-pass');
  });

  it('is set by administrators only, and a change starts its grace period', async () => {
    await createUser(site.database, 'worker', 'worker-pass', false);
    const worker = await login(site.app, 'worker', 'worker-pass');
    expect(await ok(send(site, 'GET', api.twoFactorPolicy, worker))).toEqual({
      twoFactorPolicy: 'off',
      twoFactorGraceDays: 7,
      twoFactorPolicySince: null,
    });
    expectError(
      await send(site, 'PUT', api.twoFactorPolicy, worker, { twoFactorPolicy: 'everyone', twoFactorGraceDays: 1 }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await send(site, 'PUT', api.twoFactorPolicy, boss, { twoFactorPolicy: 'some', twoFactorGraceDays: 1 }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await send(site, 'PUT', api.twoFactorPolicy, boss, { twoFactorPolicy: 'admins', twoFactorGraceDays: -1 }),
      422,
      'VALIDATION_FAILED',
    );
    const saved = await ok(
      send(site, 'PUT', api.twoFactorPolicy, boss, { twoFactorPolicy: 'admins', twoFactorGraceDays: 3 }),
    );
    expect(saved).toEqual({
      twoFactorPolicy: 'admins',
      twoFactorGraceDays: 3,
      twoFactorPolicySince: site.clock.now().toISOString(),
    });
    // The same policy with another grace period keeps its start.
    site.clock.advance(60_000);
    const same = await ok<{ twoFactorPolicySince: string }>(
      send(site, 'PUT', api.twoFactorPolicy, boss, { twoFactorPolicy: 'admins', twoFactorGraceDays: 2 }),
    );
    expect(same.twoFactorPolicySince).toBe((saved as { twoFactorPolicySince: string }).twoFactorPolicySince);
    // Users are not concerned by an administrators' policy.
    const status = await ok<TwoFactorStatus>(send(site, 'GET', api.twoFactorStatus, worker));
    expect(status).toMatchObject({ required: false, graceEndsAt: null });
  });

  it('lets an administrator without two-factor in during the grace period, and refuses a password alone after it', async () => {
    const id = await createUser(site.database, 'lead', 'lead-pass', true);
    await ok(send(site, 'PUT', api.twoFactorPolicy, boss, { twoFactorPolicy: 'everyone', twoFactorGraceDays: 2 }));
    const since = site.clock.now().getTime();
    const session = await login(site.app, 'lead', 'lead-pass');
    const status = await ok<TwoFactorStatus>(send(site, 'GET', api.twoFactorStatus, session));
    expect(status.required).toBe(true);
    expect(status.enabled).toBe(false);
    const [row] = await site.database.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, id));
    expect(status.graceEndsAt).toBe(new Date(Math.max(since, row!.createdAt.getTime()) + 2 * DAY_MS).toISOString());

    site.clock.set(new Date(Date.parse(status.graceEndsAt!) + 1000));
    const refused = await site.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'lead', password: 'lead-pass' },
    });
    expectError(refused, 403, 'FORBIDDEN');
    expect(refused.json().message).toMatch(/ask an administrator/i);
    expect(sessionOf(refused)).toBeUndefined();
    // A wrong password is still just wrong.
    const wrong = await site.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'lead', password: 'nope' },
    });
    expectError(wrong, 401, 'UNAUTHENTICATED');

    // The session from the grace period sets up TOTP; then code sign-in works.
    const { secret } = await ok<TotpEnrolment>(send(site, 'POST', api.totp, session));
    await ok(send(site, 'POST', api.totpConfirm, session, { code: totpCode(secret, site.clock.now()) }));
    site.clock.advance(STEP_MS);
    const step = await passwordStep(site, 'lead', 'lead-pass');
    expect((await secondStep(site, step, { code: totpCode(secret, site.clock.now()) })).statusCode).toBe(200);
  });

  it('never takes a password alone from a required user with a passkey', async () => {
    const id = await createUser(site.database, 'keyholder', 'keyholder-pass', false);
    await site.database.db
      .insert(passkeys)
      .values({ userId: id, credentialId: 'cred-keyholder', publicKey: 'pk', name: 'Laptop' });
    const res = await site.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username: 'keyholder', password: 'keyholder-pass' },
    });
    expectError(res, 403, 'FORBIDDEN');
    expect(res.json().message).toMatch(/passkey/i);
  });

  afterAllOff();
  function afterAllOff() {
    it('off again: everyone signs in with a password', async () => {
      await ok(send(site, 'PUT', api.twoFactorPolicy, boss, { twoFactorPolicy: 'off', twoFactorGraceDays: 7 }));
      await login(site.app, 'keyholder', 'keyholder-pass');
    });
  }
});

describe('an administrator removing a user’s two-factor', () => {
  it('is for administrators only, recorded, and the user signs in with a password again', async () => {
    const { id } = await userWithTotp(ctx, 'lostphone');
    await createUser(ctx.database, 'colleague', 'colleague-pass', false);
    const colleague = await login(ctx.app, 'colleague', 'colleague-pass');
    expectError(await send(ctx, 'DELETE', api.userTwoFactor(id), colleague), 403, 'FORBIDDEN');
    expectError(await send(ctx, 'GET', api.usersTwoFactor, colleague), 403, 'FORBIDDEN');
    expectError(await send(ctx, 'DELETE', api.userTwoFactor(id)), 401, 'UNAUTHENTICATED');
    expectError(await send(ctx, 'DELETE', api.userTwoFactor(999_999), admin), 404, 'NOT_FOUND');
    for (const bad of ['0', 'abc', '2147483648']) {
      const res = await send(ctx, 'DELETE', `/api/admin/users/${bad}/two-factor`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid id' });
    }

    const list = await ok<{ userId: number; totp: boolean; passkeys: number }[]>(
      send(ctx, 'GET', api.usersTwoFactor, admin),
    );
    expect(list.find((u) => u.userId === id)).toEqual({ userId: id, totp: true, passkeys: 0 });

    await ok(send(ctx, 'DELETE', api.userTwoFactor(id), admin));
    expectError(await send(ctx, 'DELETE', api.userTwoFactor(id), admin), 409, 'CONFLICT');
    await login(ctx.app, 'lostphone', 'lostphone-pass');
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'two-factor.remove'));
    expect(entry).toMatchObject({ actorName: 'admin', targetId: String(id), targetLabel: 'lostphone' });
  });
});
