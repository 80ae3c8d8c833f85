// An app's privacy policy (issue 14): public reads of the version in force, the list of versions,
// the one in force on a day and each saved version by id (issue 21), the staff's read and write, and
// which of an app's own pages exist (the app page's links).
// Hidden apps are not found for visitors, as everywhere else.
import { z } from 'zod';
import { api } from '../../../shared/paths';
import {
  AppPageLinksSchema,
  AppPrivacyAdminSchema,
  AppPrivacyInputSchema,
  AppPrivacyPolicySchema,
  AppPrivacyVersionSchema,
  AppPrivacyVersionSummarySchema,
  isEffectiveDate,
} from '../../../shared/schemas/app-privacy';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { editVersion } from '../../lib/if-match';
import { notFound } from '../../lib/errors';
import type { AppModule } from '../../types';

const VersionParamsSchema = IdParamsSchema.extend({ day: z.string() });
const SavedParamsSchema = IdParamsSchema.extend({ versionId: IdParamsSchema.shape.id });

export const appPrivacyModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.appPrivacy;
  const read = { config: { publicRead: true } };

  /** The app, if the caller may see it (staff see hidden apps; visitors do not). */
  const visibleApp = deps.visibleApps.appFor;

  app.get(
    api.appPrivacyPolicy(':id'),
    {
      // Issue 24: the policy in force, in ?locale='s language (its dated and saved versions are the
      // default language's only).
      config: { publicRead: true, translate: { type: 'app-page', part: 'privacy' } },
      schema: { params: IdParamsSchema, response: { 200: AppPrivacyPolicySchema } },
    },
    async (request) => {
      const policy = await repo.current(await visibleApp(request, request.params.id));
      if (!policy) throw notFound('Privacy policy');
      return policy;
    },
  );

  app.get(
    api.appPrivacyVersions(':id'),
    { ...read, schema: { params: IdParamsSchema, response: { 200: z.array(AppPrivacyVersionSummarySchema) } } },
    async (request) => repo.versions((await visibleApp(request, request.params.id)).id),
  );

  app.get(
    api.appPrivacyVersion(':id', ':day'),
    { ...read, schema: { params: VersionParamsSchema, response: { 200: AppPrivacyVersionSchema } } },
    async (request) => {
      const found = await visibleApp(request, request.params.id);
      // A malformed day names no version: the same 404 as a day with none.
      const version = isEffectiveDate(request.params.day) ? await repo.versionOn(found.id, request.params.day) : null;
      if (!version) throw notFound('Privacy policy version');
      return version;
    },
  );

  app.get(
    api.appPrivacySaved(':id', ':versionId'),
    { ...read, schema: { params: SavedParamsSchema, response: { 200: AppPrivacyVersionSchema } } },
    async (request) => {
      const found = await visibleApp(request, request.params.id);
      const version = await repo.versionById(found.id, request.params.versionId);
      if (!version) throw notFound('Privacy policy version');
      return version;
    },
  );

  // In another language (?locale=, issue 24), the privacy policy and press kit are linked where they
  // have a published translation there (their pages are not found in it otherwise).
  app.get(
    api.appPageLinks(':id'),
    {
      config: { publicRead: true, translate: { type: 'self' } },
      schema: { params: IdParamsSchema, response: { 200: AppPageLinksSchema } },
    },
    async (request) => {
      const appId = (await visibleApp(request, request.params.id)).id;
      const links = await repo.pageLinks(appId);
      const locale = request.contentLocale;
      if (!locale) return links;
      const rows = await deps.repos.translations.forItems('app-page', [`${appId}-privacy`, `${appId}-press`], locale);
      const shown = (part: string) => {
        const row = rows.get(`${appId}-${part}`);
        return Boolean(row && (row.isPublished || row.useDefault));
      };
      return {
        ...links,
        privacyPolicy: links.privacyPolicy && shown('privacy'),
        pressKit: links.pressKit && shown('press'),
      };
    },
  );

  app.get(
    api.adminAppPrivacyPolicy(':id'),
    {
      onRequest: auth.requireStaff,
      schema: { params: IdParamsSchema, response: { 200: AppPrivacyAdminSchema.nullable() } },
    },
    async (request) => repo.forAdmin(await visibleApp(request, request.params.id)),
  );

  app.put(
    api.adminAppPrivacyPolicy(':id'),
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: IdParamsSchema, body: AppPrivacyInputSchema, response: { 200: AppPrivacyAdminSchema } },
    },
    async (request) => {
      const target = await visibleApp(request, request.params.id);
      return deps.audit.write(request, {
        type: 'app-privacy',
        verb: 'update',
        id: target.id,
        label: target.title,
        before: () => repo.forAdmin(target),
        write: () =>
          repo.put(target, request.body, { userId: request.user?.id ?? null, version: editVersion(request) }),
      });
    },
  );
};
