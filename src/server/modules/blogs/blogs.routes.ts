import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '../../../shared/paths';
import {
  AdminBlogPostSchema,
  BlogIndexQuerySchema,
  BlogPostBodySchema,
  BlogPostSchema,
  PreviewPostSchema,
  PublicBlogPostSchema,
  STUDIO_NAME,
} from '../../../shared/schemas/blog-posts';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { pageOf, PageQuerySchema, TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import {
  NewPreviewLinkSchema,
  PreviewLinkQuerySchema,
  PreviewLinkSchema,
  PreviewTokenParamsSchema,
} from '../../../shared/schemas/preview-links';
import { STUDIO_LIST } from '../../../shared/schemas/lists';
import { invalid, notFound } from '../../lib/errors';
import { draftCampaign } from '../campaigns/draft-campaign';
import { editVersion } from '../../lib/if-match';
import type { AppModule } from '../../types';
import type { Editor } from './blogs.repo';
import { overlay } from '../translations/locale-reads';

const PreviewLinkParamsSchema = IdParamsSchema.extend({ linkId: IdParamsSchema.shape.id });

/** Issue 26: "Send to the newsletter" answers the campaign it drafted, and where staff review it. */
export const PostCampaignSchema = z.object({ id: z.number(), editUrl: z.string() });
export const NOT_STUDIO_NEWS = 'Only a published studio post can be sent to the newsletter';
/** The Campaigns screen's editor of one campaign (issue 26, helper G's screen). */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const campaignEditPath = (id: number) => `/admin-page/campaigns/edit?id=${id}`;

export const blogsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.blogs;
  const apps = deps.repos.apps;
  const previews = deps.repos.previewLinks;
  const staff = { onRequest: auth.requireStaff };
  const write = { ...staff, config: { changesContent: true } };
  const editor = (request: FastifyRequest): Editor => ({ userId: request.user?.id ?? null });
  type PostState = { isPublished?: boolean; publishAt?: string | null } | null | undefined;
  /** What a save did to a post, for the audit log: published, unpublished, scheduled or updated it. */
  const saveVerb = (before: PostState, after: PostState) => {
    if (!before?.isPublished && after?.isPublished) return 'publish';
    if (before?.isPublished && !after?.isPublished) return 'unpublish';
    if (after?.publishAt && after.publishAt !== before?.publishAt) return 'schedule';
    return before ? 'update' : 'create';
  };

  /**
   * A preview link's language (issue 24): one of the site's others, in which the post has a
   * translation (its draft is what the link shows); none or the default: the post itself.
   */
  async function previewLocale(postId: number, code: string | undefined): Promise<string | null> {
    if (!code) return null;
    const locale = (await deps.repos.siteSettings.locales()).find((l) => l.code === code);
    const message = !locale
      ? `${code} is not one of the site's languages`
      : !locale.isDefault && !(await deps.repos.translations.get('post', String(postId), code))
        ? `Save the ${locale.name} translation before sharing a preview of it`
        : undefined;
    if (message) throw invalid(message, [{ path: 'locale', message }]);
    return locale!.isDefault ? null : locale!.code;
  }

  /** The post's app exists; a studio post (null, issue 26) has none to check. */
  async function assertAppExists(appId: number | null) {
    if (appId !== null && !(await apps.get(appId, { includeHidden: true }))) {
      throw invalid('Please select an app', [{ path: 'appId', message: 'Please select an app' }]);
    }
  }

  // Visitors see published posts; signed-in staff also see drafts (a preview with the Draft badge).
  app.get(
    '/api/apps/:id/blogs',
    {
      config: { publicRead: true, translate: { type: 'post', list: true } },
      schema: { params: IdParamsSchema, response: { 200: z.array(BlogPostSchema) } },
    },
    async (request) => {
      // A hidden app's posts are as absent as the app itself for visitors.
      await deps.visibleApps.appFor(request, request.params.id);
      const { includeHidden: staffReads } = await deps.visibleApps.audience(request);
      return repo.listByApp(request.params.id, staffReads);
    },
  );

  app.get(
    '/api/blogs/:id',
    {
      config: { publicRead: true, translate: { type: 'post' } },
      schema: { params: IdParamsSchema, response: { 200: BlogPostSchema } },
    },
    async (request) => {
      const post = await repo.get(request.params.id);
      if (!post || !(await deps.visibleApps.maySeePost(request, post))) throw notFound('Blog post');
      return post;
    },
  );

  // The blog index (/blog): published posts of every visible app, or of one, a page at a time.
  app.get(
    '/api/blogs',
    {
      config: { publicRead: true, translate: { type: 'post', list: true } },
      schema: { querystring: BlogIndexQuerySchema, response: { 200: z.array(PublicBlogPostSchema) } },
    },
    async (request, reply) => {
      const { page, pageSize, appId } = request.query;
      const { items, total } = await repo.publishedPage({
        limit: pageSize,
        offset: (page - 1) * pageSize,
        appId,
        locale: request.contentLocale ?? undefined,
      });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  /**
   * The app's name as a preview in `locale` shows it: its translation's (published or, as a preview
   * shows drafts, only saved), else the default language's; null for an app the reader may not see.
   */
  async function previewAppTitle(request: FastifyRequest, appId: number | null, locale: string | null) {
    if (appId === null) return STUDIO_NAME;
    const [found, row] = await Promise.all([
      apps.get(appId, await deps.visibleApps.audience(request)),
      locale ? deps.repos.translations.get('app', String(appId), locale) : undefined,
    ]);
    if (!found) return null;
    const title = row && !row.useDefault ? (row.fields as { title?: unknown }).title : undefined;
    return typeof title === 'string' && title.trim() ? title : found.title;
  }

  // A shared draft: the post as it will look, to anyone with the link, until it expires or is revoked;
  // with its app's name in the link's language (the page names the app).
  app.get(
    '/api/preview/:token',
    { schema: { params: PreviewTokenParamsSchema, response: { 200: PreviewPostSchema } } },
    async (request) => {
      const opened = await previews.open(request.params.token);
      if (!opened) throw notFound('Preview');
      const appTitle = await previewAppTitle(request, opened.post.appId, opened.locale);
      if (!opened.locale) return { ...opened.post, appTitle };
      // A link made for another language (issue 24): the post as its translation's draft will show it,
      // marked with its language (the page is written in it). Its translation deleted: nothing to show.
      const row = await deps.repos.translations.get('post', String(opened.post.id), opened.locale);
      if (!row) throw notFound('Preview');
      return { ...(overlay('post', opened.post, row) as typeof opened.post), appTitle };
    },
  );

  // The spec's call answers every post; with page, pageSize or q, one page (total in X-Total-Count).
  app.get(
    '/api/admin/blogs',
    { ...staff, schema: { querystring: PageQuerySchema, response: { 200: z.array(AdminBlogPostSchema) } } },
    async (request, reply) => {
      const page = pageOf(request.query);
      if (!page) return repo.listAll();
      const { items, total } = await repo.page(page);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/api/admin/blogs',
    { ...write, schema: { body: BlogPostBodySchema, response: { 201: BlogPostSchema } } },
    async (request, reply) => {
      await assertAppExists(request.body.appId);
      const post = await deps.audit.write(request, {
        type: 'post',
        verb: (_before, after) => (after && saveVerb(undefined, after) === 'schedule' ? 'schedule' : 'create'),
        write: () => repo.create(request.body, editor(request)),
      });
      if (post.publishAt) deps.scheduler.kick();
      return reply.code(201).send(post);
    },
  );

  app.put(
    '/api/admin/blogs/:id',
    { ...write, schema: { params: IdParamsSchema, body: BlogPostBodySchema, response: { 200: BlogPostSchema } } },
    async (request) => {
      if (!(await repo.get(request.params.id))) throw notFound('Blog post');
      await assertAppExists(request.body.appId);
      const { id } = request.params;
      const updated = await deps.audit.write(request, {
        type: 'post',
        verb: saveVerb,
        before: () => repo.get(id),
        write: () => repo.update(id, { ...request.body, version: editVersion(request) }, editor(request)),
      });
      if (!updated) throw notFound('Blog post');
      if (updated.publishAt) deps.scheduler.kick();
      return updated;
    },
  );

  app.patch(
    '/api/admin/blogs/:id/publish',
    { ...write, schema: { params: IdParamsSchema, response: { 200: BlogPostSchema } } },
    async (request) => {
      const { id } = request.params;
      const published = await deps.audit.write(request, {
        type: 'post',
        verb: 'publish',
        before: () => repo.get(id),
        write: () => repo.publish(id, editor(request)),
      });
      if (!published) throw notFound('Blog post');
      return published;
    },
  );

  // Back to draft: gone from every public page, feed and sitemap (a schedule is cleared too).
  app.patch(
    '/api/admin/blogs/:id/unpublish',
    { ...write, schema: { params: IdParamsSchema, response: { 200: BlogPostSchema } } },
    async (request) => {
      const { id } = request.params;
      const draft = await deps.audit.write(request, {
        type: 'post',
        verb: 'unpublish',
        before: () => repo.get(id),
        write: () => repo.unpublish(id, editor(request)),
      });
      if (!draft) throw notFound('Blog post');
      return draft;
    },
  );

  app.post(
    '/api/admin/blogs/:id/preview-link',
    {
      ...staff,
      schema: { params: IdParamsSchema, querystring: PreviewLinkQuerySchema, response: { 201: NewPreviewLinkSchema } },
    },
    async (request, reply) => {
      if (!(await repo.get(request.params.id))) throw notFound('Blog post');
      const locale = await previewLocale(request.params.id, request.query.locale);
      // The entry names the link, never its token.
      const { token, link } = await deps.audit.change(request, async (log) => {
        const made = await previews.create(request.params.id, request.user?.id ?? null, locale);
        log({
          action: 'preview-link.create',
          targetType: 'post',
          targetId: request.params.id,
          changes: locale ? { locale: { after: locale } } : null,
        });
        return made;
      });
      return reply.code(201).send({ ...link, url: `${deps.config.siteUrl}${paths.preview(token)}` });
    },
  );

  app.get(
    '/api/admin/blogs/:id/preview-links',
    {
      ...staff,
      schema: {
        params: IdParamsSchema,
        querystring: PreviewLinkQuerySchema,
        response: { 200: z.array(PreviewLinkSchema) },
      },
    },
    async (request) => {
      if (!(await repo.get(request.params.id))) throw notFound('Blog post');
      return previews.listActive(request.params.id, request.query.locale ?? null);
    },
  );

  app.delete(
    '/api/admin/blogs/:id/preview-links/:linkId',
    { ...staff, schema: { params: PreviewLinkParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id, linkId } = request.params;
      const revoked = await deps.audit.change(request, async (log) => {
        const done = await previews.revoke(id, linkId);
        if (done) log({ action: 'preview-link.revoke', targetType: 'post', targetId: id, changes: null });
        return done;
      });
      if (!revoked) throw notFound('Preview link');
      return { success: true as const };
    },
  );

  // Issue 26: a published studio post becomes a draft campaign to the studio's newsletter, in one
  // step; a person reviews and sends it from the Campaigns screen (nothing is mailed here).
  app.post(
    '/api/admin/blogs/:id/newsletter',
    { ...write, schema: { params: IdParamsSchema, response: { 201: PostCampaignSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const post = await repo.get(id);
      if (!post) throw notFound('Blog post');
      if (post.appId !== null || !post.isPublished) throw invalid(NOT_STUDIO_NEWS);
      const link = `${deps.config.siteUrl}${paths.readablePost(post)}`;
      const readOn = `<p><a href="${escapeHtml(link)}">${escapeHtml(post.title)}</a></p>`;
      // Its excerpt and a link when it has one, else the whole post (and the link to it).
      const content = post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>${readOn}` : `${post.content}${readOn}`;
      const campaign = await deps.audit.change(request, async (log) => {
        const made = await draftCampaign(deps.database.db, {
          list: STUDIO_LIST,
          origin: 'post',
          subject: post.title,
          content,
          postId: post.id,
          createdBy: request.user?.id ?? null,
        });
        log({
          action: 'campaign.draft',
          targetType: 'campaign',
          targetId: made.id,
          changes: { post: { after: post.id }, list: { after: STUDIO_LIST } },
        });
        return made;
      });
      return reply.code(201).send({ id: campaign.id, editUrl: campaignEditPath(campaign.id) });
    },
  );

  app.delete(
    '/api/admin/blogs/:id',
    { ...write, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const removed = await deps.audit.write(request, {
        type: 'post',
        verb: 'delete',
        before: () => repo.get(id),
        write: () => repo.remove(id),
        after: () => null,
      });
      if (!removed) throw notFound('Blog post');
      return { success: true as const };
    },
  );
};
