// An app's release notes (issue 26): staff list, add, edit (with the revision they opened, 409 when
// stale) and delete them on the app form, and draft a campaign of one to the app's notify-me list;
// visitors read them (GET /api/apps/{id}/releases, newest first; ?locale= answers the releases
// published in that language). Hidden apps' releases are not found for visitors, as their pages are.
import { z } from '../../../shared/schemas/zod';
import { api, paths } from '../../../shared/paths';
import {
  PublicReleaseSchema,
  ReleaseCampaignSchema,
  ReleaseInputSchema,
  ReleaseParamsSchema,
  ReleaseSchema,
  type Release,
} from '../../../shared/schemas/app-releases';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { appList } from '../../../shared/schemas/lists';
import { notFound } from '../../lib/errors';
import { ifMatchVersion } from '../../lib/if-match';
import type { AppModule } from '../../types';
import { draftCampaign } from '../campaigns/draft-campaign';
import { releaseCampaignContent } from './release-campaign';

/** A release as the audit log names it: "{app} {version}" (its `title` there). */
const named = (appTitle: string, release: Release | undefined) =>
  release && { ...release, title: `${appTitle} ${release.version}` };

export const appReleasesModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.appReleases;
  // Staff (signed in, as the admin routes require) see hidden apps; visitors do not.
  const { appFor } = deps.visibleApps;

  app.get(
    api.appReleases(':id'),
    {
      config: { publicRead: true, translate: { type: 'release', list: true } },
      schema: { params: IdParamsSchema, response: { 200: z.array(PublicReleaseSchema) } },
    },
    async (request) => {
      await appFor(request, request.params.id);
      return (await repo.list(request.params.id)).map(({ revision: _r, createdAt: _c, ...release }) => release);
    },
  );

  app.get(
    api.adminAppReleases(':id'),
    { onRequest: auth.requireStaff, schema: { params: IdParamsSchema, response: { 200: z.array(ReleaseSchema) } } },
    async (request) => {
      await appFor(request, request.params.id);
      return repo.list(request.params.id);
    },
  );

  app.post(
    api.adminAppReleases(':id'),
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: IdParamsSchema, body: ReleaseInputSchema, response: { 201: ReleaseSchema } },
    },
    async (request, reply) => {
      const forApp = await appFor(request, request.params.id);
      const created = await deps.audit.write(request, {
        type: 'release',
        verb: 'create',
        write: () => repo.create(forApp.id, request.body),
        after: (release) => named(forApp.title, release),
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    api.adminAppRelease(':id', ':releaseId'),
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: ReleaseParamsSchema, body: ReleaseInputSchema, response: { 200: ReleaseSchema } },
    },
    async (request) => {
      const forApp = await appFor(request, request.params.id);
      const { releaseId } = request.params;
      const revision = request.body.revision ?? ifMatchVersion(request);
      const saved = await deps.audit.write(request, {
        type: 'release',
        verb: 'update',
        id: releaseId,
        before: async () => named(forApp.title, await repo.get(forApp.id, releaseId)),
        write: () => repo.update(forApp.id, releaseId, { ...request.body, revision }),
        after: (release) => named(forApp.title, release),
      });
      return saved;
    },
  );

  app.delete(
    api.adminAppRelease(':id', ':releaseId'),
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: ReleaseParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const forApp = await appFor(request, request.params.id);
      const { releaseId } = request.params;
      const removed = await deps.audit.write(request, {
        type: 'release',
        verb: 'delete',
        id: releaseId,
        before: async () => named(forApp.title, await repo.get(forApp.id, releaseId)),
        write: () => repo.remove(forApp.id, releaseId),
        after: () => null,
      });
      if (!removed) throw notFound('Release');
      return { success: true as const };
    },
  );

  // "Email this update to the app's list": a draft campaign for staff to review and send from Campaigns.
  app.post(
    api.adminAppReleaseCampaign(':id', ':releaseId'),
    {
      onRequest: auth.requireStaff,
      schema: { params: ReleaseParamsSchema, response: { 201: ReleaseCampaignSchema } },
    },
    async (request, reply) => {
      const forApp = await appFor(request, request.params.id);
      const release = await repo.get(forApp.id, request.params.releaseId);
      if (!release) throw notFound('Release');
      const subject = `${forApp.title} ${release.version}: what's new`;
      const content = releaseCampaignContent({
        app: forApp,
        release,
        pageUrl: `${deps.config.siteUrl}${paths.appReleases(forApp.slug)}`,
      });
      const drafted = await deps.audit.write(request, {
        type: 'campaign',
        verb: 'draft',
        write: async () => {
          const { id } = await draftCampaign(deps.database.db, {
            list: appList(forApp.id),
            subject,
            content,
            origin: 'release',
            platforms: release.platforms,
            appId: forApp.id,
            releaseId: release.id,
            createdBy: request.user?.id ?? null,
          });
          return { id, title: subject, origin: 'release', list: appList(forApp.id), releaseId: release.id };
        },
      });
      return reply.status(201).send({ campaignId: drafted.id, subject });
    },
  );
};
