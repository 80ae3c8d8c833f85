// Passkeys (issue 23) through the API with a software authenticator: adding, listing, renaming and
// removing one's own; signing in with a passkey alone; and the answers that must be refused.
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { Passkey } from '../../../shared/schemas/passkeys';
import { expectError, expectUnauthenticated, ok } from '../../../../tests/setup/api';
import { createTestApp, createUser, login, useStaffApp, type TestContext } from '../../../../tests/setup/test-app';
import { SoftAuthenticator, type Tweaks } from '../../../../tests/setup/webauthn';
import { auditLog, authTokens, passkeys } from '../../db/schema';
import { CHALLENGE_TTL_MS } from './passkeys.repo';

const SITE = 'https://studio.example';
const LOCAL = 'http://localhost:5173';
const ctx = useStaffApp({ siteUrl: SITE });

/** Headers of a browser at `origin` (its Host too, as the request is addressed there). */
const from = (origin: string, cookie?: string) => ({
  origin,
  host: new URL(origin).host,
  ...(cookie ? { cookie } : {}),
});

function post(url: string, payload: unknown, origin: string, cookie?: string) {
  return ctx.app.inject({ method: 'POST', url, headers: from(origin, cookie), payload: payload as object });
}

type CreationOptions = Parameters<SoftAuthenticator['register']>[0] & { excludeCredentials: { id: string }[] };
type RequestOptions = Parameters<SoftAuthenticator['authenticate']>[0];

/** Adds a passkey for `cookie`'s user with `device` (options, then the signed answer). */
async function addPasskey(device: SoftAuthenticator, cookie: string, name = 'Laptop', tweaks: Tweaks = {}) {
  const options = await ok<CreationOptions>(post(api.passkeyOptions, {}, device.origin, cookie));
  return post(api.passkeys, { name, response: device.register(options, tweaks) }, device.origin, cookie);
}

async function signInWith(device: SoftAuthenticator, tweaks: Tweaks = {}, origin = device.origin) {
  const options = await ok<RequestOptions>(post(api.passkeyLoginOptions, {}, origin));
  return post(api.passkeyLogin, { response: device.authenticate(options, tweaks) }, origin);
}

const sessionCookie = (res: Awaited<ReturnType<typeof post>>) => {
  const c = res.cookies.find((x) => x.name === 'sid' || x.name === '__Host-sid');
  return c ? `${c.name}=${c.value}` : undefined;
};

async function lastAudit(action: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('registering a passkey', () => {
  it('hands out options for this site and its user, then stores the verified credential', async () => {
    const device = new SoftAuthenticator(LOCAL);
    const options = await ok<CreationOptions & Record<string, unknown>>(
      post(api.passkeyOptions, {}, LOCAL, ctx.editor),
    );
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'editor' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    // The user handle is the same at every ceremony.
    const again = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, ctx.editor));
    expect(again.user.id).toBe(options.user.id);
    expect(again.challenge).not.toBe(options.challenge);

    const added = await ok<Passkey>(
      post(api.passkeys, { name: ' Work laptop ', response: device.register(options) }, LOCAL, ctx.editor),
      201,
    );
    expect(added).toEqual({
      id: added.id,
      name: 'Work laptop',
      createdAt: ctx.clock.now().toISOString(),
      lastUsedAt: null,
    });
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({
      credentialId: device.credentials[0]!.id.toString('base64url'),
      counter: 0,
      transports: ['internal'],
    });

    // Its credential is excluded from the next registration, so an authenticator is not asked twice.
    const next = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, ctx.editor));
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([row!.credentialId]);

    const list = await ok<Passkey[]>(
      ctx.app.inject({ method: 'GET', url: api.passkeys, headers: { cookie: ctx.editor } }),
    );
    expect(list).toEqual([added]);
    expect(JSON.stringify(list)).not.toContain(row!.publicKey);

    const audit = await lastAudit('passkey.add');
    expect(audit).toMatchObject({
      actorName: 'editor',
      targetType: 'passkey',
      targetId: String(added.id),
      targetLabel: 'Work laptop',
    });
  });

  it('works at the SITE_URL host, with its own RP ID', async () => {
    const device = new SoftAuthenticator(SITE);
    const options = await ok<CreationOptions>(post(api.passkeyOptions, {}, SITE, ctx.admin));
    expect(options.rp.id).toBe('studio.example');
    await ok(post(api.passkeys, { name: 'Phone', response: device.register(options) }, SITE, ctx.admin), 201);
  });

  it('refuses other origins, and answers signed for another origin or RP ID', async () => {
    // An address the site answers on but WebAuthn cannot use (an IP is no RP ID).
    expectError(await post(api.passkeyOptions, {}, 'http://127.0.0.1:3000', ctx.editor), 403, 'FORBIDDEN');
    expectError(await post(api.passkeyLoginOptions, {}, 'http://127.0.0.1:3000'), 403, 'FORBIDDEN');

    const phished = new SoftAuthenticator('https://studio-example.evil');
    const options = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, ctx.editor));
    expectError(
      await post(api.passkeys, { name: 'X', response: phished.register(options) }, LOCAL, ctx.editor),
      400,
      'BAD_REQUEST',
    );
    const device = new SoftAuthenticator(LOCAL);
    expectError(await addPasskey(device, ctx.editor, 'X', { rpID: 'evil.example' }), 400, 'BAD_REQUEST');
    expectError(await addPasskey(device, ctx.editor, 'X', { type: 'webauthn.get' }), 400, 'BAD_REQUEST');
  });

  it('spends a challenge once, only for the user it was made for, and not after it expires', async () => {
    const device = new SoftAuthenticator(LOCAL);
    const options = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, ctx.editor));
    // Another user cannot answer it.
    expectError(
      await post(api.passkeys, { name: 'A', response: device.register(options) }, LOCAL, ctx.admin),
      400,
      'BAD_REQUEST',
    );

    const fresh = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, ctx.editor));
    const answer = device.register(fresh);
    await ok(post(api.passkeys, { name: 'B', response: answer }, LOCAL, ctx.editor), 201);
    expectError(await post(api.passkeys, { name: 'B', response: answer }, LOCAL, ctx.editor), 400, 'BAD_REQUEST');

    const late = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, ctx.editor));
    ctx.clock.advance(CHALLENGE_TTL_MS + 1000);
    expectError(
      await post(api.passkeys, { name: 'C', response: device.register(late) }, LOCAL, ctx.editor),
      400,
      'BAD_REQUEST',
    );
    // Challenges are kept only hashed.
    const stored = await ctx.database.db.select().from(authTokens);
    expect(stored.map((t) => t.tokenHash)).not.toContain(late.challenge);
  });

  it('names are required and bounded', async () => {
    const device = new SoftAuthenticator(LOCAL);
    const res = await addPasskey(device, ctx.editor, '   ');
    expectError(res, 422, 'VALIDATION_FAILED');
  });

  it('needs a session', async () => {
    expectUnauthenticated(await post(api.passkeyOptions, {}, LOCAL));
    expectUnauthenticated(await ctx.app.inject({ method: 'GET', url: api.passkeys }));
  });
});

describe('renaming and removing', () => {
  let mine: Passkey;
  let theirs: Passkey;
  beforeAll(async () => {
    mine = await ok<Passkey>(addPasskey(new SoftAuthenticator(LOCAL), ctx.editor, 'Old name'), 201);
    theirs = await ok<Passkey>(addPasskey(new SoftAuthenticator(LOCAL), ctx.admin, 'Admin key'), 201);
  });

  it('renames one of one own passkeys, recorded with the names before and after', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: api.passkey(mine.id),
      headers: from(LOCAL, ctx.editor),
      payload: { name: 'New name' },
    });
    expect(await ok<Passkey>(res)).toMatchObject({ id: mine.id, name: 'New name' });
    expect((await lastAudit('passkey.rename'))?.changes).toEqual({ name: { before: 'Old name', after: 'New name' } });
  });

  it("another user's passkey cannot be renamed or removed", async () => {
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: api.passkey(theirs.id),
      headers: from(LOCAL, ctx.editor),
      payload: { name: 'Mine now' },
    });
    expectError(rename, 404, 'NOT_FOUND', 'Passkey not found');
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: api.passkey(theirs.id),
      headers: from(LOCAL, ctx.editor),
    });
    expectError(remove, 404, 'NOT_FOUND', 'Passkey not found');
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, theirs.id));
    expect(row?.name).toBe('Admin key');
  });

  it('removes one own passkey, which then no longer signs in', async () => {
    const device = new SoftAuthenticator(LOCAL);
    const added = await ok<Passkey>(addPasskey(device, ctx.editor, 'Gone soon'), 201);
    await ok(ctx.app.inject({ method: 'DELETE', url: api.passkey(added.id), headers: from(LOCAL, ctx.editor) }));
    expect(await lastAudit('passkey.remove')).toMatchObject({ targetId: String(added.id), targetLabel: 'Gone soon' });
    expectUnauthenticated(await signInWith(device));
  });
});

describe('signing in with a passkey alone', () => {
  let device: SoftAuthenticator;
  let passkeyId: number;
  beforeAll(async () => {
    await createUser(ctx.database, 'passwordless', 'a-password-never-typed', false);
    const cookie = await login(ctx.app, 'passwordless', 'a-password-never-typed');
    device = new SoftAuthenticator(LOCAL);
    passkeyId = (await ok<Passkey>(addPasskey(device, cookie, 'Phone'), 201)).id;
  });

  it('starts a session with no username or password, and notes the use', async () => {
    const options = await ok<RequestOptions & Record<string, unknown>>(post(api.passkeyLoginOptions, {}, LOCAL));
    // No credentials named: the passkey says whose it is (discoverable credentials).
    expect(options).toMatchObject({ rpId: 'localhost' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await post(api.passkeyLogin, { response: device.authenticate(options) }, LOCAL);
    expect(await ok(res)).toEqual({
      success: true,
      user: { id: expect.any(Number), username: 'passwordless', isAdmin: false },
    });
    const cookie = sessionCookie(res)!;
    expect(await ok(ctx.app.inject({ method: 'GET', url: api.me, headers: { cookie } }))).toMatchObject({
      username: 'passwordless',
    });
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: ctx.clock.now() });
    expect((await lastAudit('sign-in.success'))?.changes).toEqual({ method: { after: 'passkey' } });
  });

  it('refuses a counter that does not increase', async () => {
    const current = device.credentials[0]!.counter;
    expectUnauthenticated(await signInWith(device, { counter: current }));
    expectUnauthenticated(await signInWith(device, { counter: current - 1 }));
    expect(await lastAudit('sign-in.passkey-failure')).toMatchObject({ targetLabel: 'passwordless', actorId: null });
    await ok(signInWith(device, { counter: current + 5 }));
  });

  it('spends a challenge once, and not after it expires', async () => {
    const options = await ok<RequestOptions>(post(api.passkeyLoginOptions, {}, LOCAL));
    await ok(post(api.passkeyLogin, { response: device.authenticate(options) }, LOCAL));
    const replay = await post(api.passkeyLogin, { response: device.authenticate(options) }, LOCAL);
    expectError(replay, 401, 'UNAUTHENTICATED', 'Passkey sign-in failed');

    const late = await ok<RequestOptions>(post(api.passkeyLoginOptions, {}, LOCAL));
    ctx.clock.advance(CHALLENGE_TTL_MS + 1000);
    expectUnauthenticated(await post(api.passkeyLogin, { response: device.authenticate(late) }, LOCAL));
    // A challenge of the other ceremony is no sign-in challenge either.
    const cookie = await login(ctx.app, 'passwordless', 'a-password-never-typed');
    const registration = await ok<CreationOptions>(post(api.passkeyOptions, {}, LOCAL, cookie));
    const crossed = device.authenticate({ challenge: registration.challenge, rpId: 'localhost' });
    expectUnauthenticated(await post(api.passkeyLogin, { response: crossed }, LOCAL));
  });

  it('refuses answers signed for another origin, another RP ID, or by another key, with one generic 401', async () => {
    const answers: Tweaks[] = [
      { origin: 'https://studio-example.evil' },
      { rpID: 'studio.example' },
      { wrongKey: true },
      { userHandle: Buffer.from('someone else').toString('base64url') },
      { type: 'webauthn.create' },
    ];
    for (const tweaks of answers) {
      const res = await signInWith(device, tweaks);
      expectError(res, 401, 'UNAUTHENTICATED', 'Passkey sign-in failed');
      expect(sessionCookie(res)).toBeUndefined();
    }
    // A credential the site does not know.
    const stranger = new SoftAuthenticator(LOCAL);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } });
    expectError(await signInWith(stranger), 401, 'UNAUTHENTICATED', 'Passkey sign-in failed');
  });

  it('works at the SITE_URL host with a passkey made there, not with one made for localhost', async () => {
    const cookie = await login(ctx.app, 'passwordless', 'a-password-never-typed');
    const phone = new SoftAuthenticator(SITE);
    await ok(addPasskey(phone, cookie, 'Site phone'), 201);
    await ok(signInWith(phone));
    // The localhost passkey is for RP ID localhost: at the site its signature names the wrong RP.
    const options = await ok<RequestOptions>(post(api.passkeyLoginOptions, {}, SITE));
    const res = await post(api.passkeyLogin, { response: device.authenticate(options, { origin: SITE }) }, SITE);
    expectUnauthenticated(res);
  });
});

describe('failures count against the sign-in address limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    // loginMaxFailures 1: an address may fail 5 times (ADDRESS_FAILURES_FACTOR) across all ways in.
    limited = await createTestApp({ siteUrl: SITE, loginMaxFailures: 1 });
  });

  it('answers 429 once the address has failed too often, passwords and passkeys together', async () => {
    const headers = from(LOCAL);
    const attempt = async () => {
      const options = await ok<RequestOptions>(
        limited.app.inject({ method: 'POST', url: api.passkeyLoginOptions, headers, payload: {} }),
      );
      const stranger = new SoftAuthenticator(LOCAL);
      stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'eA' } });
      return limited.app.inject({
        method: 'POST',
        url: api.passkeyLogin,
        headers,
        payload: { response: stranger.authenticate(options) },
      });
    };
    for (let i = 0; i < 2; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: api.login,
        payload: { username: `nobody-${i}`, password: 'wrong' },
      });
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) expectUnauthenticated(await attempt());
    const blocked = await attempt();
    expectError(blocked, 429, 'TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
