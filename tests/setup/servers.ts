// Real server processes for the tests that need them (start-up, several instances, database faults,
// crashes): ports, PostgreSQL databases and data directories of their own. Whatever a test file starts
// or creates here is killed, dropped or removed after the file, even when a test failed half-way.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEveryFile } from './file-end';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const onPostgres = process.env.TEST_ENGINE === 'postgres';

const children = new Set<ChildProcess>();
/** Database clients to end and databases to drop, in the order they were made. */
const cleanups = new Set<() => Promise<void>>();
const directories = new Set<string>();

afterEveryFile(async () => {
  for (const child of children) if (isAlive(child)) child.kill('SIGKILL');
  children.clear();
  for (const cleanup of [...cleanups].reverse()) await cleanup();
  cleanups.clear();
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  directories.clear();
});

const isAlive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A temporary directory, removed after the file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  directories.add(dir);
  return dir;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement on the server's maintenance database (TEST_DATABASE_URL). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database on the test server, dropped after the file (or by drop()). */
export async function createDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    cleanups.delete(drop);
    await onServer(`drop database if exists "${name}" with (force)`);
  };
  cleanups.add(drop);
  return { name, url: url.toString(), drop };
}

/** A pg client on a test database, ended after the file. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  cleanups.add(async () => {
    await client.end().catch(() => {});
  });
  return client;
}

export interface SpawnedServer {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Spawns `node --import tsx src/server/index.ts` with only the given environment (and PATH). */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    // Instances that share a database share one SECRET_KEY (docs/deploy.md), as in production.
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
      // One process, as these tests were written for; tests/cluster.test.ts asks for more (decision 129).
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export interface Server extends SpawnedServer {
  port: number;
  /** http://127.0.0.1:port */
  base: string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, at once. */
  kill(): Promise<void>;
}

export interface StartOptions {
  port?: number;
  /** PostgreSQL URL; without it the server uses the embedded database in DATA_DIR. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Starts a production server on 127.0.0.1 and resolves once it listens. */
export async function startServer(options: StartOptions = {}): Promise<Server> {
  const port = options.port ?? (await freePort());
  const spawned = spawnServer({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...options.env,
  });
  const { child, output, exited } = spawned;
  const timeoutMs = options.timeoutMs ?? 60_000;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const onData = () => {
      if (!output().includes('is running at')) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return {
    ...spawned,
    port,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (isAlive(child)) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (isAlive(child)) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
  ms: number;
}

/** One HTTP request to a test server, bounded in time; the session cookie goes in `cookie`. */
export async function request(
  url: string,
  init: { method?: string; body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  const started = performance.now();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started };
}

/** Signs in and returns the Cookie header value for later requests. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** Calls check() until it stops throwing, or throws its last error after timeoutMs. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs: number, everyMs = 50): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
