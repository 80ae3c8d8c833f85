// Revisions of posts and pages (issue 12): the history of an item, one revision whole, and Restore,
// which saves the revision's text as a new version (itself a new revision).
import { z } from 'zod';
import { BlogPostInputSchema, BlogPostSchema } from '../../../shared/schemas/blog-posts';
import { IdParamsSchema } from '../../../shared/schemas/common';
import {
  RevisionQuerySchema,
  RevisionSchema,
  RevisionSummarySchema,
  type Revision,
} from '../../../shared/schemas/revisions';
import {
  AboutUsInputSchema,
  AboutUsSchema,
  HomeContentInputSchema,
  HomeContentSchema,
  PrivacyPolicyInputSchema,
  PrivacyPolicySchema,
} from '../../../shared/schemas/site-content';
import { HttpError, invalid, notFound } from '../../lib/errors';
import type { AppModule } from '../../types';
import type { Editor } from '../blogs/blogs.repo';
import { translationRestorer } from '../translations/translation-restore';
import { TranslationSchema } from '../../../shared/schemas/translations';

const RestoredSchema = z.union([
  BlogPostSchema,
  AboutUsSchema,
  PrivacyPolicySchema,
  HomeContentSchema,
  TranslationSchema,
]);

/** A revision's data read back through the item's own input schema: an old shape that no longer fits is refused. */
function parseData<T extends z.ZodType>(schema: T, data: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalid('This revision can no longer be restored');
  return parsed.data;
}

export const revisionsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.revisions;
  const posts = deps.repos.blogs;
  const pages = deps.repos.pages;
  const apps = deps.repos.apps;
  const staff = { onRequest: auth.requireStaff };
  const restoreTranslation = translationRestorer(deps);

  /** Saves a revision's text as the item's newest version; the post keeps its state (published or not). */
  async function restore(revision: Revision, editor: Editor) {
    const save = { ...editor };
    switch (revision.kind) {
      case 'post': {
        const { isPublished: _p, publishedAt: _d, publishAt: _s, ...fields } = revision.data;
        const data = parseData(BlogPostInputSchema, fields);
        const current = await posts.get(revision.itemId);
        if (!current) throw notFound('Blog post');
        if (data.appId !== null && !(await apps.get(data.appId, { includeHidden: true }))) {
          throw invalid('The app of this revision was deleted: pick another app in the editor instead');
        }
        return posts.update(revision.itemId, { ...data, isPublished: current.isPublished }, editor, 'restore');
      }
      case 'about':
        return pages.putAbout(parseData(AboutUsInputSchema, revision.data), save, 'restore');
      case 'privacy':
        return pages.putPrivacy(parseData(PrivacyPolicyInputSchema, revision.data), save, 'restore');
      case 'home':
        return pages.putHome(parseData(HomeContentInputSchema, revision.data), save, 'restore');
      case 'translation':
        return restoreTranslation(revision, editor.userId);
    }
  }

  app.get(
    '/api/admin/revisions',
    { ...staff, schema: { querystring: RevisionQuerySchema, response: { 200: z.array(RevisionSummarySchema) } } },
    async (request) => {
      const { type, id } = request.query;
      if (type === 'post' && id === undefined)
        throw invalid('id is required for a post', [{ path: 'id', message: 'Required' }]);
      if (type === 'post' && !(await posts.get(id!))) throw notFound('Blog post');
      return repo.list(type, type === 'post' ? id! : 0);
    },
  );

  app.get(
    '/api/admin/revisions/:id',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: RevisionSchema } } },
    async (request) => {
      const revision = await repo.get(request.params.id);
      if (!revision) throw notFound('Revision');
      return revision;
    },
  );

  app.post(
    '/api/admin/revisions/:id/restore',
    {
      ...staff,
      config: { changesContent: true },
      schema: { params: IdParamsSchema, response: { 200: RestoredSchema } },
    },
    async (request) => {
      const revision = await repo.get(request.params.id);
      if (!revision) throw notFound('Revision');
      const key = revision.translation;
      const before = {
        post: () => posts.get(revision.itemId),
        about: () => pages.getAbout(),
        privacy: () => pages.getPrivacy(),
        home: () => pages.getHome(),
        translation: async () => {
          const row = key && (await deps.repos.translations.get(key.type, key.item, key.locale));
          return row ? { fields: row.fields as object, slug: row.slug, version: row.version } : undefined;
        },
      }[revision.kind];
      const restored = await deps.audit.write(request, {
        ...(key
          ? { type: 'translation', id: `${key.type}:${key.item}:${key.locale}` }
          : {
              type: revision.kind === 'post' ? 'post' : 'page',
              id: revision.kind === 'post' ? revision.itemId : revision.kind,
            }),
        verb: 'restore',
        before,
        write: () => restore(revision, { userId: request.user?.id ?? null }),
      });
      if (!restored) throw new HttpError('NOT_FOUND', 'Blog post not found');
      return restored;
    },
  );
};
