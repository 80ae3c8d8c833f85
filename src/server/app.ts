// buildApp: the whole server as one Fastify instance, used by index.ts and by the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { ContentEvents } from './lib/content-events';
import { appsRoutes } from './modules/apps/apps.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { socialRoutes } from './modules/social/social.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerReadCache } from './plugins/read-cache';
import { registerSecurity } from './plugins/security';
import { feedsRoutes } from './ssr/feeds';
import { iconRoutes } from './ssr/icons';
import { publicPagesRoutes, type PagesOptions } from './ssr/pages';
import { themeScriptHash } from './ssr/theme-hash';
import type { AppInstance, Deps } from './types';

export const BODY_LIMIT = 1024 * 1024;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildOptions {
  config: Config;
  database: Database;
  /** The clock (tests move it to expire sessions). */
  now?: () => Date;
  /** The public website (server-rendered pages); without it the app serves the API only. */
  web?: PagesOptions & {
    /** Registers what serves the front end's files (Vite in development, built assets in production). */
    setup?: (app: AppInstance) => Promise<void>;
    dev?: boolean;
  };
}

export async function buildApp({ config, database, now = () => new Date(), web }: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const content = new ContentEvents(database);
  const deps: Deps = { config, database, content, now };
  app.decorate('deps', deps);

  registerErrorHandling(app);
  await registerSecurity(app, deps, { scriptHashes: [themeScriptHash()], dev: web?.dev });
  const auth = await registerAuth(app, deps);
  registerReadCache(app, deps, auth);

  // Every successful write of public content bumps the content version (and tells other instances).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && request.routeOptions.config.changesContent) await content.changed();
    return payload;
  });

  // Admin replies are never cached by browsers or proxies.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.engine };
    } catch {
      return reply.code(503).send({ message: 'Database unreachable', code: 'SERVICE_UNAVAILABLE' });
    }
  });

  // The demo studio's images ship in the repo.
  await app.register(fastifyStatic, {
    root: path.join(ROOT, 'assets/demo'),
    prefix: '/media/demo/',
    decorateReply: false,
    maxAge: '1d',
  });

  feedsRoutes(app, deps);
  iconRoutes(app);
  if (web) {
    await web.setup?.(app);
    publicPagesRoutes(app, deps, auth, web);
  }

  appsRoutes(app, deps, auth);
  blogsRoutes(app, deps, auth);
  pagesRoutes(app, deps, auth);
  await messagesRoutes(app, deps, auth);
  socialRoutes(app, deps, auth);
  authRoutes(app, deps, auth);
  usersRoutes(app, deps, auth);

  app.addHook('onReady', () => content.start());
  app.addHook('onClose', () => content.stop());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
