// Passkeys (issue 23): a signed-in user adds, renames and removes their own; anyone may sign in with
// one alone (discoverable credentials, so no username is asked). Both ceremonies are a challenge kept
// in auth_tokens, then the browser's signed answer, checked by @simplewebauthn/server.
import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { api } from '../../../shared/paths';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import {
  AddPasskeyInputSchema,
  PasskeyLoginInputSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  RenamePasskeyInputSchema,
} from '../../../shared/schemas/passkeys';
import { CurrentUserSchema } from '../../../shared/schemas/users';
import { conflict, HttpError, notFound, unauthenticated } from '../../lib/errors';
import { createLimiter, tooManyAttempts } from '../../lib/rate-limits';
import { localhostAllowed, relyingParty } from '../../lib/relying-party';
import type { AppModule } from '../../types';
import type { StoredCredential } from './passkeys.repo';
import { tooManyFailures } from './login-limits';
import { completeSignIn } from './sign-in';

/** The WebAuthn user handle: stable per user, opaque, and no personal data (WebAuthn §14.6.1). */
export const userHandleFor = (userId: number) => createHash('sha256').update(`staff-user:${userId}`).digest();

/** The challenge a browser signed, read from its client data (the key its stored copy is found by). */
function challengeOf(response: { response: Record<string, unknown> }): string | null {
  const encoded = response.response.clientDataJSON;
  if (typeof encoded !== 'string' || encoded.length > 4096) return null;
  try {
    const { challenge } = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : null;
  } catch {
    return null;
  }
}

const PASSKEY_FAILED = 'Passkey sign-in failed';
const NOT_HERE = 'Passkeys can be used only at the address of this site';
const NOT_VERIFIED = 'The passkey could not be added. Please try again.';

export const passkeysModule: AppModule = async (app, { deps, auth }) => {
  const passkeys = deps.repos.passkeys;
  const limits = deps.loginLimits;
  // Each ceremony stores a challenge: an address may start a few a minute, not fill the table.
  const challenges = createLimiter(deps.database, { name: 'passkey-challenges', points: 100, windowSeconds: 60 });

  const where = { allowLocalhost: localhostAllowed(deps.config) };
  const relyingPartyOf = (request: FastifyRequest) => {
    const rp = relyingParty(request.headers.origin, deps.config.siteUrl, where);
    if (!rp) throw new HttpError('FORBIDDEN', NOT_HERE);
    return rp;
  };
  const limitChallenges = async (request: FastifyRequest, reply: FastifyReply) => {
    const attempt = await challenges.take(request.ip);
    if (!attempt.allowed) {
      throw tooManyAttempts(reply, attempt.retryAfterMs, 'Too many passkey requests. Please try again shortly.');
    }
  };

  // ---- The caller's own passkeys ----

  app.get(
    api.passkeys,
    { onRequest: auth.requireStaff, schema: { response: { 200: z.array(PasskeySchema) } } },
    (request) => passkeys.listForUser(request.user!.id),
  );

  app.post(
    api.passkeyOptions,
    { onRequest: auth.requireStaff, schema: { response: { 200: PasskeyOptionsSchema } } },
    async (request, reply) => {
      const user = request.user!;
      const rp = relyingPartyOf(request);
      await limitChallenges(request, reply);
      const options = await generateRegistrationOptions({
        rpName: (await deps.repos.siteSettings.get()).name,
        rpID: rp.rpID,
        userID: new Uint8Array(userHandleFor(user.id)),
        userName: user.username,
        excludeCredentials: await passkeys.credentialsForUser(user.id),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await passkeys.saveChallenge('passkey-register', options.challenge, user.id);
      return options as unknown as Record<string, unknown>;
    },
  );

  app.post(
    api.passkeys,
    { onRequest: auth.requireStaff, schema: { body: AddPasskeyInputSchema, response: { 201: PasskeySchema } } },
    async (request, reply) => {
      const user = request.user!;
      const rp = relyingPartyOf(request);
      const { name, response } = request.body;
      const challenge = challengeOf(response);
      // The challenge is spent before anything else is checked: one answer per challenge, right or wrong.
      if (!challenge || !(await passkeys.takeChallenge('passkey-register', challenge, user.id))) {
        throw new HttpError('BAD_REQUEST', 'This passkey request has expired. Please try again.');
      }
      let verified: VerifiedRegistrationResponse;
      try {
        verified = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        // The library throws on any answer it cannot accept (malformed, wrong origin, bad signature).
        request.log.info({ reason: (error as Error).message }, 'passkey registration refused');
        throw new HttpError('BAD_REQUEST', NOT_VERIFIED);
      }
      const info = verified.registrationInfo;
      if (!verified.verified || !info) throw new HttpError('BAD_REQUEST', NOT_VERIFIED);
      const added = await deps.audit.change(request, async (log) => {
        const passkey = await passkeys.add(user.id, {
          credential: {
            ...info.credential,
            publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
            transports: info.credential.transports as StoredCredential['transports'],
          },
          name,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        });
        if (passkey) {
          log({
            action: 'passkey.add',
            targetType: 'passkey',
            targetId: passkey.id,
            targetLabel: passkey.name,
            changes: { name: { after: passkey.name } },
          });
        }
        return passkey;
      });
      if (!added) throw conflict('This passkey is already registered');
      reply.code(201);
      return added;
    },
  );

  app.patch(
    '/api/admin/me/passkeys/:id',
    {
      onRequest: auth.requireStaff,
      schema: { params: IdParamsSchema, body: RenamePasskeyInputSchema, response: { 200: PasskeySchema } },
    },
    async (request) => {
      // Only one's own: someone else's passkey is as unknown as a made-up one.
      const renamed = await deps.audit.change(request, async (log) => {
        const result = await passkeys.rename(request.user!.id, request.params.id, request.body.name);
        if (result && result.before !== result.passkey.name) {
          log({
            action: 'passkey.rename',
            targetType: 'passkey',
            targetId: result.passkey.id,
            targetLabel: result.passkey.name,
            changes: { name: { before: result.before, after: result.passkey.name } },
          });
        }
        return result;
      });
      if (!renamed) throw notFound('Passkey');
      return renamed.passkey;
    },
  );

  app.delete(
    '/api/admin/me/passkeys/:id',
    { onRequest: auth.requireStaff, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const name = await deps.audit.change(request, async (log) => {
        const removed = await passkeys.remove(request.user!.id, request.params.id);
        if (removed !== null) {
          log({
            action: 'passkey.remove',
            targetType: 'passkey',
            targetId: request.params.id,
            targetLabel: removed,
            changes: { name: { before: removed } },
          });
        }
        return removed;
      });
      if (name === null) throw notFound('Passkey');
      return { success: true as const };
    },
  );

  // ---- Signing in with a passkey alone ----

  app.post(api.passkeyLoginOptions, { schema: { response: { 200: PasskeyOptionsSchema } } }, async (request, reply) => {
    const rp = relyingPartyOf(request);
    await limitChallenges(request, reply);
    const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred' });
    await passkeys.saveChallenge('passkey-login', options.challenge, null);
    return options as unknown as Record<string, unknown>;
  });

  app.post(
    api.passkeyLogin,
    {
      schema: {
        body: PasskeyLoginInputSchema,
        response: { 200: z.object({ success: z.literal(true), user: CurrentUserSchema }) },
      },
    },
    async (request, reply) => {
      // Counted before it is checked, against the address budget passwords use; a success gives it back.
      const addressKey = request.ip;
      const attempt = await limits.address.take(addressKey);
      if (!attempt.allowed) throw tooManyFailures(reply, attempt.retryAfterMs);

      const { response } = request.body;
      let owner: { id: number; username: string } | null = null;
      // Every failure is the same 401 to the caller; the reason goes to the log only.
      const fail = async (reason: string): Promise<never> => {
        request.log.info({ reason }, 'passkey sign-in refused');
        await deps.audit.record(
          request,
          {
            action: 'sign-in.passkey-failure',
            targetType: 'user',
            targetId: owner?.id ?? '',
            targetLabel: owner?.username ?? '',
          },
          null,
        );
        throw unauthenticated(PASSKEY_FAILED);
      };

      const rp = relyingParty(request.headers.origin, deps.config.siteUrl, where);
      if (!rp) return fail('origin');
      const challenge = challengeOf(response);
      if (!challenge || !(await passkeys.takeChallenge('passkey-login', challenge, null))) return fail('challenge');
      const stored = await passkeys.findByCredentialId(response.id);
      if (!stored) return fail('unknown credential');
      const user = await deps.repos.users.get(stored.userId);
      if (!user) return fail('no user');
      owner = user;

      const json = response as unknown as AuthenticationResponseJSON;
      const userHandle = json.response.userHandle;
      if (userHandle && userHandle !== userHandleFor(user.id).toString('base64url')) return fail('user handle');
      let newCounter: number;
      try {
        const result = await verifyAuthenticationResponse({
          response: json,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            ...stored.credential,
            publicKey: new Uint8Array(Buffer.from(stored.credential.publicKey, 'base64url')),
          },
          requireUserVerification: false,
        });
        if (!result.verified) return fail('not verified');
        // The library refuses a counter that did not rise (a cloned authenticator), when either is non-zero.
        newCounter = result.authenticationInfo.newCounter;
      } catch (error) {
        return fail((error as Error).message);
      }
      // The counter is stored only if no other sign-in moved it meanwhile.
      if (!(await passkeys.markUsed(stored.id, stored.credential.counter, newCounter))) return fail('counter raced');

      await limits.address.refund(addressKey);
      return { success: true as const, user: await completeSignIn(deps, auth, request, reply, user, 'passkey') };
    },
  );
};
