// Account and data deletion requests (issue 14): visitors ask on an app's /delete-account page
// (public, with the contact form's honeypot and a per-address limit); staff follow them up on the
// Deletion Requests screen, every status change recorded with who made it.
import { z } from 'zod';
import { api } from '../../../shared/paths';
import {
  DELETION_HONEYPOT,
  DeletionReceiptSchema,
  DeletionRequestDetailSchema,
  DeletionRequestInputSchema,
  DeletionRequestQuerySchema,
  DeletionRequestSchema,
  DeletionStatusChangeSchema,
} from '../../../shared/schemas/app-pages';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { PAGE_SIZE_DEFAULT, TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { HttpError, notFound } from '../../lib/errors';
import { createLimiter, tooManyAttempts } from '../../lib/rate-limits';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { appPagesRepo } from '../app-pages/app-pages.repo';
import { appsRepo } from '../apps/apps.repo';
import { confirmsDeletions, type Notifier } from '../notifications/notifier';
import { deletionRequestsRepo, newReference } from './deletion-requests.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export function deletionRequestsRoutes(app: AppInstance, deps: Deps, auth: Auth, notifier: Notifier): void {
  const repo = deletionRequestsRepo(deps.database.db, deps.now);
  const pages = appPagesRepo(deps.database.db, deps.now);
  const apps = appsRepo(deps.database.db);
  const staff = { onRequest: auth.requireStaff };

  // Requests per address per hour, as many as the contact form allows (a budget of their own).
  const asked = createLimiter(deps.database, {
    name: 'deletion-requests',
    points: deps.config.contactMaxPerHour,
    windowSeconds: 60 * 60,
  });

  app.post(
    api.deletionRequests(':id'),
    { schema: { params: IdParamsSchema, body: DeletionRequestInputSchema, response: { 201: DeletionReceiptSchema } } },
    async (request, reply) => {
      const attempt = await asked.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many requests from your address. Please try again later.',
        );
      }
      // Only a visible app whose page offers account deletion takes requests.
      const target = await apps.get(request.params.id);
      const texts = target ? await pages.get(target.id) : undefined;
      if (!target || !texts?.accountDeletion) {
        await asked.refund(request.ip);
        throw notFound('App');
      }
      const { [DELETION_HONEYPOT]: honeypot, ...input } = request.body;
      const confirm = confirmsDeletions(deps.config);
      if (honeypot) {
        // Answered like a stored request, so a bot learns nothing; nothing is kept or sent.
        request.log.info('deletion form honeypot filled in; request dropped');
        const dueAt = new Date(deps.now().getTime() + texts.deletionDays * DAY_MS).toISOString();
        return reply.code(201).send({ reference: newReference(), dueAt, emailed: confirm });
      }
      const receipt = await repo.create({ appId: target.id, ...input, days: texts.deletionDays, confirm });
      if (confirm) notifier.kick();
      return reply.code(201).send({ ...receipt, emailed: confirm });
    },
  );

  app.get(
    api.adminDeletionRequests,
    {
      ...staff,
      schema: { querystring: DeletionRequestQuerySchema, response: { 200: z.array(DeletionRequestSchema) } },
    },
    async (request, reply) => {
      const { page = 1, pageSize = PAGE_SIZE_DEFAULT, appId, status } = request.query;
      const { items, total } = await repo.page({ appId, status, limit: pageSize, offset: (page - 1) * pageSize });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    api.adminDeletionRequest(':id'),
    { ...staff, schema: { params: IdParamsSchema, response: { 200: DeletionRequestDetailSchema } } },
    async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound('Deletion request');
      return found;
    },
  );

  app.patch(
    api.adminDeletionRequest(':id'),
    {
      ...staff,
      schema: {
        params: IdParamsSchema,
        body: DeletionStatusChangeSchema,
        response: { 200: DeletionRequestDetailSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new HttpError('UNAUTHENTICATED', 'Not authenticated');
      const changed = await repo.setStatus(request.params.id, request.body, { id: user.id, name: user.username });
      if (!changed) throw notFound('Deletion request');
      return (await repo.get(request.params.id))!;
    },
  );
}
