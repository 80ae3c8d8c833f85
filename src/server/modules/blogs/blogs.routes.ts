import { z } from 'zod';
import { AdminBlogPostSchema, BlogPostInputSchema, BlogPostSchema } from '../../../shared/schemas/blog-posts';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { pageOf, PageQuerySchema, TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { invalid, notFound } from '../../lib/errors';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { appsRepo } from '../apps/apps.repo';
import { blogsRepo } from './blogs.repo';

export function blogsRoutes(app: AppInstance, deps: Deps, auth: Auth): void {
  const repo = blogsRepo(deps.database.db, deps.now);
  const apps = appsRepo(deps.database.db);
  const staff = { onRequest: auth.requireStaff };
  const write = { ...staff, config: { changesContent: true } };

  async function assertAppExists(appId: number) {
    if (!(await apps.get(appId, { includeHidden: true }))) {
      throw invalid('Please select an app', [{ path: 'appId', message: 'Please select an app' }]);
    }
  }

  // Visitors see published posts; signed-in staff also see drafts (a preview with the Draft badge).
  app.get(
    '/api/apps/:id/blogs',
    { config: { publicRead: true }, schema: { params: IdParamsSchema, response: { 200: z.array(BlogPostSchema) } } },
    async (request) => {
      await auth.loadUser(request);
      const staffReads = Boolean(request.user);
      // A hidden app's posts are as absent as the app itself for visitors.
      if (!(await apps.get(request.params.id, { includeHidden: staffReads }))) throw notFound('App');
      return repo.listByApp(request.params.id, staffReads);
    },
  );

  app.get(
    '/api/blogs/:id',
    { config: { publicRead: true }, schema: { params: IdParamsSchema, response: { 200: BlogPostSchema } } },
    async (request) => {
      const post = await repo.get(request.params.id);
      await auth.loadUser(request);
      const visible = post && (request.user || (post.isPublished && (await apps.get(post.appId)) !== undefined));
      if (!visible) throw notFound('Blog post');
      return post;
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
    { ...write, schema: { body: BlogPostInputSchema, response: { 201: BlogPostSchema } } },
    async (request, reply) => {
      await assertAppExists(request.body.appId);
      return reply.code(201).send(await repo.create(request.body));
    },
  );

  app.put(
    '/api/admin/blogs/:id',
    { ...write, schema: { params: IdParamsSchema, body: BlogPostInputSchema, response: { 200: BlogPostSchema } } },
    async (request) => {
      if (!(await repo.get(request.params.id))) throw notFound('Blog post');
      await assertAppExists(request.body.appId);
      const updated = await repo.update(request.params.id, request.body);
      if (!updated) throw notFound('Blog post');
      return updated;
    },
  );

  app.patch(
    '/api/admin/blogs/:id/publish',
    { ...write, schema: { params: IdParamsSchema, response: { 200: BlogPostSchema } } },
    async (request) => {
      const published = await repo.publish(request.params.id);
      if (!published) throw notFound('Blog post');
      return published;
    },
  );

  app.delete(
    '/api/admin/blogs/:id',
    { ...write, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      if (!(await repo.remove(request.params.id))) throw notFound('Blog post');
      return { success: true as const };
    },
  );
}
