// Sign-in, sign-out, who am I, and password change.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { api } from '../../../shared/paths';
import { OkSchema } from '../../../shared/schemas/common';
import {
  AuthCheckSchema,
  ChangePasswordInputSchema,
  CurrentUserSchema,
  MeSchema,
  LoginInputSchema,
  SessionInfoSchema,
} from '../../../shared/schemas/users';
import { HttpError, notFound, unauthenticated } from '../../lib/errors';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { dummyHash, hashPassword, PasswordQueueFullError, verifyPassword } from '../../lib/passwords';
import { createLimiter, minutesText, tooManyAttempts } from '../../lib/rate-limits';
import type { AppModule } from '../../types';
import { afterPassword } from './two-factor';

/** Re-exported for the limits' tests: the limits themselves live in login-limits.ts (deps.loginLimits). */
export { ADDRESS_FAILURES_FACTOR } from './login-limits';
const FAILURE_WINDOW_S = 15 * 60;

/** A busy password queue: 503 with Retry-After, so the client tries again shortly. */
function retryLaterIfBusy(reply: FastifyReply, error: unknown): never {
  if (error instanceof PasswordQueueFullError) reply.header('retry-after', 1);
  throw error;
}

export const authModule: AppModule = async (app, { deps, auth }) => {
  const users = deps.repos.users;
  const max = deps.config.loginMaxFailures;
  const passwordChecks = createLimiter(deps.database, {
    name: 'password-change',
    points: max,
    windowSeconds: FAILURE_WINDOW_S,
  });

  app.post(
    '/api/admin/login',
    {
      schema: {
        body: LoginInputSchema,
        // A user with two-factor gets { twoFactorRequired: true } and no session: the code comes next.
        response: {
          200: z.union([
            z.object({ success: z.literal(true), user: CurrentUserSchema }),
            z.object({ twoFactorRequired: z.literal(true) }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const attempt = await deps.loginLimits.take(reply, request.ip, username);

      let user: Awaited<ReturnType<typeof users.findForLogin>>;
      let ok: boolean;
      try {
        user = await users.findForLogin(username);
        ok = await verifyPassword(user?.password ?? (await dummyHash()), password);
      } catch (error) {
        // Nothing was checked (busy, or the database failed): the attempt does not count.
        await deps.loginLimits.refund(attempt).catch(() => {});
        retryLaterIfBusy(reply, error);
      }
      if (!user || !ok) {
        await deps.audit.record(
          request,
          { action: 'sign-in.failure', targetType: 'user', targetId: user?.id ?? '', targetLabel: username },
          null,
        );
        throw unauthenticated('Invalid username or password');
      }

      // The right password: two-factor (and the site's policy of it) decides what comes next.
      return afterPassword(deps, auth, request, reply, user, attempt);
    },
  );

  // Ending a session that is already gone is still a success: the browser is signed out either way.
  app.post('/api/admin/logout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    await auth.loadUser(request);
    if (request.user) {
      await auth.sessions.remove(request.user.sessionId);
      await deps.audit.record(request, {
        action: 'sign-out',
        targetType: 'user',
        targetId: request.user.id,
        targetLabel: request.user.username,
      });
    }
    auth.clearSessionCookie(reply);
    return { success: true as const };
  });

  app.get('/api/admin/check-auth', { schema: { response: { 200: AuthCheckSchema } } }, async (request) => {
    await auth.loadUser(request);
    return { isAuthenticated: Boolean(request.user) };
  });

  app.get(
    '/api/admin/me',
    { onRequest: auth.requireStaff, schema: { response: { 200: MeSchema } } },
    async (request) => {
      const { id, username, isAdmin } = request.user!;
      return { id, username, isAdmin, email: (await users.get(id))?.email ?? null };
    },
  );

  app.post(
    '/api/admin/change-password',
    { onRequest: auth.requireStaff, schema: { body: ChangePasswordInputSchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const user = request.user!;
      refuseCommonPassword(request.body.newPassword, 'newPassword');
      // Guesses at the current password are limited like sign-in, per account, counted before checking.
      const key = String(user.id);
      const attempt = await passwordChecks.take(key);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          `Too many wrong current passwords. Please try again in ${minutesText(attempt.retryAfterMs)}.`,
        );
      }
      let ok: boolean;
      let newHash: string;
      try {
        const current = await users.getPasswordHash(user.id);
        ok = Boolean(current) && (await verifyPassword(current!, request.body.currentPassword));
        newHash = ok ? await hashPassword(request.body.newPassword) : '';
      } catch (error) {
        await passwordChecks.refund(key).catch(() => {});
        retryLaterIfBusy(reply, error);
      }
      if (!ok) {
        throw new HttpError('VALIDATION_FAILED', 'Current password is incorrect', [
          { path: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      await passwordChecks.reset(key);
      await deps.audit.change(request, async (log) => {
        await users.setPassword(user.id, newHash);
        await auth.sessions.removeOthers(user.id, user.sessionId);
        log({ action: 'user.password', targetType: 'user', targetId: user.id, targetLabel: user.username });
      });
      return { success: true as const };
    },
  );

  // The caller's own sessions: where they are signed in, and ending the others.
  app.get(
    api.sessions,
    { onRequest: auth.requireStaff, schema: { response: { 200: z.array(SessionInfoSchema) } } },
    (request) => auth.sessions.listForUser(request.user!.id, request.user!.sessionId),
  );

  app.delete(
    api.otherSessions,
    { onRequest: auth.requireStaff, schema: { response: { 200: OkSchema } } },
    async (request) => {
      const { id, username, sessionId } = request.user!;
      await deps.audit.change(request, async (log) => {
        await auth.sessions.removeOthers(id, sessionId);
        log({ action: 'session.end-others', targetType: 'user', targetId: id, targetLabel: username });
      });
      return { success: true as const };
    },
  );

  app.delete(
    '/api/admin/sessions/:sessionId',
    {
      onRequest: auth.requireStaff,
      schema: {
        params: z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid session id') }),
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      // Only one's own sessions; someone else's is as unknown as a made-up one.
      const { id, username } = request.user!;
      const ended = await deps.audit.change(request, async (log) => {
        const done = await auth.sessions.removeByPublicId(id, request.params.sessionId);
        if (done) log({ action: 'session.end', targetType: 'user', targetId: id, targetLabel: username });
        return done;
      });
      if (!ended) throw notFound('Session');
      return { success: true as const };
    },
  );
};
