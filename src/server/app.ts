// buildApp: the whole server as one Fastify instance, used by index.ts and by the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import type { CacheStats } from './lib/content-cache';
import { ContentEvents } from './lib/content-events';
import { notFound } from './lib/errors';
import { appPrivacyRoutes } from './modules/app-privacy/app-privacy.routes';
import { appsRoutes } from './modules/apps/apps.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { draftsRoutes } from './modules/drafts/drafts.routes';
import { revisionsRoutes } from './modules/revisions/revisions.routes';
import { mediaPlugin } from './modules/media/media.routes';
import { imageWorkers } from './modules/media/media.workers';
import { messagesRoutes } from './modules/messages/messages.routes';
import { appPagesRoutes } from './modules/app-pages/app-pages.routes';
import { demoContentRoutes } from './modules/demo-content/demo-content.routes';
import { deletionRequestsRoutes } from './modules/deletion-requests/deletion-requests.routes';
import { Notifier } from './modules/notifications/notifier';
import { pagesRoutes } from './modules/pages/pages.routes';
import { pressFormRoutes, pressRoutes } from './modules/press/press.routes';
import { siteSettingsRoutes } from './modules/site/site-settings.routes';
import { siteFilesRoutes } from './modules/site-files/site-files.routes';
import { socialRoutes } from './modules/social/social.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerAuth } from './plugins/auth';
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandling } from './plugins/errors';
import { registerLoadShedding } from './plugins/load-shedding';
import { loggerOptions, type LogStream } from './plugins/logging';
import { registerReadCache } from './plugins/read-cache';
import { registerSecurity } from './plugins/security';
import { feedsRoutes } from './ssr/feeds';
import { iconRoutes } from './ssr/icons';
import { siteIconRoutes } from './ssr/site-icons';
import { publicPagesRoutes } from './ssr/pages';
import type { WebOptions } from './ssr/web';
import { shareImageRoutes } from './ssr/share-images';
import { inlineScriptHashes } from './ssr/inline-scripts';
import type { PostScheduler } from './modules/blogs/scheduler';
import type { AppInstance, Deps } from './types';

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

  const content = new ContentEvents(database, now);
  const images = imageWorkers({ timeLimitMs: config.imageTimeLimitMs });
  const deps: Deps = { config, database, content, now, images };
  app.decorate('deps', deps);

  registerErrorHandling(app);
  await registerSecurity(app, deps, { scriptHashes: inlineScriptHashes(), dev: web?.dev });
  await registerLoadShedding(app, deps);
  const auth = await registerAuth(app, deps);
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

  let pageCache: CacheStats | undefined;
  feedsRoutes(app, deps);
  iconRoutes(app);
  siteIconRoutes(app, deps);
  const shareImages = shareImageRoutes(app, deps);
  if (web) {
    await web.setup?.(app);
    pageCache = publicPagesRoutes(app, deps, auth, web);
  }

  appsRoutes(app, deps, auth);
  const scheduler = blogsRoutes(app, deps, auth);
  pagesRoutes(app, deps, auth);
  appPrivacyRoutes(app, deps, auth);
  revisionsRoutes(app, deps, auth);
  draftsRoutes(app, deps, auth);
  siteSettingsRoutes(app, deps, auth);
  siteFilesRoutes(app, deps, auth);
  // One outbox sender for the app: new messages' notifications and deletion requests' confirmations.
  const notifier = new Notifier(database.db, config, app.log, now);
  await messagesRoutes(app, deps, auth, notifier);
  // After messagesRoutes: a press-copy request goes into the same inbox.
  pressRoutes(app, deps, auth);
  pressFormRoutes(app);
  appPagesRoutes(app, deps, auth);
  deletionRequestsRoutes(app, deps, auth, notifier);
  socialRoutes(app, deps, auth);
  authRoutes(app, deps, auth);
  usersRoutes(app, deps, auth);
  backupRoutes(app, deps, auth);
  demoContentRoutes(app, deps, auth);
  await app.register(mediaPlugin, { deps, auth });

  app.decorate('caches', { reads: readCache, pages: pageCache, shareImages });
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    await content.start();
    // Scheduled posts whose time passed while the server was down are published now.
    scheduler.start();
  });
  // Before in-flight requests are waited for: an upload whose image is converting gets its 503 at
  // once instead of holding the shutdown for its whole time budget.
  app.addHook('preClose', async () => {
    await images.close();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await content.stop();
  });
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
