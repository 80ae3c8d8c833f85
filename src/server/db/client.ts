// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server through DATABASE_URL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Listener for content-change notifications across instances (PostgreSQL only). */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations. */
  migrate(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /** Sends a NOTIFY on the channel (no-op on PGlite, which has one process). */
  notify(channel: string, payload: string): Promise<void>;
  /** Runs fn for each NOTIFY on the channel from any instance. */
  listen(channel: string, fn: (payload: string) => void): Promise<Unlisten>;
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
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    notify: async () => {},
    listen: async () => async () => {},
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped server connection must not crash the process; queries will fail and be reported.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pool.query('select 1');
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, fn) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel) fn(n.payload ?? '');
      });
      await client.query(`listen "${channel}"`);
      listeners.push(client);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    close: async () => {
      if (pool.ended) return;
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
