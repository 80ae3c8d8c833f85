// Two production servers on one PostgreSQL database: they start together, share sessions, and each
// one's caches follow the other's writes (issue 8, "several instances").
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  createDatabase,
  eventually,
  freePort,
  onPostgres,
  request,
  signIn,
  startServer,
  type Server,
} from './setup/servers';

const ADMIN = { username: 'admin', password: 'instances-test-password' };
/** How soon a write on one instance must be visible on the other. */
const PROPAGATION_MS = 1_000;

/** Two servers on the database, started at the same moment, each with its own port. */
async function startPair(databaseUrl: string): Promise<[Server, Server]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  const start = (port: number) =>
    startServer({
      port,
      databaseUrl,
      env: {
        SITE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
  const [a, b] = await Promise.all([start(first), start(second)]);
  return [a, b];
}

const unique = () => randomBytes(4).toString('hex');

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  it('start at the same moment on an empty database, every time, and seed it once', async () => {
    for (let round = 0; round < 3; round++) {
      const database = await createDatabase('instances_start');
      const servers = await startPair(database.url);
      // Exactly one of them created the administrator (the other found it there).
      expect(servers.filter((s) => s.output().includes('Sign in at'))).toHaveLength(1);
      for (const server of servers) {
        const apps = await request(`${server.base}/api/apps`);
        expect(apps.status).toBe(200);
        expect(apps.json).toHaveLength(6);
      }
      expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
      await database.drop();
    }
    // Three rounds of two cold starts (each compiles the server and migrates): a bound, not a measure.
  }, 180_000);

  describe('sessions, writes and caches', () => {
    let a: Server;
    let b: Server;
    let sql: pg.Client;

    beforeAll(async () => {
      const database = await createDatabase('instances');
      [a, b] = await startPair(database.url);
      sql = await connect(database.url);
    }, 60_000);

    it('a session made on A is valid on B, and signing out on A ends it on B', async () => {
      const cookie = await signIn(a.base, ADMIN.username, ADMIN.password);
      const me = await request(`${b.base}/api/admin/me`, { cookie });
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ username: ADMIN.username });

      expect((await request(`${a.base}/api/admin/logout`, { method: 'POST', cookie })).status).toBe(200);
      expect((await request(`${b.base}/api/admin/me`, { cookie })).status).toBe(401);
    });

    it("a write on A is in B's API replies and pages within 1 s", async () => {
      const cookie = await signIn(a.base, ADMIN.username, ADMIN.password);
      // B has both cached.
      const before = await request(`${b.base}/api/home-content`);
      expect((await request(`${b.base}/`)).status).toBe(200);

      const heroTitle = `Written on A ${unique()}`;
      const put = await request(`${a.base}/api/home-content`, {
        method: 'PUT',
        cookie,
        body: { ...(before.json as object), heroTitle },
      });
      expect(put.status).toBe(200);

      await eventually(async () => {
        expect((await request(`${b.base}/api/home-content`)).json).toMatchObject({ heroTitle });
        expect((await request(`${b.base}/`)).text).toContain(heroTitle);
      }, PROPAGATION_MS);
    });

    it('after conflicting writes through A and B at once, both caches agree with the database', async () => {
      const cookies = await Promise.all([a, b].map((s) => signIn(s.base, ADMIN.username, ADMIN.password)));
      const readAll = () =>
        Promise.all([a, b].flatMap((s) => [request(`${s.base}/api/about-us`), request(`${s.base}/about`)]));

      for (let round = 1; round <= 5; round++) {
        const tag = unique();
        const writes = [a, b].map((s, i) => {
          const title = `Round ${round} by ${i === 0 ? 'A' : 'B'} ${tag}`;
          return request(`${s.base}/api/about-us`, {
            method: 'PUT',
            cookie: cookies[i],
            body: { title, content: `<p>${title}, with enough words to be valid.</p>` },
          });
        });
        // Visitors' reads race the writes, so replies computed from old data try to enter the caches.
        const [replies] = await Promise.all([Promise.all(writes), readAll(), readAll()]);
        expect(replies.map((r) => r.status)).toEqual([200, 200]);

        const { rows } = await sql.query<{ title: string; content: string }>(
          'select title, content from about_us order by id limit 1',
        );
        const stored = rows[0]!;
        expect(stored.title).toContain(tag);
        await eventually(async () => {
          for (const server of [a, b]) {
            expect((await request(`${server.base}/api/about-us`)).json).toMatchObject(stored);
            expect((await request(`${server.base}/about`)).text).toContain(stored.title);
          }
        }, PROPAGATION_MS);
      }
    }, 60_000);
  });
});
