// Every core serves (issue 28, decision 129): the cached home page's requests per second on
// PostgreSQL with one process and with WEB_CONCURRENCY = the machine's cores, each beside nginx
// (worker_processes auto) serving the very same bytes from files, gzip and uncompressed, all in one
// run. The database is a throw-away one on the PostgreSQL server (bench-kit's throwawayDatabase),
// seeded with the demo content by the server's first start, and dropped at the end.
// Alone: `npx tsx scripts/bench-cores.ts [--record]`; `npm run bench` runs it too (BENCH_SKIP_CORES=1 leaves it out).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CONNECTIONS,
  DURATION_S,
  NGINX_BIN,
  measure,
  rawGet,
  recordBlock,
  startBenchServer,
  startNginx,
  stop,
  throwawayDatabase,
  type BenchServer,
  type Result,
} from './bench-kit';

const ENCODINGS = [
  { name: 'gzip', accept: 'gzip' },
  { name: 'uncompressed', accept: 'identity' },
] as const;

export async function benchCores(): Promise<{ lines: string[] }> {
  const cores = os.availableParallelism();
  const database = await throwawayDatabase('bench_cores');
  if (!database)
    return { lines: ['(every core serves: skipped, no PostgreSQL server; set BENCH_PG_SERVER or TEST_DATABASE_URL)'] };
  const work = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-cores-'));
  let server: BenchServer | undefined;
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    const rows: { setup: string; results: Record<string, Result>; bytes: Record<string, Buffer> }[] = [];
    for (const processes of [1, cores]) {
      server = await startBenchServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: String(processes) });
      const results: Record<string, Result> = {};
      const bytes: Record<string, Buffer> = {};
      for (const encoding of ENCODINGS) {
        const reply = await rawGet(`${server.base}/`, { 'accept-encoding': encoding.accept });
        if (reply.status !== 200) throw new Error(`home page: HTTP ${reply.status}`);
        bytes[encoding.name] = reply.body;
        results[encoding.name] = await measure('/', `${server.base}/`, [`Accept-Encoding: ${encoding.accept}`]);
      }
      rows.push({ setup: processes === 1 ? 'one process' : `WEB_CONCURRENCY=${processes}`, results, bytes });
      await stop(server.child);
      server = undefined;
    }
    // nginx serves the bytes of the last server (the same page: the same database and settings).
    const last = rows.at(-1)!;
    const nginxResults: Record<string, Result> = {};
    let same = 'n/a';
    if (NGINX_BIN) {
      nginx = await startNginx(work, { html: last.bytes.uncompressed!, gzip: last.bytes.gzip! });
      const checks: string[] = [];
      for (const encoding of ENCODINGS) {
        const reply = await rawGet(`${nginx.base}/`, { 'accept-encoding': encoding.accept });
        checks.push(`${encoding.name} ${reply.body.equals(last.bytes[encoding.name]!) ? 'identical' : '**differ**'}`);
        nginxResults[encoding.name] = await measure('nginx /', `${nginx.base}/`, [
          `Accept-Encoding: ${encoding.accept}`,
        ]);
      }
      same = checks.join(', ');
    }
    const ratio = (ours: Result | undefined, theirs: Result | undefined) =>
      ours && theirs ? (ours.rps / theirs.rps).toFixed(2) : 'n/a';
    const cell = (r: Result | undefined) => (r ? `${r.rps} | ${r.p99}` : 'n/a | n/a');
    const kb = (b: Buffer | undefined) => (b ? `${(b.length / 1024).toFixed(1)} KiB` : '');
    return {
      lines: [
        `The cached home page on PostgreSQL (demo content), ${cores} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, wrk with 2 threads and ${CONNECTIONS} connections, ${DURATION_S} s per URL after a 1 s warm-up; nginx with worker_processes auto serving the same bytes (${same}). Body: ${kb(last.bytes.gzip)} gzip, ${kb(last.bytes.uncompressed)} uncompressed.`,
        '',
        '| server | gzip req/s | gzip p99 (ms) | gzip vs nginx | uncompressed req/s | uncompressed p99 (ms) | uncompressed vs nginx |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...rows.map(
          (row) =>
            `| ${row.setup} | ${cell(row.results.gzip)} | **${ratio(row.results.gzip, nginxResults.gzip)}** | ${cell(row.results.uncompressed)} | **${ratio(row.results.uncompressed, nginxResults.uncompressed)}** |`,
        ),
        `| nginx | ${cell(nginxResults.gzip)} | 1.00 | ${cell(nginxResults.uncompressed)} | 1.00 |`,
      ],
    };
  } finally {
    await stop(server?.child);
    await stop(nginx?.child);
    rmSync(work, { recursive: true, force: true });
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines } = await benchCores();
  console.log(`\n${lines.join('\n')}\n`);
  if (process.argv.includes('--record')) {
    recordBlock('bench-cores', lines);
    console.log('recorded in docs/performance.md');
  }
}
