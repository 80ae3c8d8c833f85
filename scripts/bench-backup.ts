// Backup export and import at size: time and peak resident memory of each, in a process of its own.
//
//   npx tsx scripts/bench-backup.ts [--media-mb 2048] [--file-kb 512] [--json]
//
// On PostgreSQL (DATABASE_URL: a server where this user may create databases) two fresh databases
// are made and dropped after; without it, two PGlite data directories in a temporary folder. The
// source is filled directly with media rows of random bytes (behind a PNG signature, so the restore's
// type check passes) — no image processing — then `exportBackup` writes an archive to a temporary
// file in one child process and `importBackup` reads it into the other database in another; each
// child reports its wall time and process.resourceUsage().maxRSS. Used by tests/backup-memory.test.ts
// (a few hundred megabytes) and by the growth bench (issue 28).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { media, mediaFiles } from '../src/server/db/schema';
import { exportBackup, importBackup } from '../src/server/modules/backup/backup.repo';

const SELF = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What a child reports: the resident set when its database was open, its peak, and the work's wall time. */
export interface StepFigures {
  ms: number;
  baselineMb: number;
  peakMb: number;
}

export interface BackupBench {
  engine: 'pglite' | 'postgres';
  mediaMb: number;
  files: number;
  archiveMb: number;
  export: StepFigures;
  import: StepFigures;
}

const rssMb = () => Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

interface Site {
  env: { url?: string; dataDir?: string };
  drop(): Promise<void>;
}

async function site(name: string, dir: string): Promise<Site> {
  const server = process.env.DATABASE_URL;
  if (!server) return { env: { dataDir: path.join(dir, name) }, drop: async () => undefined };
  const database = `bench_backup_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${database}`;
  return {
    env: { url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
    },
  };
}

async function open(env: Site['env']): Promise<Database> {
  const database = await openDatabase(env);
  await database.migrate();
  return database;
}

/** Media items with one file each of `fileKb` random bytes, `mediaMb` in all, inserted directly. */
async function fill(database: Database, mediaMb: number, fileKb: number): Promise<number> {
  const files = Math.max(1, Math.round((mediaMb * 1024) / fileKb));
  for (let i = 0; i < files; i++) {
    const bytes = Buffer.concat([PNG_SIGNATURE, randomBytes(fileKb * 1024 - PNG_SIGNATURE.length)]);
    const hash = createHash('sha256').update(bytes).digest('hex');
    await database.db.transaction(async (tx) => {
      const [item] = await tx
        .insert(media)
        .values({ hash, filename: `noise-${i}.png`, type: 'image/png', width: 512, height: 512, bytes: bytes.length })
        .returning({ id: media.id });
      await tx.insert(mediaFiles).values({
        mediaId: item!.id,
        path: `/media/${hash.slice(0, 16)}/512x512.png`,
        type: 'image/png',
        width: 512,
        bytes,
        storage: 'db',
        size: bytes.length,
        sha256: hash,
      });
    });
  }
  return files;
}

/** Runs one step in a child process of its own (so its peak memory is the step's alone). */
function child(step: 'export' | 'import', env: Site['env'], file: string): Promise<StepFigures> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', step, JSON.stringify(env), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as StepFigures) : reject(new Error(`${step} exited with ${code}`)),
    );
  });
}

async function runChild(step: string, env: Site['env'], file: string): Promise<void> {
  const database = await open(env);
  const baselineMb = rssMb();
  const started = performance.now();
  try {
    if (step === 'export') {
      await exportBackup(database.db, new Date(), createWriteStream(file, { mode: 0o600 }));
    } else {
      await importBackup(database.db, createReadStream(file), { force: true });
    }
  } finally {
    await database.close();
  }
  const figures: StepFigures = { ms: Math.round(performance.now() - started), baselineMb, peakMb: rssMb() };
  process.stdout.write(JSON.stringify(figures));
}

export async function benchBackup(mediaMb: number, fileKb: number): Promise<BackupBench> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  const sites: Site[] = [];
  try {
    const source = await site('source', dir);
    sites.push(source);
    const target = await site('target', dir);
    sites.push(target);
    const database = await open(source.env);
    let files: number;
    try {
      files = await fill(database, mediaMb, fileKb);
    } finally {
      await database.close();
    }
    const file = path.join(dir, 'backup.tar');
    const exported = await child('export', source.env, file);
    const imported = await child('import', target.env, file);
    console.error(
      `export ${JSON.stringify(exported)}, import ${JSON.stringify(imported)}; checking the restored files`,
    );
    // The restore has every file, byte for byte (compared inside PostgreSQL, not in this process).
    const check = await open(target.env);
    try {
      // Hashing gigabytes outlasts the pool's statement timeout.
      const result = await check.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        return tx.execute(
          sql`select count(*)::int as n from ${mediaFiles} where sha256 = encode(sha256(bytes), 'hex')`,
        );
      });
      const restored = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      if (restored !== files) throw new Error(`restored ${restored} of ${files} files intact`);
    } finally {
      await check.close();
    }
    return {
      engine: source.env.url ? 'postgres' : 'pglite',
      mediaMb,
      files,
      archiveMb: Math.round(statSync(file).size / MB),
      export: exported,
      import: imported,
    };
  } finally {
    for (const s of sites) await s.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const at = process.argv.indexOf('--child');
  if (at !== -1) {
    const [step, env, file] = process.argv.slice(at + 1);
    return runChild(step!, JSON.parse(env!) as Site['env'], file!);
  }
  const result = await benchBackup(option('media-mb', 2048), option('file-kb', 512));
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const line = (name: string, f: StepFigures) =>
    `${name}: ${(f.ms / 1000).toFixed(1)} s, peak ${f.peakMb} MB resident (${f.baselineMb} MB with the database open)`;
  console.log(`${result.engine}, ${result.files} media files, ${result.mediaMb} MB (archive ${result.archiveMb} MB)`);
  console.log(line('export', result.export));
  console.log(line('import', result.import));
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
