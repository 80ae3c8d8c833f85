// The launch campaign (issue 26): when an app's status becomes Live, by hand or at the time set for
// it (scheduledLaunches), a draft for its notify-me list is made from its store links and its latest
// published post, for staff to review and send. It is never sent by itself, and an app gets one
// launch draft ever (going Live again makes none).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { apps, blogPosts } from '../../db/schema';
import { launchCampaign } from '../../../shared/campaign-content';
import { appList } from '../../../shared/schemas/lists';
import type { AuditLog } from '../audit/audit';
import type { AuditEntry } from '../audit/audit.repo';
import type { ScheduledItems } from '../blogs/scheduler';
import type { Deps } from '../../types';
import { draftCampaign } from './draft-campaign';

/** Locks the app's row so two saves making it Live at once make one draft. */
const LAUNCH_LOCK = 26_002;

/**
 * Drafts the app's launch campaign unless it has one; answers the new draft's id (null when there was
 * one already). Call inside the change's transaction (`deps.audit.change`), with its log.
 */
export async function draftLaunchCampaign(
  deps: Pick<Deps, 'database' | 'config' | 'repos'>,
  appId: number,
  createdBy: number | null,
  log: AuditLog,
): Promise<number | null> {
  const db: Db = deps.database.db;
  await db.execute(sql`select pg_advisory_xact_lock(${LAUNCH_LOCK}, ${appId})`);
  if (await deps.repos.campaigns.launchDraftOf(appId)) return null;
  const [app] = await db.select().from(apps).where(eq(apps.id, appId));
  if (!app) return null;
  const [post] = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title })
    .from(blogPosts)
    .where(and(eq(blogPosts.appId, appId), eq(blogPosts.isPublished, true)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(1);
  const { subject, content } = launchCampaign(
    {
      title: app.title,
      screenshots: app.screenshots,
      appStoreLink: app.appStoreLink,
      appleAppId: app.appleAppId,
      googlePlayLink: app.googlePlayLink,
      googlePlayPackage: app.googlePlayPackage,
      webAppLink: app.webAppLink,
    },
    post ? { id: post.id, slug: post.slug ?? String(post.id), title: post.title } : null,
    deps.config.siteUrl,
  );
  const { id } = await draftCampaign(db, {
    list: appList(appId),
    subject,
    content,
    origin: 'launch',
    appId,
    postId: post?.id ?? null,
    createdBy,
  });
  log({ action: 'campaign.create', targetType: 'campaign', targetId: id, targetLabel: subject });
  return id;
}

/** After an app's save: drafts its launch campaign when the save made it Live. */
export async function launchIfLive(
  deps: Pick<Deps, 'database' | 'config' | 'repos' | 'audit'>,
  request: FastifyRequest,
  appId: number,
  before: { status: string } | null | undefined,
  after: { status: string } | null | undefined,
): Promise<void> {
  if (!after || after.status !== 'Live' || before?.status === 'Live') return;
  await deps.audit.change(request, (log) => draftLaunchCampaign(deps, appId, request.user?.id ?? null, log));
}

/**
 * Apps that go Live at a set time (issue 26), on the post scheduler's clock: each app whose time has
 * come becomes Live, and its launch campaign is drafted for staff, in one transaction with an audit
 * entry made by no one (the schedule). Nothing is sent.
 */
export function scheduledLaunches(deps: Pick<Deps, 'database' | 'config' | 'repos'>): ScheduledItems {
  return {
    publishDue: () =>
      deps.database.scope.run(async () => {
        const launched = await deps.repos.apps.launchDue();
        const schedule = { actorId: null, actorName: '', address: '' };
        for (const app of launched) {
          const entries: AuditEntry[] = [
            {
              action: 'app.update',
              targetType: 'app',
              targetId: app.id,
              targetLabel: app.title,
              changes: { status: { after: 'Live' } },
            },
          ];
          await draftLaunchCampaign(deps, app.id, null, (entry) => entries.push(entry));
          for (const entry of entries) await deps.repos.audit.record(schedule, entry);
        }
        return launched;
      }),
    nextScheduled: () => deps.repos.apps.nextLaunch(),
  };
}
