import { z } from 'zod';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { SocialLinkInputSchema, SocialLinkSchema } from '../../../shared/schemas/social-links';
import { notFound } from '../../lib/errors';
import type { AppModule } from '../../types';

export const socialModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.social;
  const write = { onRequest: auth.requireStaff, config: { changesContent: true } };

  // Visitors get the visible links; signed-in staff get all of them, hidden ones included.
  app.get(
    '/api/social-media',
    { config: { publicRead: true }, schema: { response: { 200: z.array(SocialLinkSchema) } } },
    async (request) => {
      await auth.loadUser(request);
      return repo.list(!request.user);
    },
  );

  app.post(
    '/api/social-media',
    { ...write, schema: { body: SocialLinkInputSchema, response: { 201: SocialLinkSchema } } },
    async (request, reply) =>
      reply.code(201).send(
        await deps.audit.write(request, {
          type: 'social-link',
          verb: 'create',
          write: () => repo.create(request.body),
        }),
      ),
  );

  app.put(
    '/api/social-media/:id',
    { ...write, schema: { params: IdParamsSchema, body: SocialLinkInputSchema, response: { 200: SocialLinkSchema } } },
    async (request) => {
      const { id } = request.params;
      const updated = await deps.audit.write(request, {
        type: 'social-link',
        verb: 'update',
        before: async () => (await repo.list(false)).find((link) => link.id === id),
        write: () => repo.update(id, request.body),
      });
      if (!updated) throw notFound('Social media link');
      return updated;
    },
  );

  app.delete(
    '/api/social-media/:id',
    { ...write, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const removed = await deps.audit.write(request, {
        type: 'social-link',
        verb: 'delete',
        before: async () => (await repo.list(false)).find((link) => link.id === id),
        write: () => repo.remove(id),
        after: () => null,
      });
      if (!removed) throw notFound('Social media link');
      return { success: true as const };
    },
  );
};
