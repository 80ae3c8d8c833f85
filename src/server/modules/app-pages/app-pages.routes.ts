// An app's deletion and support texts (issue 14): read by its two public pages, written by staff on
// the app form. Hidden apps' texts are not found for visitors, as their pages are.
import { api } from '../../../shared/paths';
import { AppPagesInputSchema, AppPagesSchema, PublicAppPagesSchema } from '../../../shared/schemas/app-pages';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { editVersion } from '../../lib/if-match';
import type { AppModule } from '../../types';

export const appPagesModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.appPages;
  // Staff (signed in, as the admin routes require) see hidden apps; visitors do not.
  const { appFor } = deps.visibleApps;

  app.get(
    api.appPages(':id'),
    {
      config: { publicRead: true, translate: { type: 'app-page' } },
      schema: { params: IdParamsSchema, response: { 200: PublicAppPagesSchema } },
    },
    async (request) => {
      await appFor(request, request.params.id);
      const { version: _version, ...pages } = await repo.get(request.params.id);
      return pages;
    },
  );

  app.get(
    api.adminAppPages(':id'),
    { onRequest: auth.requireStaff, schema: { params: IdParamsSchema, response: { 200: AppPagesSchema } } },
    async (request) => {
      await appFor(request, request.params.id);
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
      const forApp = await appFor(request, request.params.id);
      return deps.audit.write(request, {
        type: 'app-pages',
        verb: 'update',
        id: forApp.id,
        label: forApp.title,
        before: () => repo.get(forApp.id),
        write: () => repo.put(forApp.id, request.body, editVersion(request)),
      });
    },
  );
};
