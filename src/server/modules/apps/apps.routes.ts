import { z } from 'zod';
import { api } from '../../../shared/paths';
import {
  AppInputSchema,
  AppOrderInputSchema,
  AppSchema,
  AppSlugParamsSchema,
  BlogCountsSchema,
} from '../../../shared/schemas/apps';
import { CatalogueQuerySchema, catalogueApps } from '../../../shared/schemas/app-catalogue';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { invalid, notFound } from '../../lib/errors';
import { editVersion } from '../../lib/if-match';
import { launchIfLive } from '../campaigns/launch-campaign';
import type { AppModule } from '../../types';
import type { TranslateRead } from '../translations/locale-reads';

export const appsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.apps;
  const write = { onRequest: auth.requireStaff, config: { changesContent: true } };

  /** A public read, in the language of ?locale= (issue 24: see modules/translations/locale-reads.ts). */
  const read = (translate: TranslateRead) => ({ config: { publicRead: true, translate } });

  /** Staff see hidden apps (the admin uses the same reads); visitors do not. */
  const { audience } = deps.visibleApps;

  app.get(
    '/api/apps',
    {
      ...read({ type: 'app', list: true }),
      schema: { querystring: CatalogueQuerySchema, response: { 200: z.array(AppSchema) } },
    },
    // The catalogue's filters and order (issue 25, decision 116); without them, every app in the staff's order.
    async (request) => catalogueApps(await repo.list(await audience(request)), request.query),
  );

  app.put(
    api.appsOrder,
    { ...write, schema: { body: AppOrderInputSchema, response: { 200: z.array(AppSchema) } } },
    async (request) => {
      const ordered = await deps.audit.write(request, {
        type: 'app',
        verb: 'order',
        label: 'Apps',
        before: async () => ({ order: (await repo.list({ includeHidden: true })).map((a) => a.title) }),
        write: () => repo.reorder(request.body.ids),
        after: (apps) => ({ order: (apps || []).map((a) => a.title) }),
      });
      if (!ordered) {
        throw invalid('The order must list every app exactly once', [
          {
            path: 'ids',
            message: 'The order must list every app exactly once (the list may be out of date: reload it)',
          },
        ]);
      }
      return ordered;
    },
  );

  app.get(
    '/api/apps/:id',
    {
      ...read({ type: 'app' }),
      schema: { params: IdParamsSchema, response: { 200: AppSchema } },
    },
    async (request) => deps.visibleApps.appFor(request, request.params.id),
  );

  // An app's public pages (/apps/{slug}/…) read their app by its slug: one app, not the whole list.
  app.get(
    '/api/apps/by-slug/:slug',
    {
      ...read({ type: 'app' }),
      schema: { params: AppSlugParamsSchema, response: { 200: AppSchema } },
    },
    async (request) => deps.visibleApps.appBySlug(request, request.params.slug),
  );

  app.post(
    '/api/apps',
    { ...write, schema: { body: AppInputSchema, response: { 201: AppSchema } } },
    async (request, reply) => {
      const created = await deps.audit.write(request, {
        type: 'app',
        verb: 'create',
        write: () => repo.create(request.body),
      });
      if (created.goesLiveAt) deps.scheduler.kick();
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/apps/:id',
    { ...write, schema: { params: IdParamsSchema, body: AppInputSchema, response: { 200: AppSchema } } },
    async (request) => {
      // The version the edit is based on: If-Match or `version` in the body; none saves as the spec's clients do.
      const { id } = request.params;
      let before: { status: string } | undefined;
      const updated = await deps.audit.write(request, {
        type: 'app',
        verb: 'update',
        before: async () => (before = await repo.get(id, { includeHidden: true })),
        write: () => repo.update(id, request.body, editVersion(request)),
      });
      if (!updated) throw notFound('App');
      // Made Live: its notify-me list's launch campaign is drafted for staff (issue 26).
      await launchIfLive(deps, request, id, before, updated);
      // A time to go live: the scheduler may have to wake sooner.
      if (updated.goesLiveAt) deps.scheduler.kick();
      return updated;
    },
  );

  app.delete(
    '/api/apps/:id',
    { ...write, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const removed = await deps.audit.write(request, {
        type: 'app',
        verb: 'delete',
        before: () => repo.get(id, { includeHidden: true }),
        write: () => repo.remove(id),
        after: () => null,
      });
      if (!removed) throw notFound('App');
      return { success: true as const };
    },
  );

  app.get(
    '/api/blog-counts',
    { ...read({ type: 'self' }), schema: { response: { 200: BlogCountsSchema } } },
    async (request) => repo.blogCounts(await audience(request), request.contentLocale ?? undefined),
  );
};
