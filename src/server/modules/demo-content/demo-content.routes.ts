// "Remove the demo content" (issue 21): administrators see what would go, then take it in one step.
import { api } from '../../../shared/paths';
import { DemoContentReportSchema } from '../../../shared/schemas/demo-content';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import { demoContentRepo } from './demo-content.repo';

export function demoContentRoutes(app: AppInstance, deps: Deps, auth: Auth): void {
  const repo = demoContentRepo(deps.database.db);
  const schema = { response: { 200: DemoContentReportSchema } };

  app.get(api.demoContent, { onRequest: auth.requireAdmin, schema }, () => repo.preview());

  app.delete(
    api.demoContent,
    // A success drops every cached page, feed, sitemap and .well-known file on every instance.
    { onRequest: auth.requireAdmin, config: { changesContent: true }, schema },
    async (request) => {
      const report = await repo.remove();
      request.log.info(
        { userId: request.user?.id, apps: report.apps.length, posts: report.posts, images: report.images },
        'demo content removed',
      );
      return report;
    },
  );
}
