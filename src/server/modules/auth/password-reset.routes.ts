// Password reset by email (issue 23), after OWASP's Forgot Password cheat sheet: a request by
// username or email answers 202 with one body whatever it matched (the lookup and the mail happen
// after the reply); the emailed link's random token is kept only hashed, works once and for 30
// minutes; setting the password ends every session of the user, does not sign in, and is told by
// email. Without mail (no SMTP_URL or sender) the feature is off and says so (GET
// answers available: false; a request is 404 with the reason).
import { randomBytes } from 'node:crypto';
import { api, paths } from '../../../shared/paths';
import { OkSchema } from '../../../shared/schemas/common';
import {
  PasswordResetAvailabilitySchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
  RESET_LINK_INVALID,
  RESET_REQUESTED,
  RESET_UNAVAILABLE,
} from '../../../shared/schemas/password-reset';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { HttpError } from '../../lib/errors';
import { hashPassword, PasswordQueueFullError } from '../../lib/passwords';
import { createLimiter, minutesText, tooManyAttempts } from '../../lib/rate-limits';
import type { AppModule } from '../../types';
import { hashResetToken, passwordResetRepo, RESET_LINK_MS } from './password-reset.repo';

const HOUR_S = 60 * 60;
/** Requests one address may make in an hour (any accounts). */
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Requests naming one username or email in an hour (answered 429 alike whether it exists). */
export const RESET_REQUESTS_PER_LOGIN = 3;
/** Links mailed to one account in an hour, however it was named (over it, nothing is sent). */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** Attempts to use a link from one address in an hour. */
export const RESET_CONFIRMS_PER_ADDRESS = 20;

/** Not a 503: nothing will change by trying again; on this site the feature does not exist. */
const unavailable = () => new HttpError('NOT_FOUND', RESET_UNAVAILABLE);
const invalidLink = () =>
  new HttpError('VALIDATION_FAILED', RESET_LINK_INVALID, [{ path: 'token', message: RESET_LINK_INVALID }]);

export const passwordResetModule: AppModule = async (app, { deps, auth }) => {
  const { config, staffMail } = deps;
  const users = deps.repos.users;
  const links = passwordResetRepo(deps.database.db, deps.now);
  const limiter = (name: string, points: number) =>
    createLimiter(deps.database, { name, points, windowSeconds: HOUR_S });
  const perAddress = limiter('reset-address', RESET_REQUESTS_PER_ADDRESS);
  const perLogin = limiter('reset-login', RESET_REQUESTS_PER_LOGIN);
  const perAccount = limiter('reset-account', RESET_MAILS_PER_ACCOUNT);
  const confirms = limiter('reset-confirm', RESET_CONFIRMS_PER_ADDRESS);
  const tooMany = (reply: Parameters<typeof tooManyAttempts>[0], ms: number) =>
    tooManyAttempts(reply, ms, `Too many password reset requests. Please try again in ${minutesText(ms)}.`);

  app.get(api.passwordReset, { schema: { response: { 200: PasswordResetAvailabilitySchema } } }, () => ({
    available: staffMail.available,
  }));

  app.post(
    api.passwordReset,
    { schema: { body: PasswordResetRequestSchema, response: { 202: PasswordResetRequestedSchema } } },
    async (request, reply) => {
      if (!staffMail.available) throw unavailable();
      const login = request.body.login.normalize('NFKC').toLowerCase();
      const address = await perAddress.take(request.ip);
      if (!address.allowed) throw tooMany(reply, address.retryAfterMs);
      const named = await perLogin.take(login);
      if (!named.allowed) throw tooMany(reply, named.retryAfterMs);

      // Everything that depends on the account happens after the reply, so its timing tells nothing.
      staffMail.later('password reset link', async () => {
        const user = await users.findByUsernameOrEmail(login);
        if (!user) return;
        await deps.audit.record(
          request,
          { action: 'password-reset.request', targetType: 'user', targetId: user.id, targetLabel: user.username },
          null,
        );
        if (!user.email || !(await perAccount.take(String(user.id))).allowed) return;
        const token = randomBytes(32).toString('base64url');
        await links.issue(user.id, hashResetToken(token));
        const link = `${config.siteUrl}${paths.admin.resetPassword}?token=${token}`;
        await staffMail.send({
          to: user.email,
          subject: 'Reset your password',
          text: [
            `Someone (hopefully you) asked to reset the password of the account "${user.username}" at ${config.siteUrl}.`,
            '',
            `To choose a new password, open this link within ${RESET_LINK_MS / 60_000} minutes. It works once:`,
            link,
            '',
            'If you did not ask for this, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      });
      return reply.code(202).send({ success: true as const, message: RESET_REQUESTED });
    },
  );

  app.post(
    api.passwordResetConfirm,
    { schema: { body: PasswordResetConfirmSchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const attempt = await confirms.take(request.ip);
      if (!attempt.allowed) throw tooMany(reply, attempt.retryAfterMs);
      const tokenHash = hashResetToken(request.body.token);
      // A dead link is told before the password is judged or hashed.
      const ownerId = await links.userOf(tokenHash);
      if (!ownerId) throw invalidLink();
      refuseCommonPassword(request.body.password, 'password');
      let hash: string;
      try {
        hash = await hashPassword(request.body.password);
      } catch (error) {
        if (error instanceof PasswordQueueFullError) reply.header('retry-after', 1);
        throw error;
      }
      const owner = await users.get(ownerId);
      // The new password, the spent link, the ended sessions and the entry commit together.
      const user = await deps.audit.change(
        request,
        async (log) => {
          const userId = await links.complete(tokenHash, hash);
          if (!userId) throw invalidLink();
          await auth.sessions.removeAll(userId);
          const found = await users.get(userId);
          if (found) {
            log({
              action: 'password-reset.complete',
              targetType: 'user',
              targetId: found.id,
              targetLabel: found.username,
            });
          }
          return found;
        },
        owner ? { id: owner.id, username: owner.username } : null,
      );
      if (user) {
        const email = user.email;
        if (email) {
          staffMail.later('password changed notice', () =>
            staffMail.send({
              to: email,
              subject: 'Your password was changed',
              text: [
                `The password of the account "${user.username}" at ${config.siteUrl} was changed with a reset link just now, and every session of the account was signed out.`,
                '',
                `Sign in with the new password: ${config.siteUrl}${paths.admin.auth}`,
                '',
                'If you did not do this, ask an administrator to set a new password for you at once.',
              ].join('\n'),
            }),
          );
        }
      }
      return { success: true as const };
    },
  );
};
