import type { AnalyticsReportRepo } from './modules/analytics/report.repo';
import type { AnalyticsRollup } from './modules/analytics/rollup-job';
import type { AnalyticsSettingsRepo } from './modules/analytics/settings.repo';
import type { AnalyticsCollector } from './modules/analytics/collector';
import type { AnalyticsEventsRepo } from './modules/analytics/events.repo';
import type { AppReleasesRepo } from './modules/app-releases/app-releases.repo';
import type { TranslationsRepo } from './modules/translations/translations.repo';
import type { SearchRepo } from './modules/search/search.repo';
import type { CampaignsRepo } from './modules/campaigns/campaigns.repo';
import type { CampaignMail } from './modules/campaigns/campaign-mail';
import type { CampaignSender } from './modules/campaigns/campaign-sender';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ContentCache } from './lib/content-cache';
import type { ContentEvents } from './lib/content-events';
import type { AppPagesRepo } from './modules/app-pages/app-pages.repo';
import type { AppPrivacyRepo } from './modules/app-privacy/app-privacy.repo';
import type { AppsRepo } from './modules/apps/apps.repo';
import type { VisibleApps } from './modules/apps/visible-apps';
import type { Audit } from './modules/audit/audit';
import type { AuditRepo } from './modules/audit/audit.repo';
import type { AuditLogRepo } from './modules/audit/audit-log.repo';
import type { AuditHousekeeping } from './modules/audit/audit-housekeeping';
import type { LoginLimits } from './modules/auth/login-limits';
import type { PasskeysRepo } from './modules/auth/passkeys.repo';
import type { SessionsRepo, SessionUser } from './modules/auth/sessions.repo';
import type { StaffMail } from './modules/auth/staff-mail';
import type { TwoFactorRepo } from './modules/auth/two-factor.repo';
import type { BlogsRepo } from './modules/blogs/blogs.repo';
import type { PreviewLinksRepo } from './modules/blogs/preview-links.repo';
import type { PostScheduler } from './modules/blogs/scheduler';
import type { DeletionRequestsRepo } from './modules/deletion-requests/deletion-requests.repo';
import type { DemoContentRepo } from './modules/demo-content/demo-content.repo';
import type { DraftsRepo } from './modules/drafts/drafts.repo';
import type { MediaRepo } from './modules/media/media.repo';
import type { ImageWorkers } from './modules/media/media.workers';
import type { Inbox } from './modules/messages/inbox';
import type { MessagesRepo } from './modules/messages/messages.repo';
import type { NotificationsRepo } from './modules/notifications/notifications.repo';
import type { Notifier } from './modules/notifications/notifier';
import type { PagesRepo } from './modules/pages/pages.repo';
import type { PressRepo } from './modules/press/press.repo';
import type { RevisionsRepo } from './modules/revisions/revisions.repo';
import type { SiteFilesRepo } from './modules/site-files/site-files.repo';
import type { SubscriptionsRepo } from './modules/subscriptions/subscriptions.repo';
import type { SiteSettingsRepo } from './modules/site/site-settings.repo';
import type { SocialRepo } from './modules/social/social.repo';
import type { UiStringsRepo } from './modules/ui-strings/ui-strings.repo';
import type { UsersRepo } from './modules/users/users.repo';
import type { SecretBox } from './lib/secret-box';
import type { Auth } from './plugins/auth';
import type { CachedPage } from './ssr/pages';
import type { PublishedIn } from './modules/translations/published-in';
import type { MediaStorageRepo } from './modules/media/media-storage.repo';
import type { MediaMover } from './modules/media/media.mover';
import type { MediaStorage } from './modules/media/media.storage';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Every repo, built once per app (buildRepos in deps.ts). */
export interface Repos {
  apps: AppsRepo;
  blogs: BlogsRepo;
  previewLinks: PreviewLinksRepo;
  pages: PagesRepo;
  appPrivacy: AppPrivacyRepo;
  press: PressRepo;
  siteSettings: SiteSettingsRepo;
  siteFiles: SiteFilesRepo;
  appPages: AppPagesRepo;
  appReleases: AppReleasesRepo;
  social: SocialRepo;
  uiStrings: UiStringsRepo;
  users: UsersRepo;
  sessions: SessionsRepo;
  passkeys: PasskeysRepo;
  media: MediaRepo;
  demoContent: DemoContentRepo;
  notifications: NotificationsRepo;
  messages: MessagesRepo;
  deletionRequests: DeletionRequestsRepo;
  drafts: DraftsRepo;
  revisions: RevisionsRepo;
  audit: AuditRepo;
  auditLog: AuditLogRepo;
  twoFactor: TwoFactorRepo;
  translations: TranslationsRepo;
  /** Site search (issue 25). */
  search: SearchRepo;
  /** Campaigns and their recipients (issue 26). */
  campaigns: CampaignsRepo;
  /** The mailing lists' subscribers (issue 26). */
  subscriptions: SubscriptionsRepo;
  analyticsReport: AnalyticsReportRepo;
  analyticsSettings: AnalyticsSettingsRepo;
  /** Visitor analytics' salts and raw events, as counted (issue 27). */
  analyticsEvents: AnalyticsEventsRepo;
  /** Where media is kept, and the moves between storages (issue 28). */
  mediaStorage: MediaStorageRepo;
}

/**
 * What every module gets, built once per app (buildDeps in deps.ts): settings, the database, the one
 * clock, the content-change signal, the image workers, the repos and the services modules share.
 * The workers among them are started and stopped by plugins/lifecycle.ts alone.
 */
export interface Deps {
  config: Config;
  database: Database;
  /** The one clock: nothing else reads the wall clock. */
  now: () => Date;
  /** The content version every public write bumps (caches of rendered replies follow it). */
  content: ContentEvents;
  /** Converts uploaded images in child processes. */
  images: ImageWorkers;
  repos: Repos;
  /** Who is calling: the session cookie and the guards routes declare. */
  auth: Auth;
  /** Records who did what (issue 23): every staff change and sign-in event. */
  audit: Audit;
  /** The sign-in failure limits every way in counts against (per account, per address). */
  loginLimits: LoginLimits;
  /** Seals secrets kept at rest (two-factor secrets) with SECRET_KEY. */
  secrets: SecretBox;
  /** A campaign's email, rendered and sent (issue 26): the sender's and "Send me a test"'s. */
  campaignMail: CampaignMail;
  /** Sends queued campaigns' recipients, throttled, resumable (issue 26). */
  campaignSender: CampaignSender;
  /** The outbox sender: messages' notifications, deletion requests' emails. */
  outbox: Notifier;
  /** The staff's own mail (issue 23): reset links, password changed, new devices; sent after the reply. */
  staffMail: StaffMail;
  /** Where public forms put messages: one limit, one delivery, the live unread count's events. */
  inbox: Inbox;
  /** Publishes scheduled posts at their time. */
  scheduler: PostScheduler;
  /** Removes audit log entries past their retention, at start-up and daily. */
  auditHousekeeping: AuditHousekeeping;
  /** Issue 27: rolls closed days' analytics up and removes raw events past their retention. */
  analyticsRollup: AnalyticsRollup;
  /** Which apps (and posts) a caller may see: the one answer for every public read. */
  visibleApps: VisibleApps;
  /** Counts visitor analytics' events (issue 27): taken in at once, written in batches. */
  analyticsCollector: AnalyticsCollector;
  /** What is there in each of the site's other languages (the links of a page in it), until content changes. */
  publishedIn: PublishedIn;
  /** Where media bytes are (issue 28): the database or an object store; reads any file wherever it is. */
  mediaStorage: MediaStorage;
  /** Moves every media file between the database and the object store, resumably (issue 28). */
  mediaMover: MediaMover;
  /** Caches of rendered replies that tests and diagnostics look at (app.caches). */
  caches: { pages: ContentCache<CachedPage>; shareImages: ContentCache<Buffer> };
}

/** What every module plugin is registered with. */
export interface ModuleOptions {
  deps: Deps;
  auth: Auth;
}

/** A server module: an encapsulated Fastify plugin (its routes, parsers, limits and hooks inside it). */
export type AppModule = FastifyPluginAsync<ModuleOptions, RawServerDefault, ZodTypeProvider, FastifyBaseLogger>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, set by requireStaff / loadUser. */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** A successful call changes what visitors see: drop rendered-page caches. */
    changesContent?: boolean;
    /** A public read whose anonymous replies may be served from memory until content changes. */
    publicRead?: boolean;
  }
}
