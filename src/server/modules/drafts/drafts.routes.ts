// Autosave (issue 12): each staff member's unsaved work per editor and item, kept on the server a few
// seconds after the last change. It is never public and never applied: a save does that (and drops
// it). An autosave made from an older version than the item's is refused (409, with the item now).
import type { FastifyRequest } from 'fastify';
import { OkSchema } from '../../../shared/schemas/common';
import {
  DraftInputSchema,
  DraftParamsSchema,
  DraftSchema,
  parseTranslationDraftKey,
  type DraftKind,
} from '../../../shared/schemas/drafts';
import { toTranslation } from '../translations/translations.repo';
import { notFound, staleVersion } from '../../lib/errors';
import type { AppModule } from '../../types';

export const draftsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.drafts;
  const posts = deps.repos.blogs;
  const pages = deps.repos.pages;
  const translations = deps.repos.translations;
  const staff = { onRequest: auth.requireStaff };

  /**
   * The item as it is now (undefined for a post not yet created; null for a page never written). A
   * post is keyed by its id or 'new', a page by 'main': any other key names nothing.
   */
  async function current(kind: DraftKind, key: string) {
    if (kind === 'translation') {
      // A translation not yet saved is version 0, as a new post; its own row once saved.
      const parts = parseTranslationDraftKey(key);
      if (!parts) throw notFound('Translation');
      const row = await translations.get(parts.type, parts.item, parts.locale);
      return row ? toTranslation(row, '') : null;
    }
    if (kind === 'post') {
      if (key === 'new') return undefined;
      const post = key === 'main' ? undefined : await posts.get(Number(key));
      if (!post) throw notFound('Blog post');
      return post;
    }
    if (key !== 'main') throw notFound('Page');
    switch (kind) {
      case 'about':
        return pages.getAbout();
      case 'privacy':
        return pages.getPrivacy();
      case 'home':
        return pages.getHome();
    }
  }

  const keyOf = (request: FastifyRequest<{ Params: { kind: DraftKind; key: string } }>) => ({
    kind: request.params.kind,
    itemKey: request.params.key,
    userId: request.user!.id,
  });

  app.get(
    '/api/admin/drafts/:kind/:key',
    { ...staff, schema: { params: DraftParamsSchema, response: { 200: DraftSchema.nullable() } } },
    // No draft is the usual case (null, not a 404 the browser would log as an error).
    async (request) => (await repo.get(keyOf(request))) ?? null,
  );

  app.put(
    '/api/admin/drafts/:kind/:key',
    { ...staff, schema: { params: DraftParamsSchema, body: DraftInputSchema, response: { 200: DraftSchema } } },
    async (request) => {
      const item = await current(request.params.kind, request.params.key);
      const version = item?.version ?? 0;
      if (request.body.baseVersion !== version) throw staleVersion(item ?? null);
      return repo.put(keyOf(request), request.body.data, request.body.baseVersion, deps.now());
    },
  );

  app.delete(
    '/api/admin/drafts/:kind/:key',
    { ...staff, schema: { params: DraftParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await repo.remove(keyOf(request));
      return { success: true as const };
    },
  );
};
