// An app's deletion and support texts (issue 14): read by its two public pages, written by staff on
// the app form. Hidden apps' texts are not found for visitors, as their pages are.
import type { FastifyRequest } from 'fastify';
import { api } from '../../../shared/paths';
import { AppPagesInputSchema, AppPagesSchema, PublicAppPagesSchema } from '../../../shared/schemas/app-pages';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { notFound } from '../../lib/errors';
import { editVersion } from '../../lib/if-match';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { appsRepo } from '../apps/apps.repo';
import { appPagesRepo } from './app-pages.repo';

export function appPagesRoutes(app: AppInstance, deps: Deps, auth: Auth): void {
  const repo = appPagesRepo(deps.database.db, deps.now);
  const apps = appsRepo(deps.database.db);

  const existing = async (id: number, includeHidden: boolean) => {
    if (!(await apps.get(id, { includeHidden }))) throw notFound('App');
  };

  app.get(
    api.appPages(':id'),
    { config: { publicRead: true }, schema: { params: IdParamsSchema, response: { 200: PublicAppPagesSchema } } },
    async (request: FastifyRequest<{ Params: { id: number } }>) => {
      await auth.loadUser(request);
      await existing(request.params.id, Boolean(request.user));
      const { version: _version, ...pages } = await repo.get(request.params.id);
      return pages;
    },
  );

  app.get(
    api.adminAppPages(':id'),
    { onRequest: auth.requireStaff, schema: { params: IdParamsSchema, response: { 200: AppPagesSchema } } },
    async (request) => {
      await existing(request.params.id, true);
      return repo.get(request.params.id);
    },
  );

  app.put(
    api.adminAppPages(':id'),
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: IdParamsSchema, body: AppPagesInputSchema, response: { 200: AppPagesSchema } },
    },
    async (request) => {
      await existing(request.params.id, true);
      return repo.put(request.params.id, request.body, editVersion(request));
    },
  );
}
