// The growth benchmark (issue 28, item 5): `npm run bench -- --scale`. The same figures twice, on a
// fresh database with today's demo content and then on the same database grown to 100,000 posts
// across 50 apps, 20,000 messages and 5,000 images (written straight in with generate_series, the
// images as small bytes with the right signatures, not through image processing), and the table
// written into docs/performance.md ("Growth"). PostgreSQL when a server answers (a throw-away
// database it creates and drops, bench-kit's throwawayDatabase), else the embedded database in a
// temporary folder. One serving process (WEB_CONCURRENCY=1), so both engines compare.
// Tolerant by design: what a route or script does not offer (yet) is written "n/a" with the reason.
// SCALE_SECONDS (3): wrk seconds per URL. SCALE_POSTS, SCALE_MESSAGES, SCALE_IMAGES change the sizes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Db } from '../src/server/db/client';
import {
  ROOT,
  parseWrk,
  recordBlock,
  startBenchServer,
  stop,
  throwawayDatabase,
  wrk,
  type BenchServer,
} from './bench-kit';

const POSTS = Number(process.env.SCALE_POSTS ?? 100_000);
const APPS = 50;
const MESSAGES = Number(process.env.SCALE_MESSAGES ?? 20_000);
const IMAGES = Number(process.env.SCALE_IMAGES ?? 5_000);
const SECONDS = Math.max(1, Number(process.env.SCALE_SECONDS ?? 3));
const BATCH = 5_000;
const PASSWORD = 'bench-scale-password';
const SAMPLES = 10;
const HTML = ['Accept-Encoding: gzip'];

type Figure = string;
/** Row name → figure, for one phase (demo or grown). */
type Figures = Map<string, Figure>;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: HTTP ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Drops every cache the way a staff save does: the home content written back as it is. */
async function dropCaches(base: string, cookie: string): Promise<void> {
  const home = await fetch(`${base}/api/home-content`, { headers: { cookie } });
  const body = await home.text();
  // A busy server may shed a request (503 with Retry-After): the save is tried again.
  for (let attempt = 0; ; attempt++) {
    const put = await fetch(`${base}/api/home-content`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body,
    });
    if (put.status === 200) return;
    if (put.status !== 503 || attempt >= 10) throw new Error(`home content save: HTTP ${put.status}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Time of one request (body read), and its status. */
async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

/** The first part named by a sitemap index, if /sitemap.xml is one. */
async function firstSitemapPart(base: string): Promise<string | undefined> {
  const text = await (await fetch(`${base}/sitemap.xml`)).text();
  if (!/<sitemapindex/.test(text)) return undefined;
  const loc = /<sitemap>\s*<loc>([^<]+)<\/loc>/.exec(text)?.[1];
  if (!loc) return undefined;
  const url = new URL(loc.replace(/&amp;/g, '&'));
  return url.pathname + url.search;
}

/** Everything measured on a running server. */
async function measureSite(server: BenchServer): Promise<Figures> {
  const { base } = server;
  const figures: Figures = new Map();
  const cookie = await signIn(base);
  const apps = (await (await fetch(`${base}/api/apps`)).json()) as { id: number; slug: string }[];
  const appPage = `/apps/${apps[0]!.slug}`;
  const part = await firstSitemapPart(base);
  const pages: [string, string][] = [
    ['Home page', '/'],
    [`An app page`, appPage],
    ['A post (/blogs/1)', '/blogs/1'],
    ['/blog, page 1', '/blog'],
    ['/blog, page 500', '/blog?page=500'],
    ['/sitemap.xml', '/sitemap.xml'],
    ['Sitemap part (the first)', part ?? ''],
    ['Search page (/search?q=lighthouse)', '/search?q=lighthouse'],
  ];
  // Cached throughput (wrk, one warm-up second first).
  for (const [name, p] of pages) {
    if (!p) {
      figures.set(`${name}: cached req/s`, 'n/a (not an index)');
      continue;
    }
    const status = (await timed(base + p)).status;
    await wrk(base + p, 1, HTML);
    const r = parseWrk(await wrk(base + p, SECONDS, HTML));
    figures.set(`${name}: cached req/s`, `${r.rps}${status === 200 ? '' : ` (HTTP ${status})`}`);
  }
  // The first request after a cache drop (a staff save), median of a few.
  for (const [name, p] of pages) {
    if (!p) {
      figures.set(`${name}: first request after a cache drop`, 'n/a');
      continue;
    }
    try {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        await dropCaches(base, cookie);
        times.push((await timed(base + p)).ms);
      }
      figures.set(`${name}: first request after a cache drop`, ms(median(times)));
    } catch (error) {
      figures.set(`${name}: first request after a cache drop`, `n/a (${(error as Error).message})`);
    }
  }
  // The search API itself, a new query each time (the read cache does not answer it).
  const searches: number[] = [];
  let searchStatus = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await timed(`${base}/api/search?q=lighthouse+${['tide', 'storm', 'harbour', 'night'][i % 4]}${i}`);
    searchStatus = r.status;
    searches.push(r.ms);
  }
  figures.set(
    'Search API (/api/search, uncached)',
    searchStatus === 200 ? ms(median(searches)) : `n/a (HTTP ${searchStatus})`,
  );
  // The admin's first list pages, signed in, one request at a time.
  for (const [name, url] of [
    ['Admin: messages, first page', '/api/messages?page=1&pageSize=25'],
    ['Admin: posts, first page', '/api/admin/blogs?page=1&pageSize=20'],
    ['Admin: media, first page', '/api/admin/media?page=1&pageSize=24'],
  ] as const) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < SAMPLES + 2; i++) {
      const r = await timed(base + url, { cookie });
      status = r.status;
      if (i >= 2) times.push(r.ms);
    }
    figures.set(name, status === 200 ? ms(median(times)) : `n/a (HTTP ${status})`);
  }
  return figures;
}

/** Runs a script (`npm run export`/`import`'s file) as a child process; its time, peak RSS and output. */
async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ seconds: number; rssMb?: number; code: number | null; output: string }> {
  const started = performance.now();
  // /usr/bin/time -v reports the peak resident memory of the whole command (tsx included).
  const timeBin = '/usr/bin/time';
  const command = [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts', script), ...args];
  const child = spawn(timeBin, ['-v', ...command], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1];
  return { seconds, rssMb: rss ? Number(rss) / 1024 : undefined, code, output };
}

/** Export and import, each timed with its peak memory. */
async function backups(
  phase: string,
  work: string,
  env: Record<string, string>,
  restoreEnv: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>,
): Promise<Figures> {
  const figures: Figures = new Map();
  const file = path.join(work, `${phase}-backup.tar`);
  const exported = await runScript('export.ts', [file], env);
  if (exported.code !== 0) {
    const why = exported.output
      .split('\n')
      .find((l) => l.trim() && !l.startsWith('\t'))
      ?.slice(0, 80);
    figures.set('Backup export: time, peak memory', `n/a (failed: ${why})`);
    figures.set('Backup import: time, peak memory', 'n/a');
    return figures;
  }
  const size = (statSync(file).size / 1024 / 1024).toFixed(1);
  figures.set(
    'Backup export: time, peak memory',
    `${exported.seconds.toFixed(1)} s, ${exported.rssMb?.toFixed(0) ?? '?'} MB (file ${size} MB)`,
  );
  const restore = await restoreEnv();
  try {
    const imported = await runScript('import.ts', [file], restore.env);
    const why = imported.output
      .split('\n')
      .find((l) => l.trim() && !l.startsWith('\t'))
      ?.slice(0, 80);
    figures.set(
      'Backup import: time, peak memory',
      imported.code === 0
        ? `${imported.seconds.toFixed(1)} s, ${imported.rssMb?.toFixed(0) ?? '?'} MB`
        : `n/a (failed: ${why})`,
    );
  } finally {
    await restore.drop();
    rmSync(file, { force: true });
  }
  return figures;
}

/** A tiny real image of each stored type, whose first bytes are what the library checks. */
async function signatures(): Promise<{ jpeg: Buffer; webp: Buffer }> {
  const pixels = sharp({ create: { width: 16, height: 9, channels: 3, background: { r: 30, g: 90, b: 160 } } });
  return { jpeg: await pixels.clone().jpeg().toBuffer(), webp: await pixels.clone().webp().toBuffer() };
}

/** Grows the database: apps up to 50, then posts, messages and images, in batched INSERT … SELECTs. */
export async function grow(connection: { url?: string; dataDir?: string }): Promise<string> {
  // On PostgreSQL a client of its own: the app's pool gives up on any query after 5 s.
  const client = connection.url ? new pg.Client({ connectionString: connection.url }) : undefined;
  await client?.connect();
  const database = client ? undefined : await openDatabase(connection);
  const started = performance.now();
  try {
    const db = (client ? drizzle(client) : database!.db) as unknown as Db;
    const { jpeg, webp } = await signatures();
    // Each batch in a transaction of its own without the pool's statement timeout (4 s).
    const long = (query: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(query);
      });
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const counted = await rowsOf<{ count: number }>(sql`select count(*)::int as count from apps`);
    const count = Number(counted[0]?.count ?? 0);
    const more = Math.max(0, APPS - count);
    await db.execute(sql`
      insert into apps (title, description, icon, slug, position, status)
      select 'Scale App ' || g, 'A generated app for the growth benchmark.', '', 'scale-app-' || g, 100 + g, 'Released'
      from generate_series(1, ${more}::int) g`);
    const ids = (await rowsOf<{ id: number }>(sql`select id from apps order by id`)).map((r) => Number(r.id));
    const idArray = `{${ids.join(',')}}`;
    for (let from = 1; from <= POSTS; from += BATCH) {
      const to = Math.min(POSTS, from + BATCH - 1);
      await long(sql`
        insert into blog_posts (app_id, scope, title, content, slug, is_published, published_at, created_at, updated_at)
        select (${idArray}::int[])[g % ${ids.length}::int + 1], 'app',
          case when g % 50 = 0 then 'Lighthouse devlog ' || g else 'Devlog ' || g end,
          '<p>We tuned the ' || (array['tide', 'storm', 'harbour', 'night', 'lighthouse'])[g % 5 + 1]
            || ' levels and fixed the timer in build ' || g || '. The puzzles read better on small screens now,'
            || ' and the boats are easier to steer. Thank you for every message and every review.</p>'
            || '<p>Next: more islands, a calmer night mode and a harbour you can build yourself.</p>',
          'scale-post-' || g, true,
          now() - make_interval(mins => g::int), now() - make_interval(mins => g::int), now()
        from generate_series(${from}::int, ${to}::int) g`);
    }
    for (let from = 1; from <= MESSAGES; from += BATCH) {
      const to = Math.min(MESSAGES, from + BATCH - 1);
      await long(sql`
        insert into user_messages (first_name, last_name, email, subject, message, is_read, created_at)
        select 'Visitor' || g, 'Bench', 'visitor' || g || '@example.com',
          case when g % 100 = 0 then 'Lighthouse question ' || g else 'Hello number ' || g end,
          'I love your games. When does the next update come out, and will it run on my old phone?',
          g % 3 = 0, now() - make_interval(mins => g::int)
        from generate_series(${from}::int, ${to}::int) g`);
    }
    // Each image: an original JPEG and two WebP variants of about 4 KB, 2 KB and 1 KB.
    const pad = (kb: number) => sql`decode(repeat(md5(g::text || ${String(kb)}), ${kb * 64}::int), 'hex')`;
    const jpegHex = jpeg.toString('hex');
    const webpHex = webp.toString('hex');
    for (let from = 1; from <= IMAGES; from += 1_000) {
      const to = Math.min(IMAGES, from + 999);
      await long(sql`
        with made as (
          insert into media (hash, filename, type, width, height, bytes, alt)
          select encode(sha256(('scale-image-' || g)::bytea), 'hex'), 'scale-' || g || '.jpg', 'image/jpeg',
            1600, 900, 4096, 'Generated image ' || g
          from generate_series(${from}::int, ${to}::int) g
          returning id, hash, substr(filename, 7, length(filename) - 10)::int as g
        ), files as (
          select id, '/media/' || substr(hash, 1, 16) || '/1600x900.jpg' as path, 'image/jpeg' as type, 1600 as width,
            decode(${jpegHex}, 'hex') || ${pad(4)} as bytes
          from made
          union all
          select id, '/media/' || substr(hash, 1, 16) || '/1280w.webp', 'image/webp', 1280,
            decode(${webpHex}, 'hex') || ${pad(2)}
          from made
          union all
          select id, '/media/' || substr(hash, 1, 16) || '/640w.webp', 'image/webp', 640,
            decode(${webpHex}, 'hex') || ${pad(1)}
          from made
        )
        insert into media_files (media_id, path, type, width, bytes, storage, size, sha256)
        select id, path, type, width, bytes, 'db', length(bytes), encode(sha256(bytes), 'hex') from files`);
    }
    await long(sql`analyze`);
  } finally {
    await client?.end();
    await database?.close();
  }
  return ((performance.now() - started) / 1000).toFixed(0);
}

export async function benchScale(): Promise<{ lines: string[] }> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-scale-'));
  const database = await throwawayDatabase('bench_scale');
  const engine = database ? 'PostgreSQL' : 'the embedded database (PGlite)';
  const dataDir = path.join(work, 'data');
  const env: Record<string, string> = database
    ? { DATABASE_URL: database.url, DATA_DIR: dataDir }
    : { DATA_DIR: dataDir };
  let restores = 0;
  const restoreEnv = async (): Promise<{ env: Record<string, string>; drop(): Promise<void> }> => {
    restores += 1;
    if (database) {
      const target = await throwawayDatabase(`bench_scale_restore${restores}`);
      if (!target) throw new Error('no PostgreSQL database for the restore');
      return { env: { DATABASE_URL: target.url, DATA_DIR: path.join(work, 'restore') }, drop: target.drop };
    }
    const dir = path.join(work, `restore-${restores}`);
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  };
  let server: BenchServer | undefined;
  const phases: Figures[] = [];
  let grownIn = '';
  try {
    for (const phase of ['demo', 'grown'] as const) {
      if (phase === 'grown') {
        console.error(`growing the database (${POSTS} posts, ${MESSAGES} messages, ${IMAGES} images)…`);
        grownIn = await grow(database ? { url: database.url } : { dataDir });
      }
      console.error(`measuring: ${phase}…`);
      // Costs, not load shedding: a slow render must not turn the next requests into 503s.
      server = await startBenchServer({
        ...env,
        WEB_CONCURRENCY: '1',
        ADMIN_PASSWORD: PASSWORD,
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      });
      const figures = await measureSite(server);
      await stop(server.child);
      server = undefined;
      for (const [k, v] of await backups(phase, work, env, restoreEnv)) figures.set(k, v);
      phases.push(figures);
    }
  } finally {
    await stop(server?.child);
    rmSync(work, { recursive: true, force: true });
    await database?.drop();
  }
  const [demo, grown] = phases as [Figures, Figures];
  const when = new Date().toISOString().slice(0, 10);
  return {
    lines: [
      `Run of ${when} on ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${engine}, one serving process (WEB_CONCURRENCY=1). ` +
        `Grown: ${POSTS.toLocaleString('en')} published posts across ${APPS} apps, ${MESSAGES.toLocaleString('en')} messages and ${IMAGES.toLocaleString('en')} images (an original and two variants each, ${'about 7 KB'} in all), written in ${grownIn} s. ` +
        `Cached pages: wrk, 2 threads, 32 connections, ${SECONDS} s after a 1 s warm-up, gzip. After a cache drop: median of 5, each after a staff save. Lists and search: median of ${SAMPLES}, one at a time.`,
      '',
      '| figure | demo content | grown |',
      '|---|---:|---:|',
      ...[...demo.keys()].map((k) => `| ${k} | ${demo.get(k)} | ${grown.get(k) ?? 'n/a'} |`),
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines } = await benchScale();
  console.log(`\n${lines.join('\n')}\n`);
  recordBlock('bench-scale', lines, '## Growth (issue 28)');
  writeFileSync(path.join(os.tmpdir(), 'bench-scale-last.md'), lines.join('\n'));
}
