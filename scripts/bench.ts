// npm run bench [-- --record]: throughput and p99 latency of the main pages and API calls on the
// production build over the embedded database, the home page's JavaScript and CSS weight, and
// our cached home page against nginx serving the same bytes as a static file. Loopback only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import sharp from 'sharp';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_PASSWORD = 'bench-admin-password';

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string): Promise<Result> {
  // A short warm-up fills caches and JIT, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  if (spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error('build failed');
  const work = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      SITE_URL: base,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOGIN_MAX_FAILURES: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let nginx: ChildProcess | undefined;
  try {
    await waitFor(`${base}/readyz`, server);
    const results: Result[] = [];
    for (const p of ['/', '/apps/1/blogs', '/blogs/1', '/api/apps']) results.push(await measure(p, base + p));
    const media = await uploadImage(base);
    const mediaBytes = Buffer.from(await (await fetch(base + media)).arrayBuffer());
    results.push(await measure(`${media} (uploaded image, 640 px WebP variant)`, base + media));

    // What the home page makes a browser download.
    const html = await (await fetch(`${base}/`)).text();
    const urls = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    let jsRaw = 0,
      jsGzip = 0,
      cssRaw = 0,
      cssGzip = 0;
    for (const u of new Set(urls)) {
      const body = Buffer.from(await (await fetch(base + u)).arrayBuffer());
      const gz = gzipSync(body, { level: 9 }).length;
      if (u.endsWith('.js')) {
        jsRaw += body.length;
        jsGzip += gz;
      } else {
        cssRaw += body.length;
        cssGzip += gz;
      }
    }

    // nginx serving the same bytes from a file, one worker against our one process.
    let ratio: string = 'n/a (nginx not installed)';
    let nginxResult: Result | undefined;
    let nginxMedia: Result | undefined;
    let mediaRatio = 'n/a';
    const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync('test', ['-x', p]).status === 0);
    if (nginxBin) {
      const www = path.join(work, 'www');
      mkdirSync(www, { recursive: true });
      mkdirSync(path.join(work, 'logs'), { recursive: true });
      writeFileSync(path.join(www, 'index.html'), html);
      writeFileSync(path.join(www, 'variant.webp'), mediaBytes);
      // nginx's workers run as an unprivileged user: they must be able to read the file.
      chmodSync(work, 0o755);
      chmodSync(www, 0o755);
      chmodSync(path.join(www, 'index.html'), 0o644);
      chmodSync(path.join(www, 'variant.webp'), 0o644);
      const nport = await freePort();
      writeFileSync(
        path.join(work, 'nginx.conf'),
        `worker_processes 1;\npid ${work}/nginx.pid;\nerror_log ${work}/logs/error.log;\nevents { worker_connections 1024; }\nhttp {\n access_log off;\n client_body_temp_path ${work}/tmp;\n proxy_temp_path ${work}/tmp;\n fastcgi_temp_path ${work}/tmp;\n uwsgi_temp_path ${work}/tmp;\n scgi_temp_path ${work}/tmp;\n default_type text/html;\n server { listen 127.0.0.1:${nport}; root ${www}; location = /variant.webp { default_type image/webp; } location / { try_files /index.html =404; } }\n}\n`,
      );
      nginx = spawn(nginxBin, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
        stdio: 'inherit',
      });
      await waitFor(`http://127.0.0.1:${nport}/`, nginx);
      nginxResult = await measure('nginx static /', `http://127.0.0.1:${nport}/`);
      ratio = (results[0]!.rps / nginxResult.rps).toFixed(2);
      nginxMedia = await measure('nginx static, the same WebP bytes', `http://127.0.0.1:${nport}/variant.webp`);
      mediaRatio = (results[4]!.rps / nginxMedia.rps).toFixed(2);
    }

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    const lines = [
      `Run on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s per URL, embedded database.`,
      '',
      '| URL | requests/s | p99 latency (ms) | errors |',
      '|---|---:|---:|---:|',
      ...[...results, ...(nginxResult ? [nginxResult] : []), ...(nginxMedia ? [nginxMedia] : [])].map(
        (r) => `| ${r.name} | ${r.rps} | ${r.p99} | ${r.errors} |`,
      ),
      '',
      `Home page vs nginx serving the same bytes (one worker): **${ratio}** of nginx's throughput.`,
      `Uploaded image variant (${kb(mediaBytes.length)}) vs nginx serving the same file: **${mediaRatio}** of nginx's throughput.`,
      '',
      `Home page downloads: JavaScript ${kb(jsRaw)} raw, **${kb(jsGzip)} gzip**; CSS ${kb(cssRaw)} raw, ${kb(cssGzip)} gzip.`,
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
        doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), block) : `${doc}\n${block}\n`,
      );
      console.log('recorded in docs/performance.md');
    }
  } finally {
    nginx?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
