// Visitor messages: the contact form and the staff inbox.
import { z } from 'zod';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { ContactMessageRequestSchema, HONEYPOT_FIELD, MessageSchema } from '../../../shared/schemas/messages';
import { notFound } from '../../lib/errors';
import { createLimiter, tooManyAttempts } from '../../lib/rate-limits';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { messagesRepo } from './messages.repo';

export async function messagesRoutes(app: AppInstance, deps: Deps, auth: Auth): Promise<void> {
  const repo = messagesRepo(deps.database.db);
  const staff = { onRequest: auth.requireStaff };

  // Messages per address per hour, shared by every instance on PostgreSQL.
  const sent = createLimiter(deps.database, {
    name: 'contact',
    points: deps.config.contactMaxPerHour,
    windowSeconds: 60 * 60,
  });

  // The visitor contact form. Rate limited per IP; a filled-in honeypot is accepted and dropped
  // (and counted, so a bot learns nothing from the limit).
  app.post(
    '/api/messages',
    { schema: { body: ContactMessageRequestSchema, response: { 201: OkSchema } } },
    async (request, reply) => {
      const attempt = await sent.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many messages from your address. Please try again later.',
        );
      }
      const { [HONEYPOT_FIELD]: honeypot, ...message } = request.body;
      if (honeypot) {
        request.log.info('contact form honeypot filled in; message dropped');
      } else {
        await repo.create(message);
      }
      return reply.code(201).send({ success: true as const });
    },
  );

  app.get('/api/messages', { ...staff, schema: { response: { 200: z.array(MessageSchema) } } }, () => repo.list());

  app.patch(
    '/api/messages/:id/read',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const message = await repo.markRead(request.params.id);
      if (!message) throw notFound('Message');
      return message;
    },
  );

  app.delete(
    '/api/messages/:id',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      if (!(await repo.remove(request.params.id))) throw notFound('Message');
      return { success: true as const };
    },
  );
}
