// Two-factor routes (issue 23): a staff member's own TOTP (enrol, confirm, recovery codes, turn
// off), the second step of a sign-in, and for administrators every user's status, removing a
// user's two-factor and the site's policy. The checks themselves are in two-factor.ts.
import { z } from 'zod';
import { api } from '../../../shared/paths';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import {
  RecoveryCodesSchema,
  TotpConfirmInputSchema,
  TotpEnrolmentSchema,
  TwoFactorLoginInputSchema,
  TwoFactorPolicyInputSchema,
  TwoFactorPolicySchema,
  TwoFactorProofSchema,
  TwoFactorStatusSchema,
  UserTwoFactorSchema,
} from '../../../shared/schemas/two-factor';
import { CurrentUserSchema } from '../../../shared/schemas/users';
import { HttpError, notFound, unauthenticated } from '../../lib/errors';
import { PasswordQueueFullError, verifyPassword } from '../../lib/passwords';
import { qrSvgDataUrl } from '../../lib/qr';
import { matchTotp, newTotpSecret, totpUri } from '../../lib/totp';
import type { AppModule } from '../../types';
import { completeSignIn } from './sign-in';
import {
  clearTwoFactorStep,
  newRecoveryCodes,
  recoveryCodeHash,
  sha256,
  TWO_FACTOR_COOKIE,
  twoFactorStatus,
  useTotpCode,
} from './two-factor';

const WRONG_CODE = 'That code is not right, or was used already. Enter the current code.';

export const twoFactorModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.twoFactor;
  const users = deps.repos.users;
  const target = (user: { id: number; username: string }) => ({
    targetType: 'user',
    targetId: user.id,
    targetLabel: user.username,
  });

  /** The caller proves it is them: a current code (used up), or their password. */
  const proveOwner = async (userId: number, proof: { code: string } | { password: string }) => {
    const account = await repo.account(userId);
    if (!account) throw unauthenticated();
    let ok: boolean;
    if ('code' in proof) ok = await useTotpCode(deps, userId, account.totpSecret, proof.code);
    else {
      const hash = await users.getPasswordHash(userId);
      try {
        ok = Boolean(hash) && (await verifyPassword(hash!, proof.password));
      } catch (error) {
        if (error instanceof PasswordQueueFullError) throw new HttpError('SERVICE_UNAVAILABLE', error.message);
        throw error;
      }
    }
    if (!ok) {
      const [path, message] = 'code' in proof ? ['code', WRONG_CODE] : ['password', 'Password is incorrect'];
      throw new HttpError('VALIDATION_FAILED', message, [{ path, message }]);
    }
    return account;
  };

  app.get(
    api.twoFactorStatus,
    { onRequest: auth.requireStaff, schema: { response: { 200: TwoFactorStatusSchema } } },
    (request) => twoFactorStatus(deps, request.user!.id),
  );

  // Enrolment: a new secret waits (sealed) until a code from it confirms that the app has it.
  app.post(
    api.totp,
    { onRequest: auth.requireStaff, schema: { response: { 200: TotpEnrolmentSchema } } },
    async (request) => {
      const user = request.user!;
      const account = await repo.account(user.id);
      if (account?.totpSecret) throw new HttpError('CONFLICT', 'Two-factor is already on. Turn it off first.');
      const secret = newTotpSecret();
      await repo.setPending(user.id, deps.secrets.seal(secret));
      const uri = totpUri({ issuer: (await deps.repos.siteSettings.get()).name, label: user.username, secret });
      return { uri, qr: await qrSvgDataUrl(uri), secret };
    },
  );

  app.post(
    api.totpConfirm,
    { onRequest: auth.requireStaff, schema: { body: TotpConfirmInputSchema, response: { 200: RecoveryCodesSchema } } },
    async (request) => {
      const user = request.user!;
      const account = await repo.account(user.id);
      if (account?.totpSecret) throw new HttpError('CONFLICT', 'Two-factor is already on.');
      if (!account?.totpPendingSecret) throw new HttpError('CONFLICT', 'Start the set-up first.');
      const step = matchTotp(deps.secrets.open(account.totpPendingSecret), request.body.code, deps.now());
      if (step === null) throw new HttpError('VALIDATION_FAILED', WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
      const { codes, hashes } = newRecoveryCodes();
      const pending = account.totpPendingSecret;
      const enabled = await deps.audit.change(request, async (log) => {
        const done = await repo.enable(user.id, pending, step, hashes);
        if (done) log({ action: 'two-factor.enable', ...target(user), changes: { totp: { after: true } } });
        return done;
      });
      if (!enabled) throw new HttpError('CONFLICT', 'The set-up was started again elsewhere. Scan the new code.');
      return { recoveryCodes: codes };
    },
  );

  app.post(
    api.recoveryCodes,
    { onRequest: auth.requireStaff, schema: { body: TwoFactorProofSchema, response: { 200: RecoveryCodesSchema } } },
    async (request) => {
      const user = request.user!;
      const account = await proveOwner(user.id, request.body);
      if (!account.totpSecret) throw new HttpError('CONFLICT', 'Two-factor is off.');
      const { codes, hashes } = newRecoveryCodes();
      await deps.audit.change(request, async (log) => {
        await repo.replaceRecoveryCodes(user.id, hashes);
        log({ action: 'two-factor.recovery-codes', ...target(user) });
      });
      return { recoveryCodes: codes };
    },
  );

  app.delete(
    api.totp,
    { onRequest: auth.requireStaff, schema: { body: TwoFactorProofSchema, response: { 200: OkSchema } } },
    async (request) => {
      const user = request.user!;
      const account = await proveOwner(user.id, request.body);
      if (!account.totpSecret) throw new HttpError('CONFLICT', 'Two-factor is off.');
      await deps.audit.change(request, async (log) => {
        await repo.disable(user.id);
        log({ action: 'two-factor.disable', ...target(user), changes: { totp: { before: true, after: false } } });
      });
      return { success: true as const };
    },
  );

  // The second step of a sign-in: the pending step's cookie and a code or a recovery code.
  app.post(
    api.loginTwoFactor,
    {
      schema: {
        body: TwoFactorLoginInputSchema,
        response: { 200: z.object({ success: z.literal(true), user: CurrentUserSchema }) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[TWO_FACTOR_COOKIE];
      const userId = token ? await repo.stepUser(sha256(token)) : undefined;
      const account = userId === undefined ? undefined : await repo.account(userId);
      if (!token || !account?.totpSecret) {
        clearTwoFactorStep(deps, reply);
        throw unauthenticated('Your sign-in has expired. Enter your username and password again.');
      }
      // Codes are guessed at like passwords: the same counts, per account and per address.
      const attempt = await deps.loginLimits.take(reply, request.ip, account.username);
      const body = request.body;
      let ok: boolean;
      try {
        ok =
          'code' in body
            ? await useTotpCode(deps, account.id, account.totpSecret, body.code)
            : await repo.useRecoveryCode(account.id, recoveryCodeHash(body.recoveryCode));
      } catch (error) {
        await deps.loginLimits.refund(attempt).catch(() => {});
        throw error;
      }
      const method = 'code' in body ? ('totp' as const) : ('recovery-code' as const);
      if (!ok) {
        await deps.audit.record(
          request,
          { action: 'sign-in.two-factor-failure', ...target(account), changes: { method: { after: method } } },
          null,
        );
        const [path, message] =
          'code' in body
            ? ['code', WRONG_CODE]
            : ['recoveryCode', 'That recovery code is not right, or was used already.'];
        throw new HttpError('VALIDATION_FAILED', message, [{ path, message }]);
      }
      // The step is used once: a second request with the same cookie finds it gone.
      if (!(await repo.endStep(sha256(token))))
        throw unauthenticated('Your sign-in has expired. Enter your username and password again.');
      await deps.loginLimits.succeeded(attempt);
      clearTwoFactorStep(deps, reply);
      return { success: true as const, user: await completeSignIn(deps, auth, request, reply, account, method) };
    },
  );

  // Administrators: every user's two-factor, removing a user's (a lost phone), the site's policy.

  app.get(
    api.usersTwoFactor,
    { onRequest: auth.requireAdmin, schema: { response: { 200: z.array(UserTwoFactorSchema) } } },
    () => repo.listStatus(),
  );

  app.delete(
    '/api/admin/users/:id/two-factor',
    {
      onRequest: auth.requireAdmin,
      schema: { params: IdParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const user = await users.get(request.params.id);
      if (!user) throw notFound('User');
      const wasOn = await deps.audit.change(request, async (log) => {
        const on = await repo.disable(user.id);
        if (on)
          log({ action: 'two-factor.remove', ...target(user), changes: { totp: { before: true, after: false } } });
        return on;
      });
      if (!wasOn) throw new HttpError('CONFLICT', `${user.username} does not use an authenticator app.`);
      return { success: true as const };
    },
  );

  app.get(
    api.twoFactorPolicy,
    { onRequest: auth.requireStaff, schema: { response: { 200: TwoFactorPolicySchema } } },
    () => repo.policy(),
  );

  app.put(
    api.twoFactorPolicy,
    {
      onRequest: auth.requireAdmin,
      schema: { body: TwoFactorPolicyInputSchema, response: { 200: TwoFactorPolicySchema } },
    },
    async (request) => {
      await deps.repos.siteSettings.ensure();
      const saved = await deps.audit.change(request, async (log) => {
        const before = await repo.policy();
        const after = await repo.setPolicy(request.body.twoFactorPolicy, request.body.twoFactorGraceDays);
        if (after) {
          log({
            action: 'settings.update',
            targetType: 'settings',
            targetLabel: 'Two-factor policy',
            changes: {
              twoFactorPolicy: { before: before.twoFactorPolicy, after: after.twoFactorPolicy },
              twoFactorGraceDays: { before: before.twoFactorGraceDays, after: after.twoFactorGraceDays },
            },
          });
        }
        return after;
      });
      if (!saved) throw notFound('Site settings');
      return saved;
    },
  );
};
