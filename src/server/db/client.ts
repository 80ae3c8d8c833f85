// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server through DATABASE_URL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { transactionScope, type TransactionScope } from './scope';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Timeouts of the PostgreSQL pool: a database that does not answer fails requests within seconds. */
export const PG_TIMEOUTS = {
  /** Opening a connection (TCP and start-up), and waiting for a free one in the pool. */
  connectMs: 3_000,
  /** The server cancels a statement that runs longer (a lock wait, a slow query). */
  statementMs: 4_000,
  /** The server ends a session that sits idle inside a transaction, so it rolls back. */
  idleInTransactionMs: 5_000,
  /** The client gives up on a reply (a network partition); the connection is then closed. */
  queryMs: 5_000,
};
const POOL_MAX = 10;
/** How this app's sessions are named in pg_stat_activity (the LISTEN one gets a suffix). */
export const APPLICATION_NAME = 'studio-site';

/** Re-connection of the LISTEN connection: doubling delays, capped. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** A LISTEN connection gets no traffic of its own: a round trip this often shows it still works. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;

/** Migrations and the first seed run under this advisory lock (any fixed number unique to the app). */
const STARTUP_LOCK_KEY = 720_041_177;

/** What a LISTEN subscription tells its owner. */
export interface ListenHandlers {
  /** A NOTIFY on the channel, from any instance. */
  notification(payload: string): void;
  /** The connection is (again) listening; notices sent while it was down were missed. */
  connected?(): void;
}

/** A LISTEN that re-connects by itself (PostgreSQL); always connected on PGlite. */
export interface Subscription {
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface Database {
  /** What repos use: the open transaction scope's transaction inside `scope.run`, else the database. */
  db: Db;
  /** One transaction around several repos' writes (an audit entry and its change); see scope.ts. */
  scope: TransactionScope;
  engine: 'pglite' | 'postgres';
  /** The connection pool (PostgreSQL only), for stores that speak to pg directly (rate limits). */
  pool?: pg.Pool;
  /** Applies pending migrations (on PostgreSQL under the start-up lock, on a connection without timeouts). */
  migrate(): Promise<void>;
  /**
   * Runs fn while holding the start-up lock (a PostgreSQL advisory lock on a connection of its own),
   * so that instances starting together take turns; on PGlite it just runs fn.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Cheap round trip for /readyz; rejects after timeoutMs whatever the database does. */
  ping(timeoutMs?: number): Promise<void>;
  /** Sends a NOTIFY on the channel (no-op on PGlite, which has one process). */
  notify(channel: string, payload: string): Promise<void>;
  /** Calls handlers for each NOTIFY on the channel from any instance, re-connecting after a drop. */
  listen(channel: string, handlers: ListenHandlers): Promise<Subscription>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory://' for a throw-away database. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests clone one migrated database). */
  loadDataDir?: Blob | File;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the site search's typo tolerance (decision 117).
  const extensions = { pg_trgm };
  const client = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
  );
  const scope = transactionScope(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db: scope.db,
    scope,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    // One process owns the data directory: there is no one to take turns with.
    exclusive: (fn) => fn(),
    ping: async (timeoutMs = 1_000) => {
      await withTimeout(client.query('select 1'), timeoutMs);
    },
    notify: async () => {},
    listen: async () => ({ connected: true, close: async () => {} }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new GuardedPool({
    connectionString: url,
    application_name: APPLICATION_NAME,
    max: POOL_MAX,
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
    statement_timeout: PG_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    query_timeout: PG_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  // A dropped server connection must not crash the process; queries will fail and be reported.
  pool.on('error', () => {});
  const scope = transactionScope(drizzlePg(pool, { schema }) as unknown as Db);
  const subscriptions = new Set<Subscription>();
  return {
    db: scope.db,
    scope,
    engine: 'postgres',
    pool,
    // On the lock's own connection: a migration may take longer than the pool's statement timeout.
    migrate: () =>
      withStartupLock(url, async (client) => {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      }),
    exclusive: (fn) => withStartupLock(url, fn),
    ping: async (timeoutMs = 1_000) => {
      await withTimeout(pool.query('select 1'), timeoutMs);
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, handlers) => {
      const subscription = await subscribe(url, channel, handlers);
      subscriptions.add(subscription);
      return subscription;
    },
    close: async () => {
      if (pool.ended) return;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await pool.end();
    },
  };
}

/** Rejects when the promise has not settled within ms. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs fn while this session holds the start-up advisory lock. Two instances started together on an
 * empty database would otherwise both create the same tables and types (and one would crash on a
 * duplicate key in pg_type) and both seed. The other instance waits here, then finds nothing to do.
 */
async function withStartupLock<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    application_name: `${APPLICATION_NAME} start-up`,
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
  });
  client.on('error', () => {}); // reported by the query that fails
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    const result = await fn(client);
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    return result;
  } finally {
    // Ending the session releases the lock in every case (so does the death of the process).
    await client.end().catch(() => {});
  }
}

const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';

/**
 * The pool behind Drizzle, with guards for a failing network on the clients it lends (transactions):
 * - a connection on which a query failed is closed when given back, as pg-pool already does for
 *   `pool.query`; after a client-side timeout it is closed at once, since its state on the server is
 *   unknown (the statement may still run, and an open transaction would be committed by the next user);
 * - a lent client is always given back, even when its connection dies: drizzle-orm sends `begin`
 *   outside its try/finally, so a failed `begin` would keep the client, and ten of them the whole pool;
 * - its 'error' events are caught (with no listener, a lost connection would crash the process).
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pg-pool's own pool.query lends with a callback and already handles its client's failures.
    if (callback) return super.connect(callback);
    return super.connect().then(guardLentClient);
  }
}

function guardLentClient(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  const query = client.query;
  let failure: Error | undefined;
  let released = false;

  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', onError);
    client.off('end', onEnd);
    client.query = query;
    client.release = release;
    // With an error, pg-pool closes the connection instead of keeping it.
    release(error instanceof Error ? error : (failure ?? error));
  };
  const onError = (error: Error) => {
    failure ??= error;
  };
  const onEnd = () => giveBack(failure ?? new Error('Connection ended'));
  const onQueryError = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    if (isReadTimeout(error)) void client.end().catch(() => {});
  };

  client.on('error', onError);
  client.once('end', onEnd);
  client.release = giveBack;
  client.query = function guardedQuery(...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise) result.catch(onQueryError);
    return result;
  } as typeof client.query;
  return client;
}

/** LISTEN on a connection of its own that is watched and re-opened, with backoff, whenever it fails. */
async function subscribe(url: string, channel: string, handlers: ListenHandlers): Promise<Subscription> {
  let current: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const drop = (client: pg.Client) => {
    // pg closes the socket at once when a query is pending or the connection failed.
    void client.end().catch(() => {});
    if (current !== client) return;
    current = undefined;
    connected = false;
    clearInterval(heartbeat);
    if (closed) return;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: `${APPLICATION_NAME} listen`,
      connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
    });
    current = client;
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.notification(n.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen "${channel}"`);
    } catch {
      drop(client);
      return;
    }
    if (current !== client) return void client.end().catch(() => {});
    connected = true;
    delay = RECONNECT_MIN_MS;
    heartbeat = setInterval(() => {
      client.query('select 1').catch(() => drop(client));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    handlers.connected?.();
  };

  await connect();
  return {
    get connected() {
      return connected;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const client = current;
      current = undefined;
      connected = false;
      await client?.end().catch(() => {});
    },
  };
}
