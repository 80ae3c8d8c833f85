// Every core serves (issue 28, decision 129): the real server with WEB_CONCURRENCY=2 on PostgreSQL
// is a node:cluster primary and two workers behind one port. Requests reach both workers; a killed
// worker is replaced while the site keeps answering; a write through one worker drops the other's
// cache; SIGTERM to the primary stops it all. On the embedded database WEB_CONCURRENCY is ignored,
// and the log says so. Which process answered is read from the request log lines (pino's `pid`).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createDatabase,
  eventually,
  freePort,
  onPostgres,
  request,
  signIn,
  startServer,
  tempDir,
  type Server,
} from './setup/servers';

const ADMIN = { username: 'admin', password: 'cluster-test-password' };

/** One GET on a new connection (the cluster hands out connections, not requests); its status and body. */
function freshGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 15_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

/** The pids of the processes that logged a completed request for `marker` (a unique query string). */
function servedBy(server: Server, marker: string): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (!line.includes(marker) && !line.includes('request completed')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; req?: { url?: string }; reqId?: string; msg?: string };
      if (entry.req?.url?.includes(marker) && entry.pid) pids.add(entry.pid);
    } catch {
      // not a log line (the banner)
    }
  }
  return pids;
}

/** Sends `n` requests, each on its own connection, tagged with a marker; answers which pids served them. */
async function spread(server: Server, n: number): Promise<{ statuses: number[]; pids: Set<number> }> {
  const marker = `probe=${randomBytes(4).toString('hex')}`;
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await freshGet(`${server.base}/api/apps?${marker}`)).status);
  // Log lines are written after the reply: wait for them.
  const pids = await eventually(async () => {
    const seen = servedBy(server, marker);
    expect(seen.size).toBeGreaterThan(0);
    return seen;
  }, 2_000);
  return { statuses, pids };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(onPostgres)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from two workers, replaces a killed one, shares cache drops and stops on SIGTERM', async () => {
    const database = await createDatabase('cluster');
    const port = await freePort();
    const server = await startServer({
      port,
      databaseUrl: database.url,
      timeoutMs: 120_000,
      env: {
        WEB_CONCURRENCY: '2',
        // The request log names the process that answered.
        LOG_LEVEL: 'info',
        SITE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    expect(server.output()).toContain('2 worker processes serve port');
    // The primary prepared the database once: one banner, one administrator made.
    expect(server.output().match(/is running at/g)).toHaveLength(1);

    // Both workers answer, and neither is the primary.
    const first = await spread(server, 12);
    expect(first.statuses.every((s) => s === 200)).toBe(true);
    expect(first.pids.size).toBe(2);
    expect(first.pids.has(server.child.pid!)).toBe(false);
    const [victim, survivor] = [...first.pids];

    // A write through one worker drops the pages cached by both.
    const cookie = await signIn(server.base, ADMIN.username, ADMIN.password);
    for (let i = 0; i < 6; i++) expect((await freshGet(`${server.base}/`)).status).toBe(200);
    const home = await request(`${server.base}/api/home-content`);
    const heroTitle = `Served by every core ${randomBytes(4).toString('hex')}`;
    const put = await request(`${server.base}/api/home-content`, {
      method: 'PUT',
      cookie,
      body: { ...(home.json as object), heroTitle },
    });
    expect(put.status).toBe(200);
    await eventually(async () => {
      // Six fresh connections: both workers' copies of the page.
      for (let i = 0; i < 6; i++) expect((await freshGet(`${server.base}/`)).body).toContain(heroTitle);
    }, 2_000);

    // A worker killed outright: the site keeps answering, and the primary starts another.
    process.kill(victim!, 'SIGKILL');
    await eventually(async () => expect(alive(victim!)).toBe(false), 5_000);
    const during = await spread(server, 8);
    expect(during.statuses.every((s) => s === 200)).toBe(true);
    expect(server.output()).toMatch(new RegExp(`worker ${victim} exited with signal SIGKILL; starting another`));
    const replacement = await eventually(
      async () => {
        const { pids } = await spread(server, 6);
        const fresh = [...pids].filter((p) => p !== survivor && p !== victim);
        expect(fresh).toHaveLength(1);
        return fresh[0]!;
      },
      90_000,
      500,
    );
    expect(alive(replacement)).toBe(true);
    // The new worker listens to the others' changes too.
    const again = `${heroTitle} again`;
    const home2 = await request(`${server.base}/api/home-content`);
    await request(`${server.base}/api/home-content`, {
      method: 'PUT',
      cookie,
      body: { ...(home2.json as object), heroTitle: again },
    });
    await eventually(async () => {
      for (let i = 0; i < 6; i++) expect((await freshGet(`${server.base}/`)).body).toContain(again);
    }, 2_000);

    // SIGTERM to the primary: the workers finish and exit, then the primary, with 0.
    expect(await server.stop()).toBe(0);
    expect(alive(survivor!)).toBe(false);
    expect(alive(replacement)).toBe(false);
    await database.drop();
  }, 240_000);
});

describe.runIf(!onPostgres)('WEB_CONCURRENCY on the embedded database', () => {
  it('is ignored (one process owns the database), and the log says so', async () => {
    const server = await startServer({
      dataDir: tempDir('studio-cluster'),
      timeoutMs: 120_000,
      env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
    });
    expect(server.output()).toContain('WEB_CONCURRENCY=2 is ignored: the embedded database belongs to one process');
    expect(server.output()).not.toContain('worker processes serve');
    const { statuses, pids } = await spread(server, 4);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect([...pids]).toEqual([server.child.pid]);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
