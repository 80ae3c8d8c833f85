// Staff accounts: administrators list, create and delete them.
import { z } from 'zod';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { CreateUserInputSchema, UserSchema } from '../../../shared/schemas/users';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword, PasswordQueueFullError } from '../../lib/passwords';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { usersRepo } from './users.repo';

export function usersRoutes(app: AppInstance, deps: Deps, auth: Auth): void {
  const repo = usersRepo(deps.database.db);
  const admin = { onRequest: auth.requireAdmin };

  app.get('/api/admin/users', { ...admin, schema: { response: { 200: z.array(UserSchema) } } }, () => repo.list());

  app.post(
    '/api/admin/users',
    { ...admin, schema: { body: CreateUserInputSchema, response: { 201: UserSchema } } },
    async (request, reply) => {
      const { username, password, isAdmin } = request.body;
      if (await repo.usernameTaken(username)) throw conflict(`The username "${username}" is already taken`);
      try {
        const user = await repo.create({ username, passwordHash: await hashPassword(password), isAdmin });
        return reply.code(201).send(user);
      } catch (error) {
        if (error instanceof PasswordQueueFullError) reply.header('retry-after', 1);
        // Two requests racing for one name (in any case): the unique index on lower(username) decides.
        if (
          (error as { cause?: { code?: string } }).cause?.code === '23505' ||
          (error as { code?: string }).code === '23505'
        ) {
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
      const outcome = await repo.removeKeepingAnAdmin(target.id, request.user!.id);
      if (outcome === 'not-found') throw notFound('User');
      if (outcome === 'not-admin') throw forbidden();
      if (outcome === 'last-admin') throw conflict('The last administrator cannot be deleted');
      return { success: true as const };
    },
  );
}
