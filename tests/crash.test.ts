// SIGKILL during a stream of writes: every write acknowledged before the kill is there after a
// restart, on the embedded database (in its data directory) and on PostgreSQL.
import { describe, expect, it, vi } from 'vitest';
import { createDatabase, freePort, onPostgres, request, signIn, startServer, tempDir } from './setup/servers';

const ADMIN = { username: 'admin', password: 'crash-test-password' };
const WRITERS = 4;
/** Acknowledged writes to collect before the kill. */
const ACKNOWLEDGED_BEFORE_KILL = 40;

describe(`a killed server on ${onPostgres ? 'postgres' : 'pglite'}`, () => {
  it('keeps every write it acknowledged', async () => {
    const port = await freePort();
    const options = {
      port,
      dataDir: tempDir('studio-crash'),
      databaseUrl: onPostgres ? (await createDatabase('crash')).url : undefined,
      env: { SITE_URL: `http://127.0.0.1:${port}`, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    };
    const server = await startServer(options);
    const cookie = await signIn(server.base, ADMIN.username, ADMIN.password);
    const [app] = (await request(`${server.base}/api/apps`)).json as { id: number }[];

    const acknowledged: { id: number; title: string }[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const title = `Crash test ${w}-${i}`;
        try {
          const res = await request(`${server.base}/api/admin/blogs`, {
            method: 'POST',
            cookie,
            body: { appId: app!.id, title, content: `<p>${title}</p>`, isPublished: i % 2 === 0 },
            timeoutMs: 10_000,
          });
          if (res.status === 201) acknowledged.push({ id: (res.json as { id: number }).id, title });
          else if (!killed) throw new Error(`write answered ${res.status}: ${res.text}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const deadline = performance.now() + 20_000;
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const kill = (async () => {
      // Killed once enough writes were acknowledged, or at the deadline (then with what there is).
      await vi
        .waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL), {
          timeout: Math.max(0, deadline - performance.now()),
          interval: 10,
        })
        .catch(() => undefined);
      killed = true;
      await server.kill();
    })();
    await Promise.all([...writers, kill]);
    const before = [...acknowledged];
    expect(before.length).toBeGreaterThan(0);

    const restarted = await startServer(options);
    const after = await signIn(restarted.base, ADMIN.username, ADMIN.password);
    const stored = (await request(`${restarted.base}/api/admin/blogs`, { cookie: after })).json as {
      id: number;
      title: string;
    }[];
    const byId = new Map(stored.map((p) => [p.id, p.title]));
    const lost = before.filter((w) => byId.get(w.id) !== w.title);
    expect(lost).toEqual([]);
    expect(await restarted.stop()).toBe(0);
  }, 120_000);
});
