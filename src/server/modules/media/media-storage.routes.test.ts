// Media in an S3-compatible object store (issue 28), against a real local S3 server (s3rver): the
// settings and their connection test (each kind of failure in plain words), uploads kept in the
// store, /media/... redirecting or proxying to the same bytes, the press kit's ZIP, deletes, and
// moving every file to the store and back with every address unchanged and byte-identical.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { unzip } from '../../../../tests/setup/zip';
import { describe, expect, it } from 'vitest';
import { expectError, ok, uploadMedia } from '../../../../tests/setup/api';
import { archiveEntries } from '../../../../tests/setup/backup-archive';
import { multipart } from '../../../../tests/setup/multipart';
import { checkPresigned, objectAt, S3_BUCKET, startS3 } from '../../../../tests/setup/s3';
import { freePort } from '../../../../tests/setup/servers';
import { createTestApp, staffSessions, useStaffApp } from '../../../../tests/setup/test-app';
import { api, paths } from '../../../shared/paths';
import type { MediaItem } from '../../../shared/schemas/media';
import type {
  MediaMove,
  MediaMoveState,
  MediaStorageInput,
  MediaStorageSettings,
  StorageTestResult,
} from '../../../shared/schemas/media-storage';
import { parseMediaS3Url } from '../../config';
import { seed } from '../../seed/seed';
import { mediaFiles } from '../../db/schema';
import { mediaEntry } from '../backup/backup.format';
import { productionWeb } from '../../ssr/web';

const s3 = await startS3();
const ctx = useStaffApp({}, { web: productionWeb() });
const SECRET = 'a-secret-the-api-never-shows';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, cookie = ctx.admin) =>
  ctx.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const form = (overrides: Partial<MediaStorageInput> = {}): MediaStorageInput => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: S3_BUCKET,
  pathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: SECRET,
  keyPrefix: 'site',
  publicBaseUrl: '',
  serveMode: 'proxy',
  ...overrides,
});

let hue = 0;
/** A new picture each time (so each upload is a new item with its variants). */
const picture = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: (hue += 37) % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const upload = async () => uploadMedia(ctx.app, ctx.admin, `shot-${hue}.png`, await picture());

async function filesOf(item: MediaItem) {
  const urls = [item.url, ...item.variants.map((v) => v.url)];
  const rows = await ctx.database.db.select().from(mediaFiles);
  return rows.filter((r) => urls.includes(r.path));
}

/** Every file's bytes as /media/... serves them now (redirects followed). */
async function served(): Promise<Map<string, Buffer>> {
  const rows = await ctx.database.db.select({ path: mediaFiles.path }).from(mediaFiles);
  const out = new Map<string, Buffer>();
  for (const { path } of rows) {
    const res = await ctx.app.inject({ method: 'GET', url: path });
    if (res.statusCode === 302) {
      const there = await fetch(res.headers.location!);
      out.set(path, Buffer.from(await there.arrayBuffer()));
    } else {
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      out.set(path, res.rawPayload);
    }
  }
  return out;
}

async function moveAll(target: 'db' | 's3'): Promise<MediaMove> {
  const started = await ok<MediaMove>(call('POST', api.mediaMove, { target }), 201);
  expect(started).toMatchObject({ target, status: 'running' });
  await ctx.app.deps.mediaMover.settled();
  const state = await ok<MediaMoveState>(call('GET', api.mediaMove));
  return state.move!;
}

describe('settings', () => {
  it('administrators only; nothing set up at first: media in the database', async () => {
    expectError(await call('GET', api.mediaStorage, undefined, ''), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', api.mediaStorage, undefined, ctx.editor), 403, 'FORBIDDEN');
    expectError(await call('POST', api.mediaStorageTest, form(), ctx.editor), 403, 'FORBIDDEN');
    expectError(await call('POST', api.mediaMove, { target: 's3' }, ctx.editor), 403, 'FORBIDDEN');
    const settings = await ok<MediaStorageSettings>(call('GET', api.mediaStorage));
    expect(settings).toMatchObject({ source: 'none', backend: 'db', hasSecret: false, files: { db: 0, s3: 0 } });
  });

  it('the connection test explains each failure in plain words', async () => {
    const test = async (overrides: Partial<MediaStorageInput>) =>
      ok<StorageTestResult>(call('POST', api.mediaStorageTest, form(overrides)));
    expect(await test({ accessKeyId: 'NOBODY' })).toEqual({
      ok: false,
      message: expect.stringContaining('does not know the access key "NOBODY"'),
    });
    expect(await test({ bucket: 'no-such-bucket' })).toEqual({
      ok: false,
      message: expect.stringContaining('There is no bucket "no-such-bucket"'),
    });
    const nobody = await freePort();
    expect(await test({ endpoint: `http://127.0.0.1:${nobody}` })).toEqual({
      ok: false,
      message: expect.stringContaining('Nothing answers at'),
    });
    expect(await test({ endpoint: s3.endpoint.replace('http:', 'https:') })).toEqual({
      ok: false,
      message: expect.stringContaining('The secure connection'),
    });
    expect(await test({})).toEqual({ ok: true, message: expect.stringContaining('read back and deleted') });
    // Nothing is left behind by a test.
    const listing = await (await fetch(`${s3.direct}/${S3_BUCKET}?list-type=2`)).text();
    expect(listing).not.toContain('connection-test');
  });

  it('saves the settings; the secret is never sent back nor logged, and an empty one keeps it', async () => {
    expect((await call('PUT', api.mediaStorage, form({ secretAccessKey: '' }))).statusCode).toBe(422);
    const saved = await ok<MediaStorageSettings>(call('PUT', api.mediaStorage, form()));
    expect(saved).toMatchObject({ source: 'admin', backend: 'db', keyPrefix: 'site/', hasSecret: true });
    const again = await call('PUT', api.mediaStorage, form({ secretAccessKey: '', region: 'auto' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).not.toContain(SECRET);
    // The saved secret still works (left empty in the form: kept).
    const tested = await ok<StorageTestResult>(call('POST', api.mediaStorageTest, form({ secretAccessKey: '' })));
    expect(tested.ok, tested.message).toBe(true);
    const log = await call('GET', `${api.auditLog}?pageSize=200`);
    expect(log.body).toContain('media-storage');
    expect(log.body).not.toContain(SECRET);
  });
});

describe('media in the object store', () => {
  let before: MediaItem;
  let bytesBefore: Map<string, Buffer>;

  it('moves every file to the store: verified, switched, addresses unchanged and byte-identical', async () => {
    before = await upload();
    bytesBefore = await served();
    const etag = (await ctx.app.inject({ method: 'GET', url: before.url })).headers.etag;
    const move = await moveAll('s3');
    expect(move).toMatchObject({ status: 'done', failed: 0, lastError: null });
    expect(move.moved).toBe(move.total);
    for (const row of await filesOf(before)) {
      expect(row).toMatchObject({ storage: 's3', bytes: null });
      expect((await objectAt(s3, `site${row.path}`))?.length).toBe(row.size);
    }
    const after = await served();
    expect([...after.keys()].sort()).toEqual([...bytesBefore.keys()].sort());
    for (const [path, bytes] of bytesBefore) expect(after.get(path)!.equals(bytes), path).toBe(true);
    // Proxied: the same ETag as from the database; a conditional request is answered 304.
    const res = await ctx.app.inject({ method: 'GET', url: before.url, headers: { 'if-none-match': etag! } });
    expect(res.statusCode).toBe(304);
    // New uploads go to the store now.
    const settings = await ok<MediaStorageSettings>(call('GET', api.mediaStorage));
    expect(settings.backend).toBe('s3');
  });

  it('uploads are put in the store; /media/... proxies them, or redirects to the public address', async () => {
    const proxied = await upload();
    const rows = await filesOf(proxied);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatchObject({ storage: 's3', bytes: null });
    const res = await ctx.app.inject({ method: 'GET', url: proxied.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals((await objectAt(s3, `site${proxied.url}`))!)).toBe(true);

    await ok(
      call('PUT', api.mediaStorage, form({ serveMode: 'redirect', publicBaseUrl: `${s3.direct}/${S3_BUCKET}/` })),
    );
    const redirected = await upload();
    const hop = await ctx.app.inject({ method: 'GET', url: redirected.url });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(`${s3.direct}/${S3_BUCKET}/site${redirected.url}`);
    expect(hop.headers['cache-control']).toBe('public, max-age=300');
    const there = await fetch(hop.headers.location!);
    expect(there.headers.get('cache-control')).toContain('immutable');
    const [row] = (await filesOf(redirected)).filter((r) => r.path === redirected.url);
    expect(Buffer.from(await there.arrayBuffer()).length).toBe(row!.size);
    await ok(call('PUT', api.mediaStorage, form({ secretAccessKey: '' })));
  });

  it('signed mode redirects to an address of the private bucket, signed for the hour and valid an hour more', async () => {
    // Served through this server first (and kept in its memory)…
    const item = await upload();
    expect((await ctx.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(200);
    // …then, once the mode changes, redirected like any other.
    await ok(call('PUT', api.mediaStorage, form({ serveMode: 'signed' })));
    const hop = await ctx.app.inject({ method: 'GET', url: item.url });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers['cache-control']).toBe('public, max-age=300');
    const signed = new URL(hop.headers.location!);
    expect(`${signed.origin}${signed.pathname}`).toBe(`${s3.endpoint}/${S3_BUCKET}/site${item.url}`);
    expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(signed.searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{2}0000Z$/);
    // Signed with the store's secret, as S3 checks it; a wrong secret's signature differs.
    const check = checkPresigned(signed.href, SECRET);
    expect(check.valid).toBe(true);
    expect(checkPresigned(signed.href, 'another-secret').valid).toBe(false);
    expect(check.expires.getTime() - Date.now()).toBeGreaterThan(3_600_000);
    // The same address all hour, so a browser keeps the file under it.
    expect((await ctx.app.inject({ method: 'GET', url: item.url })).headers.location).toBe(hop.headers.location);
    const there = await fetch(signed);
    expect(there.status).toBe(200);
    expect(Buffer.from(await there.arrayBuffer()).equals((await objectAt(s3, `site${item.url}`))!)).toBe(true);
    await ok(call('PUT', api.mediaStorage, form({ secretAccessKey: '' })));
  });

  it('an upload the store fails midway is refused, and the objects already written go', async () => {
    const store = (await ctx.app.deps.mediaStorage.store())!;
    const put = store.put.bind(store);
    const written: string[] = [];
    // The store stops answering after the first file (a dropped connection, as S3 may).
    store.put = async (path, type, bytes, signal) => {
      written.push(path);
      if (written.length > 1) throw new Error('socket hang up');
      return put(path, type, bytes, signal);
    };
    try {
      const { payload, headers } = multipart([{ name: 'file', filename: 'fails.png', data: await picture() }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        headers: { ...headers, cookie: ctx.admin },
        payload,
      });
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
    } finally {
      store.put = put;
    }
    expect(written.length).toBe(2);
    await expect.poll(() => objectAt(s3, `site${written[0]}`), { timeout: 5_000 }).toBeNull();
    const [row] = await ctx.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, written[0]!));
    expect(row).toBeUndefined();
  });

  it("the press kit's ZIP holds the stored originals from the store", async () => {
    const shot = await upload();
    const app = await ctx.make.makeApp({ screenshots: [shot.url] });
    const res = await ctx.app.inject({ method: 'GET', url: paths.appPressScreenshots(app.slug) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries).toHaveLength(1);
    expect(entries[0]![1].equals((await objectAt(s3, `site${shot.url}`))!)).toBe(true);
  });

  it('the endpoint, bucket or prefix cannot change while files are in the bucket', async () => {
    expectError(await call('PUT', api.mediaStorage, form({ keyPrefix: 'other' })), 409, 'CONFLICT');
  });

  it('deleting an image deletes its objects', async () => {
    const gone = await upload();
    const paths = [gone.url, ...gone.variants.map((v) => v.url)];
    await ok(call('DELETE' as 'GET', `/api/admin/media/${gone.id}`));
    await expect
      .poll(async () => (await Promise.all(paths.map((p) => objectAt(s3, `site${p}`)))).filter(Boolean).length, {
        timeout: 5_000,
      })
      .toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: gone.url })).statusCode).toBe(404);
  });

  it("a backup holds the store's files as files, byte-identical (issue 28)", async () => {
    const stored = await ctx.database.db.select().from(mediaFiles).where(eq(mediaFiles.storage, 's3'));
    expect(stored.length).toBeGreaterThan(0);
    const res = await call('GET', api.backup);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const entries = new Map((await archiveEntries(res.rawPayload)).map((e) => [e.name, e.body]));
    for (const row of stored) {
      const object = await objectAt(s3, `site${row.path}`);
      expect(entries.get(mediaEntry(row.path))?.equals(object!), row.path).toBe(true);
    }
  });

  it('moves every file back to the database: byte-identical, objects removed', async () => {
    const now = await served();
    const move = await moveAll('db');
    expect(move).toMatchObject({ status: 'done', failed: 0 });
    const rows = await ctx.database.db.select().from(mediaFiles);
    for (const row of rows) {
      expect(row.storage).toBe('db');
      expect(row.bytes!.equals(now.get(row.path)!), row.path).toBe(true);
      expect(await objectAt(s3, `site${row.path}`)).toBeNull();
    }
    const after = await served();
    for (const [path, bytes] of now) expect(after.get(path)!.equals(bytes), path).toBe(true);
    for (const [path, bytes] of bytesBefore) expect(after.get(path)!.equals(bytes), path).toBe(true);
    const settings = await ok<MediaStorageSettings>(call('GET', api.mediaStorage));
    expect(settings).toMatchObject({ backend: 'db', files: { s3: 0 } });
    const [row] = await ctx.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, before.url));
    expect(row!.storage).toBe('db');
  });

  it('a move refuses a store that does not answer, and only one runs at a time', async () => {
    await ok(call('PUT', api.mediaStorage, form({ secretAccessKey: '', accessKeyId: 'NOBODY' })));
    const refused = expectError(await call('POST', api.mediaMove, { target: 's3' }), 409, 'CONFLICT');
    expect(refused.message).toContain('does not know the access key');
    await ok(call('PUT', api.mediaStorage, form({ secretAccessKey: '' })));
    const state = await ok<MediaMoveState>(call('POST', api.mediaMoveCancel));
    expect(state.move?.status).toBe('done');
  });
});

describe('MEDIA_S3_URL', () => {
  it('wins over the admin settings, which are then read-only; new media goes to the store', async () => {
    const mediaS3 = parseMediaS3Url(s3.url('/env-prefix?serve=proxy&region=auto'));
    expect(mediaS3).toMatchObject({
      endpoint: s3.endpoint,
      bucket: S3_BUCKET,
      keyPrefix: 'env-prefix/',
      region: 'auto',
    });
    const env = await createTestApp({ mediaS3 });
    const { admin } = await staffSessions(env);
    const get = await env.app.inject({ method: 'GET', url: api.mediaStorage, headers: { cookie: admin } });
    expect(get.json()).toMatchObject({ source: 'env', backend: 's3', bucket: S3_BUCKET, hasSecret: true });
    expect(get.body).not.toContain(SECRET);
    // The test of MEDIA_S3_URL's settings needs no body.
    const tested = await env.app.inject({ method: 'POST', url: api.mediaStorageTest, headers: { cookie: admin } });
    expect(tested.json()).toMatchObject({ ok: true });
    const put = await env.app.inject({
      method: 'PUT',
      url: api.mediaStorage,
      headers: { cookie: admin },
      payload: form(),
    });
    expectError(put, 409, 'CONFLICT');
    const item = await uploadMedia(env.app, admin, 'env.png', await picture());
    expect(await objectAt(s3, `env-prefix${item.url}`)).not.toBeNull();
    const served = await env.app.inject({ method: 'GET', url: item.url });
    expect(served.statusCode).toBe(200);
  });

  // Seeding the demo draws its pictures: about 10 s on a quiet machine, more than 30 s on a loaded CI.
  it("removing the demo content deletes its images' objects in the store (issue 28)", async () => {
    const env = await createTestApp({ mediaS3: parseMediaS3Url(s3.url('/demo-prefix?serve=proxy&region=auto')) });
    const { admin } = await staffSessions(env);
    await seed(env.database.db, { ...env.config, seedDemoContent: true }, { info: () => undefined });
    const moved = await env.app.inject({
      method: 'POST',
      url: api.mediaMove,
      headers: { cookie: admin },
      payload: { target: 's3' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await env.app.deps.mediaMover.settled();
    const stored = await env.database.db.select().from(mediaFiles);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => row.storage === 's3')).toBe(true);
    for (const row of stored) expect(await objectAt(s3, `demo-prefix${row.path}`)).not.toBeNull();

    const removed = await env.app.inject({ method: 'DELETE', url: api.demoContent, headers: { cookie: admin } });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = new Set((await env.database.db.select().from(mediaFiles)).map((row) => row.path));
    const gone = stored.filter((row) => !left.has(row.path));
    expect(gone.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () => (await Promise.all(gone.map((r) => objectAt(s3, `demo-prefix${r.path}`)))).filter(Boolean).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    // What stays (an image a kept app shows) keeps its object.
    for (const path of left) expect(await objectAt(s3, `demo-prefix${path}`)).not.toBeNull();
  }, 120_000);

  it('is refused at start-up when malformed, saying how to write it', () => {
    expect(() => parseMediaS3Url('https://example.com/bucket')).toThrow(/s3:\/\/ACCESS_KEY:SECRET@host/);
    expect(() => parseMediaS3Url('s3://key:secret@host/B')).toThrow(/not a bucket name/);
    expect(() => parseMediaS3Url('s3://key:secret@host/bucket?serve=cdn')).toThrow(
      /serve must be redirect, signed, proxy/,
    );
    expect(parseMediaS3Url('s3://key:secret@host/bucket?serve=signed').serveMode).toBe('signed');
    expect(parseMediaS3Url('s3://k%2Fey:se%2Bcret@r2.example.com/media-bucket/a/b/?pathStyle=false')).toMatchObject({
      endpoint: 'https://r2.example.com',
      accessKeyId: 'k/ey',
      secretAccessKey: 'se+cret',
      keyPrefix: 'a/b/',
      pathStyle: false,
      serveMode: 'redirect',
    });
  });
});
