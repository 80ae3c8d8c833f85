// Everything the modules share, built once per app (buildApp calls buildDeps): the settings, the
// database, the one clock, the content-change signal, the image workers, every repo, and the
// declared services one module offers another (the outbox, the inbox, the post scheduler, which apps
// a caller may see). A module asks for what it needs here; nothing is found by registration order.
// Background workers are started and stopped by plugins/lifecycle.ts, never by a module.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { ContentCache } from './lib/content-cache';
import { ContentEvents } from './lib/content-events';
import { appPagesRepo } from './modules/app-pages/app-pages.repo';
import { appReleasesRepo } from './modules/app-releases/app-releases.repo';
import { appPrivacyRepo } from './modules/app-privacy/app-privacy.repo';
import { AnalyticsCollector } from './modules/analytics/collector';
import { analyticsEventsRepo } from './modules/analytics/events.repo';
import { appsRepo } from './modules/apps/apps.repo';
import { analyticsReportRepo } from './modules/analytics/report.repo';
import { AnalyticsRollup } from './modules/analytics/rollup-job';
import { analyticsSettingsRepo } from './modules/analytics/settings.repo';
import { createAudit } from './modules/audit/audit';
import { auditRepo } from './modules/audit/audit.repo';
import { auditLogRepo } from './modules/audit/audit-log.repo';
import { AuditHousekeeping } from './modules/audit/audit-housekeeping';
import { visibleApps } from './modules/apps/visible-apps';
import { createLoginLimits } from './modules/auth/login-limits';
import { passkeysRepo } from './modules/auth/passkeys.repo';
import { sessionsRepo } from './modules/auth/sessions.repo';
import { StaffMail } from './modules/auth/staff-mail';
import { twoFactorRepo } from './modules/auth/two-factor.repo';
import { blogsRepo } from './modules/blogs/blogs.repo';
import { CampaignMail } from './modules/campaigns/campaign-mail';
import { CampaignSender } from './modules/campaigns/campaign-sender';
import { campaignsRepo } from './modules/campaigns/campaigns.repo';
import { searchRepo } from './modules/search/search.repo';
import { previewLinksRepo } from './modules/blogs/preview-links.repo';
import { PostScheduler } from './modules/blogs/scheduler';
import { scheduledLaunches } from './modules/campaigns/launch-campaign';
import { deletionRequestsRepo } from './modules/deletion-requests/deletion-requests.repo';
import { demoContentRepo } from './modules/demo-content/demo-content.repo';
import { draftsRepo } from './modules/drafts/drafts.repo';
import { mediaRepo } from './modules/media/media.repo';
import { mediaStorageRepo } from './modules/media/media-storage.repo';
import { MediaMover } from './modules/media/media.mover';
import { MediaStorage } from './modules/media/media.storage';
import { imageWorkers } from './modules/media/media.workers';
import { createInbox } from './modules/messages/inbox';
import { messagesRepo } from './modules/messages/messages.repo';
import { notificationsRepo } from './modules/notifications/notifications.repo';
import { Notifier } from './modules/notifications/notifier';
import { pagesRepo } from './modules/pages/pages.repo';
import { pressRepo } from './modules/press/press.repo';
import { revisionsRepo } from './modules/revisions/revisions.repo';
import { siteFilesRepo } from './modules/site-files/site-files.repo';
import { subscriptionsRepo } from './modules/subscriptions/subscriptions.repo';
import { siteSettingsRepo } from './modules/site/site-settings.repo';
import { socialRepo } from './modules/social/social.repo';
import { uiStringsRepo } from './modules/ui-strings/ui-strings.repo';
import { usersRepo } from './modules/users/users.repo';
import { translationsRepo } from './modules/translations/translations.repo';
import { requestLanguages } from './modules/deletion-requests/deletion-language';
import { createAuth } from './plugins/auth';
import { resolveSecretKey, secretBox } from './lib/secret-box';
import { PAGE_CACHE_BYTES, type CachedPage } from './ssr/pages';
import { PublishedIn } from './modules/translations/published-in';
import { SHARE_CACHE_BYTES } from './ssr/share-images';
import type { Deps, Repos } from './types';

export interface DepsOptions {
  config: Config;
  database: Database;
  /** The one clock: every repo and service reads the time from it (tests move it). */
  now: () => Date;
  /** Where the background workers log (the app's logger). */
  log: FastifyBaseLogger;
}

/**
 * Every repo, built once on the app's database with the app's clock. A repo used inside a
 * transaction (mediaRepo(tx) in the demo content) is built for that transaction from the same factory.
 */
export function buildRepos(database: Database, config: Config, now: () => Date, content: ContentEvents): Repos {
  const db = database.db;
  const notifications = notificationsRepo(db);
  return {
    apps: appsRepo(db, now),
    blogs: blogsRepo(db, now),
    previewLinks: previewLinksRepo(db, now),
    pages: pagesRepo(db, now),
    // The privacy versions tell the caches when one of them takes effect by itself.
    appPrivacy: appPrivacyRepo(db, now, content),
    press: pressRepo(db, now),
    siteSettings: siteSettingsRepo(db, config, now),
    siteFiles: siteFilesRepo(db, now),
    appPages: appPagesRepo(db, now),
    appReleases: appReleasesRepo(db, now),
    social: socialRepo(db, now),
    uiStrings: uiStringsRepo(db, now),
    users: usersRepo(db),
    sessions: sessionsRepo(db, now),
    passkeys: passkeysRepo(db, now),
    media: mediaRepo(db),
    demoContent: demoContentRepo(db),
    notifications,
    messages: messagesRepo(db, notifications),
    deletionRequests: deletionRequestsRepo(db, now, notifications),
    drafts: draftsRepo(db),
    revisions: revisionsRepo(db),
    audit: auditRepo(db, now),
    auditLog: auditLogRepo(db, config, now),
    twoFactor: twoFactorRepo(db, now),
    translations: translationsRepo(db, now),
    search: searchRepo(db),
    campaigns: campaignsRepo(db, now),
    subscriptions: subscriptionsRepo(db, now, notifications),
    // Issue 27: the figures and the raw-days setting.
    analyticsReport: analyticsReportRepo(db),
    analyticsSettings: analyticsSettingsRepo(db, config),
    analyticsEvents: analyticsEventsRepo(db),
    mediaStorage: mediaStorageRepo(db, now),
  };
}

export function buildDeps({ config, database, now, log }: DepsOptions): Deps {
  const content = new ContentEvents(database, now);
  const repos = buildRepos(database, config, now, content);
  const auth = createAuth(config, repos.sessions);
  // What is there in each language, for pages' links and deletion requests' emails.
  const publishedIn = new PublishedIn(content, repos);
  // One outbox sender for the app: new messages' notifications and deletion requests' confirmations.
  const outbox = new Notifier(repos.notifications, config, log, now, requestLanguages(repos, publishedIn));
  // Campaigns (issue 26): their emails, and the sender that works through their queue.
  const campaignMail = new CampaignMail(config, repos);
  // Media in the database or an object store (issue 28), and the mover between them.
  const secrets = secretBox(resolveSecretKey(config));
  const mediaStorage = new MediaStorage({ config, repo: repos.mediaStorage, secrets, log });
  return {
    config,
    database,
    now,
    content,
    campaignMail,
    campaignSender: new CampaignSender(repos.campaigns, campaignMail, config, log, now),
    images: imageWorkers({ timeLimitMs: config.imageTimeLimitMs }),
    repos,
    auth,
    audit: createAudit(repos.audit, database.scope),
    loginLimits: createLoginLimits(database, config),
    secrets,
    mediaStorage,
    mediaMover: new MediaMover({ database, repo: repos.mediaStorage, storage: mediaStorage, log, now }),
    outbox,
    staffMail: new StaffMail(config, log),
    inbox: createInbox({ database, config, messages: repos.messages, outbox, now }),
    scheduler: new PostScheduler(repos.blogs, content, log, now, [
      repos.translations,
      scheduledLaunches({ database, config, repos }),
    ]),
    auditHousekeeping: new AuditHousekeeping(repos.auditLog, log),
    analyticsRollup: new AnalyticsRollup(database.db, repos.analyticsSettings, log, now),
    visibleApps: visibleApps(repos.apps, auth),
    analyticsCollector: new AnalyticsCollector({
      repo: repos.analyticsEvents,
      auth,
      config,
      locales: () => repos.siteSettings.locales(),
      log,
      now,
    }),
    publishedIn,
    caches: {
      pages: new ContentCache<CachedPage>(content, {
        maxBytes: PAGE_CACHE_BYTES,
        sizeOf: (page) => page.raw.length + page.gzip.length + page.br.length,
      }),
      shareImages: new ContentCache<Buffer>(content, { maxBytes: SHARE_CACHE_BYTES, sizeOf: (png) => png.length }),
    },
  };
}
