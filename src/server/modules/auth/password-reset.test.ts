// Staff emails, password reset by email, new-device notices and common passwords (issue 23),
// against a real SMTP server: one answer whether an account exists, links single use for 30 minutes
// and stored only hashed, sessions ended on reset, the emails sent, the limits, a site without mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { startSmtp } from '../../../../tests/setup/mail';
import { createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';
import { api } from '../../../shared/paths';
import {
  RESET_LINK_INVALID,
  RESET_REQUESTED,
  RESET_UNAVAILABLE,
  type PasswordResetRequested,
} from '../../../shared/schemas/password-reset';
import { EMAIL_TAKEN, type Me, type User } from '../../../shared/schemas/users';
import { auditLog, authTokens, knownDevices } from '../../db/schema';
import { COMMON_PASSWORD } from '../../lib/common-passwords';
import { RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_LOGIN } from './password-reset.routes';

const FROM = 'studio@example.com';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({
    notify: { smtpUrl: smtp.url, emailTo: [], emailFrom: FROM, webhookUrl: undefined, retryDelaysMs: [50] },
  });
  await createUser(ctx.database, 'admin', 'admin-pass', true);
  admin = await login(ctx.app, 'admin', 'admin-pass');
});
afterAll(async () => smtp?.close());

let ip = 0;
/** Each call from its own address unless told, so the per-address limit stays out of the way. */
const ask = (loginName: string, remoteAddress = `10.23.0.${++ip}`) =>
  ctx.app.inject({ method: 'POST', url: api.passwordReset, payload: { login: loginName }, remoteAddress });
const confirm = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: api.passwordResetConfirm, payload: { token, password } });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: api.me, headers: { cookie } });

/** Every mail prepared so far has been handed to the SMTP server. */
const mailsTo = async (address: string) => {
  await ctx.app.deps.staffMail.settled();
  return smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
};
const linkIn = (text: string) => {
  const match = /http\S+\/admin-page\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
};
const auditOf = (action: string) => ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** A user with an email, signed in; their id. */
async function member(name: string, password = `${name}-Pass-1`) {
  const user = await ok<User>(
    ctx.app.inject({
      method: 'POST',
      url: api.users,
      headers: { cookie: admin },
      payload: { username: name, password, isAdmin: false, email: `${name}@Example.com` },
    }),
    201,
  );
  return { ...user, password, address: `${name}@example.com`.toLowerCase() };
}

describe('staff emails', () => {
  it('creates a user with an email, unique ignoring case, and lists it', async () => {
    const ada = await member('ada');
    expect(ada.email).toBe('ada@Example.com');
    const clash = await ctx.app.inject({
      method: 'POST',
      url: api.users,
      headers: { cookie: admin },
      payload: { username: 'other', password: 'other-Pass-1', email: 'ADA@example.COM' },
    });
    expect(expectError(clash, 409, 'CONFLICT', EMAIL_TAKEN).issues).toEqual([{ path: 'email', message: EMAIL_TAKEN }]);
    const list = await ok<User[]>(ctx.app.inject({ method: 'GET', url: api.users, headers: { cookie: admin } }));
    expect(list.find((u) => u.username === 'ada')).toEqual({
      id: ada.id,
      username: 'ada',
      isAdmin: false,
      email: 'ada@Example.com',
    });
    expect(list.find((u) => u.username === 'admin')?.email).toBeNull();
    expectInvalid(
      await ctx.app.inject({
        method: 'POST',
        url: api.users,
        headers: { cookie: admin },
        payload: { username: 'bad', password: 'bad-Pass-1', email: 'not an email' },
      }),
      'email',
      'Enter a valid email address',
    );
  });

  it('lets a user set their own email and an administrator set anyone’s, each change audited', async () => {
    const bo = await member('bo');
    const cookie = await login(ctx.app, 'bo', bo.password);
    const mine = await ok<Me>(
      ctx.app.inject({ method: 'PUT', url: api.myEmail, headers: { cookie }, payload: { email: ' bo@new.example ' } }),
    );
    expect(mine).toEqual({ id: bo.id, username: 'bo', isAdmin: false, email: 'bo@new.example' });
    expect((await ok<Me>(me(cookie))).email).toBe('bo@new.example');
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: api.myEmail,
      headers: { cookie },
      payload: { email: 'ADA@example.com' },
    });
    expectError(taken, 409, 'CONFLICT', EMAIL_TAKEN);
    // A User may not set someone else's.
    expectError(
      await ctx.app.inject({ method: 'PUT', url: api.userEmail(bo.id), headers: { cookie }, payload: { email: null } }),
      403,
      'FORBIDDEN',
    );
    const cleared = await ok<User>(
      ctx.app.inject({ method: 'PUT', url: api.userEmail(bo.id), headers: { cookie: admin }, payload: { email: '' } }),
    );
    expect(cleared.email).toBeNull();
    const entries = (await auditOf('user.update')).filter((e) => e.targetId === String(bo.id));
    expect(entries.map((e) => [e.actorName, e.changes])).toEqual([
      ['bo', { email: { before: 'bo@Example.com', after: 'bo@new.example' } }],
      ['admin', { email: { before: 'bo@new.example', after: null } }],
    ]);
    // Each old address was told, so a stolen session cannot quietly move reset links elsewhere.
    const [toOld] = await mailsTo('bo@example.com');
    expect(toOld?.subject).toBe('The email address of your account was changed');
    expect(toOld?.text).toContain('Password-reset links now go to bo@new.example');
    const [toSecond] = await mailsTo('bo@new.example');
    expect(toSecond?.text).toContain('changed by admin');
    expect(toSecond?.text).toContain('The account has no email address now.');
  });
});

describe('password reset by email', () => {
  it('answers the same for an unknown account, one without an email, and one with', async () => {
    const cy = await member('cy');
    await createUser(ctx.database, 'noemail', 'noemail-Pass-1', false);
    const replies = await Promise.all(['nobody-here', 'noemail', 'cy'].map((l) => ask(l)));
    await ctx.app.deps.staffMail.settled();
    // Asked again, by email this time: a new link that voids the first.
    replies.push(await ask('CY@example.com'));
    for (const reply of replies) {
      expect(reply.statusCode).toBe(202);
      expect(reply.json<PasswordResetRequested>()).toEqual({ success: true, message: RESET_REQUESTED });
    }
    const mails = await mailsTo(cy.address);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.from).toBe(FROM);
    expect(mails[0]!.subject).toBe('Reset your password');
    expect(mails[0]!.text).toContain(`${ctx.config.siteUrl}/admin-page/reset-password?token=`);
    expect(smtp.mails.filter((m) => m.text.includes('"noemail"') || m.text.includes('nobody-here'))).toEqual([]);
    // Recorded for existing accounts only, with no token.
    const requests = await auditOf('password-reset.request');
    expect(requests.map((e) => e.targetLabel).sort()).toEqual(['cy', 'cy', 'noemail']);
    expect(requests.every((e) => e.changes === null)).toBe(true);
    // The tokens are stored only hashed, and only the newest works.
    const [first, second] = mails.map((m) => linkIn(m.text));
    const stored = await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, cy.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(first);
    expect(JSON.stringify(stored)).not.toContain(second);
    expectInvalid(await confirm(first!, 'a-fresh-Password-1'), 'token', RESET_LINK_INVALID);
  });

  it('sets the password once, ends every session, does not sign in, and tells the user by email', async () => {
    const di = await member('di');
    const sessions = [await login(ctx.app, 'di', di.password), await login(ctx.app, 'di', di.password)];
    await ask('di');
    const token = linkIn((await mailsTo(di.address)).at(-1)!.text);

    // The password rules come first, and the link still works after a refusal.
    expectInvalid(await confirm(token, 'abc'), 'password', 'Password must be at least 4 characters');
    expectInvalid(await confirm(token, 'Password1'), 'password', COMMON_PASSWORD);
    expectInvalid(await confirm(token, 'x'.repeat(129)), 'password', 'Password must be at most 128 characters');

    // 128 characters, spaces and any Unicode.
    const strong = 'Ünïcødé pässwörd 🔑 with spaces ',
      password = strong.repeat(8).slice(0, 128);
    expect([...password].length).toBeLessThanOrEqual(128);
    const done = await confirm(token, password);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true });
    expect(done.cookies).toEqual([]);
    for (const cookie of sessions) expect((await me(cookie)).statusCode).toBe(401);

    expectInvalid(await confirm(token, 'another-Password-2'), 'token', RESET_LINK_INVALID);
    expect(
      (await ctx.app.inject({ method: 'POST', url: api.login, payload: { username: 'di', password: di.password } }))
        .statusCode,
    ).toBe(401);
    await login(ctx.app, 'di', password);

    const changed = (await mailsTo(di.address)).filter((m) => m.subject === 'Your password was changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain(`${ctx.config.siteUrl}/admin-page/auth`);
    const [entry] = (await auditOf('password-reset.complete')).filter((e) => e.targetId === String(di.id));
    expect(entry).toMatchObject({ actorId: di.id, actorName: 'di', changes: null });
  });

  it('refuses a link after 30 minutes, and a made-up one', async () => {
    const ed = await member('ed');
    await ask('ed');
    const token = linkIn((await mailsTo(ed.address)).at(-1)!.text);
    ctx.clock.advance(30 * 60_000);
    expectError(await confirm(token, 'late-Password-1'), 422, 'VALIDATION_FAILED', RESET_LINK_INVALID);
    expectError(await confirm('made-up', 'late-Password-1'), 422, 'VALIDATION_FAILED', RESET_LINK_INVALID);
    await login(ctx.app, 'ed', ed.password);
  });

  it('limits requests per username or email and per address, alike for unknown accounts', async () => {
    for (const name of ['fay', 'nobody-at-all']) {
      for (let i = 0; i < RESET_REQUESTS_PER_LOGIN; i++) expect((await ask(name)).statusCode).toBe(202);
      const over = await ask(name);
      expectError(over, 429, 'TOO_MANY_REQUESTS');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    const address = '10.99.0.1';
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++)
      expect((await ask(`someone-${i}`, address)).statusCode).toBe(202);
    expectError(await ask('someone-else', address), 429, 'TOO_MANY_REQUESTS');
  });
});

describe('common passwords', () => {
  it('are refused wherever a password is set', async () => {
    const gus = await member('gus');
    const cookie = await login(ctx.app, 'gus', gus.password);
    expectInvalid(
      await ctx.app.inject({
        method: 'POST',
        url: api.users,
        headers: { cookie: admin },
        payload: { username: 'weak', password: 'LetMeIn', isAdmin: false },
      }),
      'password',
      COMMON_PASSWORD,
    );
    expectInvalid(
      await ctx.app.inject({
        method: 'POST',
        url: api.changePassword,
        headers: { cookie },
        payload: { currentPassword: gus.password, newPassword: 'qwerty123', confirmPassword: 'qwerty123' },
      }),
      'newPassword',
      COMMON_PASSWORD,
    );
    // Compared after NFKC: full-width letters are the same password.
    expectInvalid(
      await ctx.app.inject({
        method: 'PUT',
        url: api.userPassword(gus.id),
        headers: { cookie: admin },
        payload: { newPassword: 'ｄｒａｇｏｎ', confirmPassword: 'ｄｒａｇｏｎ' },
      }),
      'newPassword',
      COMMON_PASSWORD,
    );
    await login(ctx.app, 'gus', gus.password);
  });
});

describe('new-device email', () => {
  const signIn = (username: string, password: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: api.login,
      payload: { username, password },
      headers: { 'user-agent': CHROME_LINUX, ...(cookie ? { cookie } : {}) },
    });
  const deviceCookie = (res: Awaited<ReturnType<typeof signIn>>) => {
    const c = res.cookies.find((k) => k.name === 'did')!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(c.maxAge).toBeGreaterThan(300 * 24 * 3600);
    return `did=${c.value}`;
  };
  const notices = async (address: string) =>
    (await mailsTo(address)).filter((m) => m.subject === 'New sign-in to your account');

  it('tells the user of a browser they have not signed in from, not of a known one', async () => {
    const hal = await member('hal');
    // The account's first browser is the one it starts with: not told.
    const first = deviceCookie(await signIn('hal', hal.password));
    expect(await notices(hal.address)).toEqual([]);
    // The same browser again: nothing.
    await signIn('hal', hal.password, first);
    expect(await notices(hal.address)).toEqual([]);
    // Another browser: one email with the browser, the system and the time; then it is known.
    const second = deviceCookie(await signIn('hal', hal.password));
    const [notice] = await notices(hal.address);
    expect(notice!.text).toContain('Device: Chrome on Linux');
    expect(notice!.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d\d:\d\d UTC/);
    await signIn('hal', hal.password, second);
    expect(await notices(hal.address)).toHaveLength(1);
    // Only hashes are kept.
    const rows = await ctx.database.db.select().from(knownDevices).where(eq(knownDevices.userId, hal.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(second.slice(4));
  });

  it('sends nothing to a user without an email', async () => {
    const before = smtp.mails.length;
    await signIn('admin', 'admin-pass');
    await signIn('admin', 'admin-pass');
    await ctx.app.deps.staffMail.settled();
    expect(smtp.mails.length).toBe(before);
  });
});

describe('a site that cannot send mail', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
    await createUser(plain.database, 'ivy', 'ivy-Pass-1', false);
  });

  it('says password reset by email is not offered, and sends nothing', async () => {
    expect(await ok(plain.app.inject({ method: 'GET', url: api.passwordReset }))).toEqual({ available: false });
    expect(await ok(ctx.app.inject({ method: 'GET', url: api.passwordReset }))).toEqual({ available: true });
    const reply = await plain.app.inject({ method: 'POST', url: api.passwordReset, payload: { login: 'ivy' } });
    expectError(reply, 404, 'NOT_FOUND', RESET_UNAVAILABLE);
    expect(await plain.database.db.select().from(authTokens)).toEqual([]);
  });
});
