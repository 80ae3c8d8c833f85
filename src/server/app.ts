// buildApp: the whole server as one Fastify instance, used by index.ts and by the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import { buildDeps } from './deps';
import { notFound } from './lib/errors';
import { analyticsReportModule } from './modules/analytics/report.routes';
import { analyticsEventsModule } from './modules/analytics/events.routes';
import { appPagesModule } from './modules/app-pages/app-pages.routes';
import { appReleasesModule } from './modules/app-releases/app-releases.routes';
import { appPrivacyModule } from './modules/app-privacy/app-privacy.routes';
import { appsModule } from './modules/apps/apps.routes';
import { whatWeMeasureModule } from './modules/analytics/what-we-measure.routes';
import { authModule } from './modules/auth/auth.routes';
import { passkeysModule } from './modules/auth/passkeys.routes';
import { passwordResetModule } from './modules/auth/password-reset.routes';
import { twoFactorModule } from './modules/auth/two-factor.routes';
import { backupModule } from './modules/backup/backup.routes';
import { blogsModule } from './modules/blogs/blogs.routes';
import { campaignsModule } from './modules/campaigns/campaigns.routes';
import { auditModule } from './modules/audit/audit.routes';
import { deletionRequestsModule } from './modules/deletion-requests/deletion-requests.routes';
import { demoContentModule } from './modules/demo-content/demo-content.routes';
import { draftsModule } from './modules/drafts/drafts.routes';
import { mediaModule } from './modules/media/media.routes';
import { mediaStorageModule } from './modules/media/media-storage.routes';
import { messagesModule } from './modules/messages/messages.routes';
import { pagesModule } from './modules/pages/pages.routes';
import { pressFormModule, pressModule } from './modules/press/press.routes';
import { revisionsModule } from './modules/revisions/revisions.routes';
import { siteFilesModule } from './modules/site-files/site-files.routes';
import { siteSettingsModule } from './modules/site/site-settings.routes';
import { translationsModule } from './modules/translations/translations.routes';
import { searchModule } from './modules/search/search.routes';
import { registerLocaleReads } from './modules/translations/locale-reads';
import { subscriptionsModule } from './modules/subscriptions/subscriptions.routes';
import { socialModule } from './modules/social/social.routes';
import { uiStringsModule } from './modules/ui-strings/ui-strings.routes';
import { usersModule } from './modules/users/users.routes';
import { userEmailsModule } from './modules/users/user-emails.routes';
import { registerAuth } from './plugins/auth';
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandling } from './plugins/errors';
import { registerLifecycle } from './plugins/lifecycle';
import { registerLoadShedding } from './plugins/load-shedding';
import { loggerOptions, type LogStream } from './plugins/logging';
import { registerReadCache } from './plugins/read-cache';
import { registerSecurity } from './plugins/security';
import type { CacheStats } from './lib/content-cache';
import { feedsModule } from './ssr/feeds';
import { releaseFeedModule } from './ssr/release-feed';
import { iconsModule } from './ssr/icons';
import { inlineScriptHashes } from './ssr/inline-scripts';
import { publicPagesModule } from './ssr/pages';
import type { WebOptions } from './ssr/web';
import { shareImagesModule } from './ssr/share-images';
import { sitemapModule } from './ssr/sitemap';
import { siteIconsModule } from './ssr/site-icons';
import type { PostScheduler } from './modules/blogs/scheduler';
import type { AppInstance, AppModule, Deps } from './types';

/**
 * Every module, each an encapsulated plugin registered with the same { deps, auth }. None depends on
 * another's registration or on the order here: what one module offers another is a service in deps.
 */
export const MODULES: readonly AppModule[] = [
  // The public site's files: feeds and sitemap, the icon sprite, the favicons, share images.
  feedsModule,
  sitemapModule,
  releaseFeedModule,
  iconsModule,
  siteIconsModule,
  shareImagesModule,
  // The API (and the forms that post to it without JavaScript).
  appsModule,
  blogsModule,
  pagesModule,
  appPrivacyModule,
  revisionsModule,
  draftsModule,
  siteSettingsModule,
  translationsModule,
  searchModule,
  siteFilesModule,
  messagesModule,
  pressModule,
  pressFormModule,
  appPagesModule,
  appReleasesModule,
  deletionRequestsModule,
  subscriptionsModule,
  socialModule,
  uiStringsModule,
  authModule,
  passkeysModule,
  passwordResetModule,
  twoFactorModule,
  usersModule,
  userEmailsModule,
  auditModule,
  backupModule,
  demoContentModule,
  mediaModule,
  // Issue 28: where media is kept, and moves between storages (helper B).
  mediaStorageModule,
  // Issue 26: campaigns (helper G).
  campaignsModule,
  // Issue 27: visitor analytics, the admin's figures (helper K).
  analyticsReportModule,
  // Issue 27: visitor analytics' beacon (helper J).
  analyticsEventsModule,
  // Issue 27: the privacy policy's "What we measure" text (helper L).
  whatWeMeasureModule,
];

export const BODY_LIMIT = 1024 * 1024;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildOptions {
  config: Config;
  database: Database;
  /** The clock (tests move it to expire sessions). */
  now?: () => Date;
  /** Tests: where log lines go instead of stdout. */
  logStream?: LogStream;
  /**
   * Tests: called for every route as it is registered (the access-control table checks them all;
   * the streaming test holds reads with a hook of its own).
   */
  onRoute?: (route: RouteOptions) => void;
  /** The public website (server-rendered pages); without it the app serves the API only. */
  web?: WebOptions;
}

export async function buildApp({
  config,
  database,
  now = () => new Date(),
  web,
  onRoute,
  logStream,
}: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    bodyLimit: BODY_LIMIT,
    // Stalled or idle connections are closed (issue 8 #10): the whole request must arrive within
    // requestTimeout, its headers within headersTimeout, and a silent socket closes after
    // connectionTimeout. Node checks the first two every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.socketTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.headersTimeoutMs / 4))),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Past the cap new connections are dropped at once, so stalled ones cannot exhaust file descriptors.
  app.server.maxConnections = config.maxConnections;
  if (onRoute) app.addHook('onRoute', onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps = buildDeps({ config, database, now, log: app.log });
  const { auth, content } = deps;
  app.decorate('deps', deps);
  registerLifecycle(app, deps);

  registerErrorHandling(app);
  await registerSecurity(app, deps, { scriptHashes: inlineScriptHashes(), dev: web?.dev });
  await registerLoadShedding(app, deps);
  await registerAuth(app);
  // Before the read cache: a read's language is part of its key.
  registerLocaleReads(app, deps, auth);
  const readCache = registerReadCache(app, deps, auth);

  // Every successful write of public content bumps the content version (and tells other instances).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && request.routeOptions.config.changesContent) await content.changed();
    return payload;
  });

  // Admin replies are never cached by browsers or proxies.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    // One address per resource: an id written with leading zeros (/api/blogs/0001) names nothing.
    if (/\/0\d+(?=\/|$)/.test(request.url.split('?')[0]!)) throw notFound('Resource');
  });

  app.get('/healthz', () => ({ status: 'ok' }));
  // Ready: the database answers within 1 s, and changes made by other instances are heard.
  app.get('/readyz', async (_request, reply) => {
    try {
      if (content.listening) {
        await database.ping(1_000);
        return { status: 'ok', database: database.engine };
      }
    } catch {
      // not ready: answered below
    }
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: 'Database unreachable', code: 'SERVICE_UNAVAILABLE' });
  });

  // The demo studio's images ship in the repo.
  await app.register(fastifyStatic, {
    root: path.join(ROOT, 'assets/demo'),
    prefix: '/media/demo/',
    decorateReply: false,
    maxAge: '1d',
  });
  // The App Store and Google Play badges (issue 13), served by the site rather than the stores' CDNs.
  await app.register(fastifyStatic, {
    root: path.join(ROOT, 'assets/badges'),
    prefix: '/media/badges/',
    decorateReply: false,
    maxAge: '7d',
  });

  // What serves the front end's files comes first: its hooks (Vite's middleware) apply to every route.
  if (web) await web.setup?.(app);
  // Root hooks are all declared above: a module's routes get them (hooks added later would not).
  for (const module of MODULES) await app.register(module, { deps, auth });
  if (web) await app.register(publicPagesModule, { deps, auth, web });

  const caches: AppInstance['caches'] = {
    reads: readCache,
    pages: web ? deps.caches.pages : undefined,
    shareImages: deps.caches.shareImages,
  };
  app.decorate('caches', caches);
  app.decorate('scheduler', deps.scheduler);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** The in-memory caches of content-derived replies (for diagnostics and tests). */
    caches: { reads: CacheStats; pages?: CacheStats; shareImages: CacheStats };
    /** Publishes scheduled posts at their time (tests set the clock and call runDue). */
    scheduler: PostScheduler;
  }
}
