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

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module gets: settings, the database and the content-change signal. */
export interface Deps {
  config: Config;
  database: Database;
  content: ContentEvents;
  now: () => Date;
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
