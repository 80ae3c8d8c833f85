// Moving media between storages survives a crash (issue 28): the real server is killed (SIGKILL)
// half-way through moving every file to the object store (s3rver, behind a proxy that slows every
// request), restarted, and finishes; then the same on the way back to the database. Nothing is
// lost: every /media/... address answers with the same bytes as before, at every step. On the
// embedded database and on PostgreSQL.
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../src/shared/paths';
import type { MediaItem } from '../src/shared/schemas/media';
import type { MediaMove, MediaMoveState } from '../src/shared/schemas/media-storage';
import { multipart } from './setup/multipart';
import { objectAt, startS3 } from './setup/s3';
import {
  createDatabase,
  freePort,
  onPostgres,
  request,
  signIn,
  startServer,
  tempDir,
  type Server,
} from './setup/servers';

const ADMIN = { username: 'admin', password: 'media-move-crash-password' };
const IMAGES = 8;
/** Files moved before the kill. */
const BEFORE_KILL = 4;

const s3 = await startS3({ delayMs: 60 });

async function uploadAll(server: Server, cookie: string): Promise<MediaItem[]> {
  const items: MediaItem[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const data = await sharp({
      create: { width: 400, height: 240, channels: 3, background: { r: 30 * i, g: 120, b: 200 - 20 * i } },
    })
      .png()
      .toBuffer();
    const { payload, headers } = multipart([{ name: 'file', filename: `shot-${i}.png`, data }]);
    const res = await fetch(`${server.base}/api/admin/media`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: new Uint8Array(payload),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    items.push(...((await res.json()) as MediaItem[]));
  }
  return items;
}

/** Every file's bytes as the server serves them now. */
async function served(server: Server, paths: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const path of paths) {
    const res = await fetch(`${server.base}${path}`);
    expect(res.status, path).toBe(200);
    out.set(path, Buffer.from(await res.arrayBuffer()));
  }
  return out;
}

async function state(server: Server, cookie: string): Promise<MediaMoveState> {
  const res = await request(`${server.base}${api.mediaMove}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as MediaMoveState;
}

describe(`moving media killed half-way on ${onPostgres ? 'postgres' : 'pglite'}`, () => {
  it('finishes after a restart, both ways, every address unchanged and byte-identical', async () => {
    const port = await freePort();
    const dataDir = tempDir('studio-media-move-crash');
    const databaseUrl = onPostgres ? (await createDatabase('media_move_crash')).url : undefined;
    const options = {
      port,
      dataDir,
      databaseUrl,
      // The machine may be busy (the tests of other files): starting may take a while.
      timeoutMs: 180_000,
      env: {
        SITE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO_CONTENT: 'false',
        // A busy machine (other test files) is not an overloaded server.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      },
    };
    let server = await startServer(options);
    let cookie = await signIn(server.base, ADMIN.username, ADMIN.password);
    const saved = await request(`${server.base}${api.mediaStorage}`, {
      method: 'PUT',
      cookie,
      body: { ...s3.settings({ keyPrefix: 'crash' }), serveMode: 'proxy' },
    });
    expect(saved.status, saved.text).toBe(200);
    const items = await uploadAll(server, cookie);
    const paths = items.flatMap((item) => [item.url, ...item.variants.map((v) => v.url)]);
    const original = await served(server, paths);
    expect((await state(server, cookie)).files).toEqual({ db: paths.length, s3: 0 });

    for (const target of ['s3', 'db'] as const) {
      const started = await request(`${server.base}${api.mediaMove}`, { method: 'POST', cookie, body: { target } });
      expect(started.status, started.text).toBe(201);
      expect((started.json as MediaMove).total).toBe(paths.length);
      let seen = 0;
      await vi.waitFor(
        async () => {
          seen = (await state(server, cookie)).move!.moved;
          expect(seen).toBeGreaterThanOrEqual(BEFORE_KILL);
        },
        { timeout: 60_000, interval: 20 },
      );
      // Killed half-way: files were left to move.
      expect(seen).toBeLessThan(paths.length - 2);
      await server.kill();

      // Between the two runs: every address still answers with its bytes, whichever storage holds it.
      server = await startServer(options);
      cookie = await signIn(server.base, ADMIN.username, ADMIN.password);
      const during = await state(server, cookie);
      expect(during.files.db + during.files.s3).toBe(paths.length);
      let done: MediaMoveState | undefined;
      await vi.waitFor(
        async () => {
          done = await state(server, cookie);
          expect(done.move!.status).toBe('done');
        },
        { timeout: 120_000, interval: 200 },
      );
      expect(done!.move!.failed).toBe(0);
      expect(done!.files).toEqual({ db: target === 'db' ? paths.length : 0, s3: target === 's3' ? paths.length : 0 });
      const now = await served(server, paths);
      for (const path of paths) expect(now.get(path)!.equals(original.get(path)!), path).toBe(true);
    }
    // Back in the database: the store's copies were deleted after each record switched (at most the
    // one whose record switched just before the kill is left behind).
    const left = (await Promise.all(paths.map((p) => objectAt(s3, `crash${p}`)))).filter(Boolean);
    expect(left.length).toBeLessThanOrEqual(1);
    expect(await server.stop()).toBe(0);
  }, 900_000);
});
