// The real start-up path: a process that migrates, seeds, serves, and shuts down gracefully.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

async function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.on('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-start-'));
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `start_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

describe(`start-up on ${engine}`, () => {
  it('migrates and seeds an empty database, prints how to sign in, and a second start changes nothing', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };

    const first = await start(env);
    const base = `http://127.0.0.1:${port}`;
    expect(first.output()).toContain(`Sign in at http://localhost:${port}/admin-page/auth as "admin"`);
    const password = /generated password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const apps = await (await fetch(`${base}/api/apps`)).json();
    expect(apps).toHaveLength(6);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(await stop(first)).toBe(0);

    const second = await start(env);
    expect(second.output()).not.toContain('generated password');
    expect(await (await fetch(`${base}/api/apps`)).json()).toEqual(apps);
    expect(await stop(second)).toBe(0);
  });

  it('refuses to start with a bad setting and says which', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT:');
  });
});
