// Staff accounts: administrators list, create and delete them.
import { z } from 'zod';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import {
  CreateUserInputSchema,
  EMAIL_TAKEN,
  ResetPasswordInputSchema,
  UpdateUserInputSchema,
  UserSchema,
} from '../../../shared/schemas/users';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { hashPassword, PasswordQueueFullError } from '../../lib/passwords';
import type { AppModule } from '../../types';
import { rowChange } from '../audit/audit-changes';

export const usersModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.users;
  const admin = { onRequest: auth.requireAdmin };

  app.get('/api/admin/users', { ...admin, schema: { response: { 200: z.array(UserSchema) } } }, () => repo.list());

  app.post(
    '/api/admin/users',
    { ...admin, schema: { body: CreateUserInputSchema, response: { 201: UserSchema } } },
    async (request, reply) => {
      const { username, password, isAdmin, email } = request.body;
      if (await repo.usernameTaken(username)) throw conflict(`The username "${username}" is already taken`);
      const emailTaken = () => new HttpError('CONFLICT', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
      if (email && (await repo.emailTaken(email))) throw emailTaken();
      refuseCommonPassword(password, 'password');
      try {
        const passwordHash = await hashPassword(password);
        // The entry holds the username and role; the password (and its hash) never.
        const user = await deps.audit.write(request, {
          type: 'user',
          verb: 'create',
          write: () => repo.create({ username, passwordHash, isAdmin, email }),
        });
        return reply.code(201).send(user);
      } catch (error) {
        if (error instanceof PasswordQueueFullError) reply.header('retry-after', 1);
        // Two requests racing for one name (in any case): the unique index on lower(username) decides.
        const violation =
          (error as { cause?: { code?: string; constraint?: string } }).cause ??
          (error as { code?: string; constraint?: string });
        if (violation.code === '23505') {
          if (violation.constraint === 'users_email_lower_idx') throw emailTaken();
          throw conflict(`The username "${username}" is already taken`);
        }
        throw error;
      }
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { ...admin, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const target = await repo.get(request.params.id);
      if (!target) throw notFound('User');
      if (target.id === request.user!.id) throw forbidden('You cannot delete your own account');
      const outcome = await deps.audit.change(request, async (log) => {
        const done = await repo.removeKeepingAnAdmin(target.id, request.user!.id);
        if (done === 'removed') log(rowChange('user', 'delete', { before: target }));
        return done;
      });
      if (outcome === 'not-found') throw notFound('User');
      if (outcome === 'not-admin') throw forbidden();
      if (outcome === 'last-admin') throw conflict('The last administrator cannot be deleted');
      return { success: true as const };
    },
  );

  // An administrator sets another user's password; that user is signed out everywhere.
  app.put(
    '/api/admin/users/:id/password',
    { ...admin, schema: { params: IdParamsSchema, body: ResetPasswordInputSchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const target = await repo.get(request.params.id);
      if (!target) throw notFound('User');
      if (target.id === request.user!.id) {
        throw forbidden('Use Change Password to change your own password (it asks for the current one)');
      }
      refuseCommonPassword(request.body.newPassword, 'newPassword');
      let hash: string;
      try {
        hash = await hashPassword(request.body.newPassword);
      } catch (error) {
        if (error instanceof PasswordQueueFullError) reply.header('retry-after', 1);
        throw error;
      }
      await deps.audit.change(request, async (log) => {
        await repo.setPassword(target.id, hash);
        await auth.sessions.removeAll(target.id);
        log({ action: 'user.password', targetType: 'user', targetId: target.id, targetLabel: target.username });
      });
      return { success: true as const };
    },
  );

  // An administrator changes a user's role; there is always at least one administrator.
  app.patch(
    '/api/admin/users/:id',
    { ...admin, schema: { params: IdParamsSchema, body: UpdateUserInputSchema, response: { 200: UserSchema } } },
    async (request) => {
      const { id } = request.params;
      const result = await deps.audit.change(request, async (log) => {
        const before = await repo.get(id);
        const outcome = await repo.setRoleKeepingAnAdmin(id, request.body.isAdmin, request.user!.id);
        if (outcome.outcome === 'updated') log(rowChange('user', 'role', { before, after: outcome.user }));
        return outcome;
      });
      if (result.outcome === 'updated') return result.user;
      if (result.outcome === 'not-found') throw notFound('User');
      if (result.outcome === 'not-admin') throw forbidden();
      throw conflict('The last administrator cannot stop being one');
    },
  );
};
