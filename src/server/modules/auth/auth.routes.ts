// Sign-in, sign-out, who am I, and password change.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { OkSchema } from '../../../shared/schemas/common';
import {
  AuthCheckSchema,
  ChangePasswordInputSchema,
  CurrentUserSchema,
  LoginInputSchema,
} from '../../../shared/schemas/users';
import { HttpError, unauthenticated } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { usersRepo } from '../users/users.repo';

const FAILURE_WINDOW_S = 15 * 60;

export function authRoutes(app: AppInstance, deps: Deps, auth: Auth): void {
  const users = usersRepo(deps.database.db);
  // Failed sign-ins per IP and username; a success clears the count.
  const failures = new RateLimiterMemory({ points: deps.config.loginMaxFailures, duration: FAILURE_WINDOW_S });

  app.post(
    '/api/admin/login',
    {
      schema: {
        body: LoginInputSchema,
        response: { 200: z.object({ success: z.literal(true), user: CurrentUserSchema }) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const key = `${request.ip}|${username.toLowerCase()}`;
      const seen = await failures.get(key);
      if (seen && seen.consumedPoints >= deps.config.loginMaxFailures) {
        const minutes = Math.max(1, Math.ceil(seen.msBeforeNext / 60_000));
        reply.header('retry-after', Math.ceil(seen.msBeforeNext / 1000));
        throw new HttpError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      const user = await users.findForLogin(username);
      const ok = await verifyPassword(user?.password ?? (await dummyHash()), password);
      if (!user || !ok) {
        await failures.penalty(key, 1);
        throw unauthenticated('Invalid username or password');
      }
      await failures.delete(key);
      // A fresh session id at every sign-in; a session the browser already had is ended.
      await auth.loadUser(request);
      if (request.user) await auth.sessions.remove(request.user.sessionId);
      auth.setSessionCookie(reply, await auth.sessions.create(user.id));
      return { success: true as const, user: { id: user.id, username: user.username, isAdmin: user.isAdmin } };
    },
  );

  // Ending a session that is already gone is still a success: the browser is signed out either way.
  app.post('/api/admin/logout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    await auth.loadUser(request);
    if (request.user) await auth.sessions.remove(request.user.sessionId);
    auth.clearSessionCookie(reply);
    return { success: true as const };
  });

  app.get('/api/admin/check-auth', { schema: { response: { 200: AuthCheckSchema } } }, async (request) => {
    await auth.loadUser(request);
    return { isAuthenticated: Boolean(request.user) };
  });

  app.get(
    '/api/admin/me',
    { onRequest: auth.requireStaff, schema: { response: { 200: CurrentUserSchema } } },
    (request) => {
      const { id, username, isAdmin } = request.user!;
      return { id, username, isAdmin };
    },
  );

  app.post(
    '/api/admin/change-password',
    { onRequest: auth.requireStaff, schema: { body: ChangePasswordInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      const user = request.user!;
      const current = await users.getPasswordHash(user.id);
      if (!current || !(await verifyPassword(current, request.body.currentPassword))) {
        throw new HttpError('VALIDATION_FAILED', 'Current password is incorrect', [
          { path: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      await users.setPassword(user.id, await hashPassword(request.body.newPassword));
      await auth.sessions.removeOthers(user.id, user.sessionId);
      return { success: true as const };
    },
  );
}
