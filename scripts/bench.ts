// npm run bench [-- --record]: throughput and p99 latency (wrk) of the main pages and API calls on
// the production build over the embedded database, the first-view weight of every public page
// against its budget, and our cached home page against nginx serving the same bytes as a static
// file; then the admin's lists with 10,000 messages and 1,000 posts. Loopback only. BENCH_SECONDS (8),
// BENCH_CONNECTIONS (32); BENCH_SKIP_BUILD=1 uses dist as is; BENCH_SKIP_LISTS=1 leaves the lists out;
// then site search with 10,000 posts in a fresh database (scripts/bench-search.ts; BENCH_SKIP_SEARCH=1 leaves it out);
// then visitor analytics with 1,000,000 events (scripts/bench-analytics.ts; BENCH_SKIP_ANALYTICS=1 leaves it out);
// then the cached home page on PostgreSQL with one process and with WEB_CONCURRENCY = cores beside nginx
// (scripts/bench-cores.ts; BENCH_SKIP_CORES=1 leaves it out).
// npm run bench -- --scale: the growth benchmark alone (scripts/bench-scale.ts), written into docs/performance.md.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { benchAnalytics } from './bench-analytics';
import { benchSearch } from './bench-search';
import { benchCores } from './bench-cores';
import { benchScale } from './bench-scale';
import {
  CONNECTIONS,
  DURATION_S,
  measure,
  NGINX_BIN,
  rawGet,
  startBenchServer,
  recordBlock,
  startNginx,
  stop,
  waitFor,
  type Result,
} from './bench-kit';
import { BUDGET, pageWeight, PUBLIC_PAGES, withinBudget, type PageWeight } from './page-weight';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_PASSWORD = 'bench-admin-password';
/**
 * What HTML requests ask for, here and from nginx. Not "gzip, br": to that our server answers with
 * brotli (br first on a tie), and nginx has no brotli_static, so the two would not send the same
 * bytes. Browsers only offer br over HTTPS anyway; over plain HTTP they ask for gzip.
 */
const HTML_ACCEPT_ENCODING = 'gzip';

/** Uploads a generated 1600×900 photo-like image as staff; returns the URL of its 640 px WebP variant. */
async function uploadImage(base: string): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const noise = Buffer.alloc(1600 * 900 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  const jpeg = await sharp(noise, { raw: { width: 1600, height: 900, channels: 3 } })
    .blur(3)
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'bench.jpg');
  const res = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const [item] = (await res.json()) as { variants: { width: number; type: string; url: string }[] }[];
  const variant = item!.variants.find((v) => v.width === 640 && v.type === 'image/webp');
  if (!variant) throw new Error('no 640 px WebP variant');
  return variant.url;
}

const LIST_MESSAGES = 10_000;
const LIST_POSTS = 1_000;
const LIST_WARMUP = 3;
const LIST_SAMPLES = 30;
/** A post body of realistic size (about 3 KB of HTML). */
const POST_HTML = `<h2>What changed</h2>${'<p>We tuned the lighthouse puzzles, fixed the tide timer and made the night levels easier to read on small screens. Thank you for every message.</p>'.repeat(18)}`;

/** Runs `task` for 0..n-1 with `width` at a time. */
async function inParallel(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

/**
 * The admin's growing lists: fills the site with 10,000 messages (through the contact form's API)
 * and 1,000 posts (through the admin API), then measures the first page and a search of each list.
 */
async function benchLists(base: string): Promise<{ lines: string[] }> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const json = { 'content-type': 'application/json' };
  const started = Date.now();
  await inParallel(LIST_MESSAGES, 16, async (i) => {
    const res = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        firstName: `Visitor${i}`,
        lastName: 'Bench',
        email: `visitor${i}@example.com`,
        subject: i % 100 === 0 ? `Lighthouse question ${i}` : `Hello number ${i}`,
        message: 'I love your games. When does the next update come out, and will it run on my old phone?',
      }),
    });
    if (res.status !== 201) throw new Error(`message ${i}: ${res.status} ${await res.text()}`);
  });
  const [app] = (await (await fetch(`${base}/api/apps`)).json()) as { id: number }[];
  await inParallel(LIST_POSTS, 8, async (i) => {
    const res = await fetch(`${base}/api/admin/blogs`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        appId: app!.id,
        title: i % 50 === 0 ? `Tide update ${i}` : `Devlog ${i}`,
        content: POST_HTML,
        isPublished: i % 2 === 0,
      }),
    });
    if (res.status !== 201) throw new Error(`post ${i}: ${res.status} ${await res.text()}`);
  });
  const seeded = ((Date.now() - started) / 1000).toFixed(0);
  // What staff wait for when they open a list: one request at a time (an admin is one person),
  // after a few warm-up reads, LIST_SAMPLES times each.
  const rows: string[] = [];
  for (const [name, url] of [
    ['Messages, first page (25)', '/api/messages?page=1&pageSize=25'],
    ['Messages, page 200 (25)', '/api/messages?page=200&pageSize=25'],
    ['Messages, search "lighthouse"', '/api/messages?page=1&pageSize=25&q=lighthouse'],
    ['Unread count', '/api/messages/unread-count'],
    ['Posts, first page (20)', '/api/admin/blogs?page=1&pageSize=20'],
    ['Posts, search "tide"', '/api/admin/blogs?page=1&pageSize=20&q=tide'],
    ['Media, first page (24)', '/api/admin/media?page=1&pageSize=24'],
    ["Messages, the spec's whole list (unpaged)", '/api/messages'],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < LIST_WARMUP + LIST_SAMPLES; i++) {
      const t = performance.now();
      const res = await fetch(base + url, { headers: { cookie } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      if (i >= LIST_WARMUP) times.push(performance.now() - t);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    rows.push(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${(bytes / 1024).toFixed(1)} KiB |`);
  }
  const lines = [
    `Admin lists with ${LIST_MESSAGES.toLocaleString('en')} messages and ${LIST_POSTS.toLocaleString('en')} posts (seeded through the API in ${seeded} s), signed in, one request at a time, ${LIST_SAMPLES} samples each:`,
    '',
    '| call | median (ms) | p95 (ms) | reply |',
    '|---|---:|---:|---:|',
    ...rows,
  ];
  return { lines };
}

async function main() {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed (apt-get install wrk)');
  if (process.argv.includes('--scale')) {
    if (!existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json')) || process.env.BENCH_SKIP_BUILD !== '1') {
      if (spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
        throw new Error('build failed');
    }
    const { lines } = await benchScale();
    console.log(`\n${lines.join('\n')}\n`);
    recordBlock('bench-scale', lines, '## Growth (issue 28)');
    console.log('recorded in docs/performance.md');
    return;
  }
  if (process.env.BENCH_SKIP_BUILD === '1') {
    if (!existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json')))
      throw new Error('BENCH_SKIP_BUILD=1 but there is no build in dist/');
  } else if (spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error('build failed');
  const work = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  const { child: server, base } = await startBenchServer({
    DATA_DIR: path.join(work, 'data'),
    ADMIN_PASSWORD: BENCH_PASSWORD,
    // The lists section sends 10,000 messages from one address.
    CONTACT_MAX_PER_HOUR: '1000000',
  });
  let nginx: ChildProcess | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () =>
    (cleaned ??= (async () => {
      await stop(nginx);
      await stop(server);
      rmSync(work, { recursive: true, force: true });
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server and nginx`);
    void cleanup().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await waitFor(`${base}/readyz`, server);
    const htmlHeaders = [`Accept-Encoding: ${HTML_ACCEPT_ENCODING}`];
    const results: Result[] = [];
    for (const p of ['/', '/apps/1/blogs', '/blogs/1']) results.push(await measure(p, base + p, htmlHeaders));
    results.push(await measure('/api/apps', `${base}/api/apps`));
    const media = await uploadImage(base);
    const mediaBytes = Buffer.from(await (await fetch(base + media)).arrayBuffer());
    results.push(await measure(`${media} (uploaded image, 640 px WebP variant)`, base + media));

    // What a first view of each public page downloads. After the upload, like the runs above.
    const weights: (PageWeight | { path: string; error: string })[] = [];
    for (const p of PUBLIC_PAGES) {
      try {
        weights.push(await pageWeight(base, p));
      } catch (error) {
        weights.push({ path: p, error: error instanceof Error ? error.message : String(error) });
      }
    }

    // nginx serving the home page's bytes, as our server sent them for the same request, from a file.
    const cores = os.availableParallelism();
    const nginxSetup = `nginx, worker_processes auto on ${cores} cores`;
    const home = await rawGet(`${base}/`, { 'accept-encoding': HTML_ACCEPT_ENCODING });
    if (home.status !== 200 || home.encoding !== 'gzip')
      throw new Error(`home page: HTTP ${home.status}, content-encoding ${home.encoding} (expected gzip)`);
    let ratio = 'n/a (nginx not installed)';
    let sameBytes = 'n/a';
    let nginxResult: Result | undefined;
    let nginxMedia: Result | undefined;
    let mediaRatio = 'n/a';
    if (NGINX_BIN) {
      const started = await startNginx(work, { html: (await rawGet(`${base}/`, {})).body, gzip: home.body }, [
        { name: 'variant.webp', body: mediaBytes, type: 'image/webp' },
      ]);
      nginx = started.child;
      const nbase = started.base;
      const fromNginx = await rawGet(`${nbase}/`, { 'accept-encoding': HTML_ACCEPT_ENCODING });
      sameBytes =
        `our server ${home.body.length} bytes (${home.encoding}), nginx ${fromNginx.body.length} bytes ` +
        `(${fromNginx.encoding}): ${fromNginx.body.equals(home.body) ? 'identical' : '**differ**'}`;
      nginxResult = await measure(`nginx static / (${nginxSetup})`, `${nbase}/`, htmlHeaders);
      ratio = (results[0]!.rps / nginxResult.rps).toFixed(2);
      nginxMedia = await measure('nginx static, the same WebP bytes', `${nbase}/variant.webp`);
      mediaRatio = (results[4]!.rps / nginxMedia.rps).toFixed(2);
    }

    // Last: it fills the database, which the runs above should not see.
    const lists = process.env.BENCH_SKIP_LISTS === '1' ? { lines: ['(admin lists skipped)'] } : await benchLists(base);
    // Site search with 10,000 posts, in a database of its own (scripts/bench-search.ts).
    const search = process.env.BENCH_SKIP_SEARCH === '1' ? { lines: ['(site search skipped)'] } : await benchSearch();
    // Visitor analytics with 1,000,000 events, on a server and database of their own (scripts/bench-analytics.ts).
    const analytics =
      process.env.BENCH_SKIP_ANALYTICS === '1'
        ? { lines: ['(visitor analytics skipped)'] }
        : await benchAnalytics({ nginxRps: nginxResult?.rps });
    // Every core serving, on PostgreSQL (scripts/bench-cores.ts), recorded in a block of its own.
    const coresSection =
      process.env.BENCH_SKIP_CORES === '1' ? { lines: ['(every core serves: skipped)'] } : await benchCores();

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    const lines = [
      `Run on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, wrk with 2 threads and ${CONNECTIONS} connections, ${DURATION_S} s per URL after a 1 s warm-up, embedded database. HTML requested with Accept-Encoding: ${HTML_ACCEPT_ENCODING}.`,
      '',
      '| URL | requests/s | p99 latency (ms) | errors |',
      '|---|---:|---:|---:|',
      ...[...results, ...(nginxResult ? [nginxResult] : []), ...(nginxMedia ? [nginxMedia] : [])].map(
        (r) => `| ${r.name} | ${r.rps} | ${r.p99} | ${r.errors} |`,
      ),
      '',
      `Home page vs nginx serving the same bytes (${nginxSetup}): **${ratio}** of nginx's throughput; body ${sameBytes}.`,
      `Uploaded image variant (${kb(mediaBytes.length)}) vs nginx serving the same file: **${mediaRatio}** of nginx's throughput.`,
      '',
      `Public pages, first view (HTML + CSS + JS, gzip level 6; fonts as served, apart). Budget: ${kb(BUDGET.totalGzip)} and ${BUDGET.requests} requests.`,
      '',
      '| page | HTML | CSS | JS | total | fonts | requests | within budget |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...weights.map((w) =>
        'error' in w
          ? `| ${w.path} | | | | | | | no (${w.error}) |`
          : `| ${w.path} | ${kb(w.htmlGzip)} | ${kb(w.cssGzip)} | ${kb(w.jsGzip)} | **${kb(w.totalGzip)}** | ${kb(w.fontBytes)} | ${w.requests} | ${withinBudget(w) ? 'yes' : '**no**'} |`,
      ),
      '',
      ...lists.lines,
      '',
      ...search.lines,
      '',
      ...analytics.lines,
    ];
    console.log(`\n${lines.join('\n')}\n`);
    if (process.argv.includes('--record')) {
      const file = path.join(ROOT, 'docs/performance.md');
      const doc = readFileSync(file, 'utf8');
      const start = '<!-- bench:start -->';
      const end = '<!-- bench:end -->';
      const block = `${start}\n${lines.join('\n')}\n${end}`;
      writeFileSync(
        file,
        doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => block) : `${doc}\n${block}\n`,
      );
      recordBlock('bench-cores', coresSection.lines);
      console.log('recorded in docs/performance.md');
    }
    console.log(`\n${coresSection.lines.join('\n')}\n`);
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
