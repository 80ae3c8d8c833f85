// A fresh database and app for one test file, on the engine the project names (TEST_ENGINE).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { testConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/lib/passwords';
import { users } from '../../src/server/db/schema';
import type { AppInstance } from '../../src/server/types';
import { injectFactories, type Factories } from '../factories';
import { afterEveryFile } from './file-end';
import { requests } from './api';
import { TestClock } from './clock';

export interface TestContext {
  app: AppInstance;
  database: Database;
  config: Config;
  /** The PostgreSQL URL of this file's database (PostgreSQL runs only). */
  databaseUrl?: string;
  /** The app's clock (sessions expire by it), standing still until the test moves it. */
  clock: TestClock;
}

// Vitest ignores afterAll hooks registered inside beforeAll, so cleanups are collected here and
// run when the test file ends (file-end.ts).
const cleanups: (() => Promise<void>)[] = [];
afterEveryFile(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; databaseUrl?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_ENGINE === 'postgres' && url) {
    // Each test file gets its own database on the server, so runs and files never collide.
    const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const fileUrl = new URL(url);
    fileUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: fileUrl.toString() });
    await database.migrate();
    return {
      database,
      databaseUrl: fileUrl.toString(),
      drop: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]) });
  return { database, drop: () => database.close() };
}

/**
 * Builds the app on a fresh, migrated, empty database; closes both after the file's tests.
 * `build` adds what only some files need (the public website, a route listener, a log stream) and
 * the clock: fixed at the second the app is built unless the file passes its own (`fixedClock(at)`);
 * assertions name exact instants, and what falls due by the clock waits for the test to move it.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  {
    clock = new TestClock(),
    ...build
  }: Pick<BuildOptions, 'web' | 'onRoute' | 'logStream'> & { clock?: TestClock } = {},
): Promise<TestContext> {
  const { database, drop, databaseUrl } = await freshDatabase();
  const config = testConfig({ seedDemoContent: false, ...overrides });
  const app = await buildApp({ config, database, now: clock.now, ...build });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await drop();
  });
  return { app, database, config, clock, databaseUrl };
}

/**
 * A second instance of the site on the same database as `ctx` (its own pool and app, as another
 * process would have), for what several instances must share. PostgreSQL runs only.
 */
export async function createPeerApp(ctx: TestContext, overrides: Partial<Config> = {}): Promise<TestContext> {
  if (!ctx.databaseUrl) throw new Error('createPeerApp needs PostgreSQL (TEST_ENGINE=postgres)');
  const database = await openDatabase({ url: ctx.databaseUrl });
  const config = { ...ctx.config, ...overrides };
  // Instances of one site keep the same time: the peer reads the first one's clock.
  const clock = ctx.clock;
  const app = await buildApp({ config, database, now: clock.now });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config, clock, databaseUrl: ctx.databaseUrl };
}

export async function createUser(database: Database, username: string, password: string, isAdmin: boolean) {
  const [row] = await database.db
    .insert(users)
    .values({ username, password: await hashPassword(password), isAdmin })
    .returning({ id: users.id });
  return row!.id;
}

/** Signs in and returns the Cookie header value for later requests. */
export async function login(app: AppInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** An administrator and a plain User, signed in. */
export async function staffSessions(ctx: TestContext) {
  await createUser(ctx.database, 'admin', 'admin-pass', true);
  await createUser(ctx.database, 'editor', 'editor-pass', false);
  return {
    admin: await login(ctx.app, 'admin', 'admin-pass'),
    editor: await login(ctx.app, 'editor', 'editor-pass'),
  };
}

/**
 * The site restarted: `ctx`'s app is closed and a new one is built on the same database (on
 * PostgreSQL with a pool of its own, as a new process would), with its own clock set `offsetMs`
 * ahead of where the old one started. Its start-up work (the scheduler's catch-up) has begun when this returns.
 */
export async function restartTestApp(ctx: TestContext, offsetMs = 0): Promise<TestContext> {
  await ctx.app.close();
  const database = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl }) : ctx.database;
  // Where the old clock started, moved `offsetMs` on.
  const clock = new TestClock(ctx.clock.start);
  clock.advance(offsetMs);
  const app = await buildApp({ config: ctx.config, database, now: clock.now });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    if (database !== ctx.database) await database.close();
  });
  return { ...ctx, app, database, clock };
}

/** A file's app with its staff: the context, an administrator and a plain User signed in, and helpers over them. */
export interface StaffTestContext extends TestContext {
  /** The administrator's Cookie header value. */
  admin: string;
  /** The plain User's Cookie header value. */
  editor: string;
  /** The session of a role, for tests run once per role. */
  session: (role: 'admin' | 'editor') => string;
  /** The factories, writing as the administrator (who may make every kind of record), on `app` and `admin` as they are at each call. */
  make: Factories;
  /** `get(url, cookie?)`, anonymous unless told (see `requests`). */
  get: ReturnType<typeof requests>['get'];
  /** `send(method, url, payload?, cookie?)`, as the plain User unless told (see `requests`). */
  send: ReturnType<typeof requests>['send'];
}

/**
 * The usual start of an API test file, registered as its beforeAll: `createTestApp(overrides, build)`
 * and `staffSessions`. Returns at once an object the hook fills in, so the file reads `ctx.app`,
 * `ctx.editor`, `ctx.make` in its tests; a file that restarts its app or signs in again assigns to it
 * (`Object.assign(ctx, await restartTestApp(ctx))`, `ctx.admin = await login(...)`).
 */
export function useStaffApp(
  overrides: Partial<Config> = {},
  build: Parameters<typeof createTestApp>[1] = {},
): StaffTestContext {
  const ctx = {
    session: (role: 'admin' | 'editor') => (role === 'admin' ? ctx.admin : ctx.editor),
    make: injectFactories(
      () => ctx.app,
      () => ctx.admin,
    ),
    ...requests(
      () => ctx.app,
      () => ctx.editor,
    ),
  } as StaffTestContext;
  beforeAll(async () => {
    const built = await createTestApp(overrides, build);
    const sessions = await staffSessions(built);
    Object.assign(ctx, built, sessions);
  });
  return ctx;
}
