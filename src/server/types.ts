import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ContentEvents } from './lib/content-events';
import type { SessionUser } from './modules/auth/sessions.repo';
import type { ImageWorkers } from './modules/media/media.workers';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module gets: settings, the database, the content-change signal, the clock and the image workers. */
export interface Deps {
  config: Config;
  database: Database;
  content: ContentEvents;
  now: () => Date;
  /** Converts uploaded images in child processes (stopped when the app closes). */
  images: ImageWorkers;
}

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
