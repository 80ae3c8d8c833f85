// "Remove the demo content" (issue 21): administrators see what would go, then take it in one step.
import { api } from '../../../shared/paths';
import { DemoContentReportSchema } from '../../../shared/schemas/demo-content';
import type { AppModule } from '../../types';
import { changedFields } from '../audit/audit-changes';

export const demoContentModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.demoContent;
  const schema = { response: { 200: DemoContentReportSchema } };

  app.get(api.demoContent, { onRequest: auth.requireAdmin, schema }, () => repo.preview());

  app.delete(
    api.demoContent,
    // A success drops every cached page, feed, sitemap and .well-known file on every instance.
    { onRequest: auth.requireAdmin, config: { changesContent: true }, schema },
    async (request) => {
      const { report, objects } = await deps.audit.change(request, async (log) => {
        const { report: removed, objects } = await repo.remove();
        log({
          action: 'demo-content.remove',
          targetType: 'demo-content',
          targetLabel: 'Demo content',
          changes: changedFields(null, {
            apps: removed.apps.map((a) => a.title),
            posts: removed.posts,
            images: removed.images,
          }),
        });
        return { report: removed, objects };
      });
      // The removed images' files in an object store (none while media is in the database).
      deps.mediaStorage.forget(objects);
      request.log.info(
        { userId: request.user?.id, apps: report.apps.length, posts: report.posts, images: report.images },
        'demo content removed',
      );
      return report;
    },
  );
};
