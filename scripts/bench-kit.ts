// What the bench scripts share: free ports, waiting for a server, wrk runs and their figures,
// stopping the processes they started.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const DURATION_S = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 8)));
export const CONNECTIONS = Math.max(2, Number(process.env.BENCH_CONNECTIONS ?? 32));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function waitFor(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`process exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

export const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Requests/sec, the 99% line of --latency (in ms) and errors (non-2xx/3xx plus socket errors). */
export function parseWrk(out: string): Omit<Result, 'name'> {
  const rps = /^Requests\/sec:\s*([\d.]+)/m.exec(out);
  const p99 = /^\s*99(?:\.0+)?%\s+([\d.]+)(us|ms|s|m|h)\s*$/m.exec(out);
  if (!rps || !p99) throw new Error(`unexpected wrk output:\n${out}`);
  const non2xx = /Non-2xx or 3xx responses:\s*(\d+)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Math.round(Number(rps[1])),
    p99: Math.round(Number(p99[1]) * UNIT_MS[p99[2]!]! * 100) / 100,
    errors: (non2xx ? Number(non2xx[1]) : 0) + socketErrors,
  };
}

const execFileAsync = promisify(execFile);

export async function wrk(
  url: string,
  seconds: number,
  headers: string[],
  { connections = CONNECTIONS, script }: { connections?: number; script?: string } = {},
): Promise<string> {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency'];
  if (script) args.push('-s', script);
  for (const h of headers) args.push('-H', h);
  const { stdout } = await execFileAsync('wrk', [...args, url], { timeout: (seconds + 30) * 1000 });
  return stdout;
}

export async function measure(
  name: string,
  url: string,
  headers: string[] = [],
  options: Parameters<typeof wrk>[3] = {},
): Promise<Result> {
  // A short warm-up fills caches and JIT, then the measured run.
  await wrk(url, 1, headers, options);
  return { name, ...parseWrk(await wrk(url, DURATION_S, headers, options)) };
}

/** Asks a child we started to stop, by its PID, and waits for it (SIGKILL after 5 s). */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A PostgreSQL database of its own for one bench section, created on the server of
 * BENCH_PG_SERVER (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) as
 * `<prefix>_<pid>` and dropped by drop(). Undefined when no PostgreSQL server answers.
 */
export async function throwawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const server =
    process.env.BENCH_PG_SERVER ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3_000 });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`drop database if exists "${name}" with (force)`);
    await run(`create database "${name}"`);
  } catch {
    return undefined;
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await run(`drop database if exists "${name}" with (force)`);
    },
  };
}

export interface BenchServer {
  child: ChildProcess;
  base: string;
  output(): string;
}

/**
 * The production server (the build in dist/) as a child process on a free port, resolved once it
 * printed its banner (a cluster prints it when every worker listens). `env` adds to the bench's.
 */
export async function startBenchServer(env: Record<string, string>, timeoutMs = 180_000): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SITE_URL: base,
      LOGIN_MAX_FAILURES: '1000',
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => {
    output += d;
    process.stderr.write(d);
  });
  const until = Date.now() + timeoutMs;
  while (!output.includes('is running at')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > until) {
      await stop(child);
      throw new Error(`server did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => output };
}

/** One GET with the body exactly as sent (no decoding), for comparing bytes on the wire. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body: Buffer.concat(chunks),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export const NGINX_BIN = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * nginx (worker_processes auto) serving `index.html` and, to requests that accept gzip,
 * `index.html.gz` as it is (gzip_static), from files in `work`/www; resolves with its address.
 * `extra` files are served at /{name} with their type.
 */
export async function startNginx(
  work: string,
  files: { html: Buffer; gzip: Buffer },
  extra: { name: string; body: Buffer; type: string }[] = [],
): Promise<{ child: ChildProcess; base: string }> {
  if (!NGINX_BIN) throw new Error('nginx is not installed');
  const www = path.join(work, 'www');
  for (const dir of [www, path.join(work, 'logs'), path.join(work, 'tmp')]) mkdirSync(dir, { recursive: true });
  for (const [name, body] of [
    ['index.html', files.html],
    ['index.html.gz', files.gzip],
    ...extra.map((file) => [file.name, file.body] as const),
  ] as const) {
    writeFileSync(path.join(www, name), body);
    // nginx's workers run as an unprivileged user: they must be able to read the files.
    chmodSync(path.join(www, name), 0o644);
  }
  chmodSync(work, 0o755);
  chmodSync(www, 0o755);
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => ` ${t}_temp_path ${work}/tmp;\n`)
    .join('');
  writeFileSync(
    path.join(work, 'nginx.conf'),
    `worker_processes auto;\npid ${work}/nginx.pid;\nerror_log ${work}/logs/error.log;\n` +
      `events { worker_connections 1024; }\n` +
      `http {\n access_log off;\n sendfile on;\n${temp}` +
      ` gzip_static on;\n gzip_vary on;\n` +
      ` server {\n  listen 127.0.0.1:${port};\n  root ${www};\n` +
      extra.map((file) => `  location = /${file.name} { default_type ${file.type}; }\n`).join('') +
      `  location / { default_type text/html; try_files /index.html =404; }\n }\n}\n`,
  );
  const child = spawn(NGINX_BIN, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  return { child, base };
}

/** Replaces (or appends) the block between `<!-- name:start -->` and `<!-- name:end -->` in docs/performance.md. */
export function recordBlock(name: string, lines: string[], heading?: string): void {
  const file = path.join(ROOT, 'docs/performance.md');
  const doc = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n\n${lines.join('\n')}\n\n${end}`;
  writeFileSync(
    file,
    doc.includes(start)
      ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => block)
      : `${doc.trimEnd()}\n\n${heading ? `${heading}\n\n` : ''}${block}\n`,
  );
}
