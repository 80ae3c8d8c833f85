// `npm run export` and `npm run import` as an operator runs them: child processes on the settings
// the server reads (DATA_DIR, or DATABASE_URL on PostgreSQL runs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_VERSION, serializeBackup, type BackupFile } from '../src/server/modules/backup/backup.format';
import { archiveOf, readArchive } from './setup/backup-archive';
import { openDatabase, type Database } from '../src/server/db/client';
import { apps, users } from '../src/server/db/schema';
import { hashPassword, verifyPassword } from '../src/server/lib/passwords';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script with only the settings given (nothing inherited but PATH). */
function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** As `run`, standard output kept as bytes. */
function runBinary(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => stdout.push(d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }));
  });
}

let dir: string;
const cleanups: (() => Promise<void>)[] = [];

/** The environment of a server on its own fresh database. */
async function site(name: string): Promise<Record<string, string>> {
  if (ENGINE === 'pglite') return { DATA_DIR: path.join(dir, name) };
  const server = process.env.TEST_DATABASE_URL!;
  const database = `scripts_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.end();
  });
  const url = new URL(server);
  url.pathname = `/${database}`;
  return { DATABASE_URL: url.toString() };
}

/** Opens a site's database in this process (closed again before any script touches it). */
async function withDatabase<T>(env: Record<string, string>, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
  }
}

let source: Record<string, string>;
let target: Record<string, string>;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-backup-'));
  file = path.join(dir, 'backup.tar');
  source = await site('source');
  target = await site('target');
  await withDatabase(source, async ({ db }) => {
    await db.insert(users).values({ username: 'ada', password: await hashPassword('ada-password'), isAdmin: true });
    await db
      .insert(apps)
      .values({ title: 'Lantern ✨', description: 'A calm game', icon: 'i', screenshots: ['a.png'] });
  });
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run export / npm run import', () => {
  it('export writes the whole database to the archive, readable by its owner only', async () => {
    const result = await run('scripts/export.ts', [file], source);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^Exported to .*backup\.tar \(migration \w+\): .*users 1.*; 0 media files, \d+ bytes$/m,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const backup = await readArchive(readFileSync(file));
    expect(backup.manifest).toMatchObject({ format: 'studio-backup', version: BACKUP_VERSION });
    expect(backup.file.tables.users).toHaveLength(1);
    expect(backup.file.tables.apps![0]!.title).toBe('Lantern ✨');
  });

  it('export to standard output writes the same archive', async () => {
    const result = await runBinary('scripts/export.ts', ['-'], source);
    expect(result.code).toBe(0);
    const backup = await readArchive(result.stdout);
    expect(backup.file.tables.apps![0]!.title).toBe('Lantern ✨');
  });

  it('import restores it into an empty database, where the user signs in with the same password', async () => {
    const result = await run('scripts/import.ts', [file], target);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Imported .*backup\.tar: .*apps 1.*users 1/);
    await withDatabase(target, async ({ db }) => {
      const [ada] = await db.select().from(users);
      expect(ada).toMatchObject({ username: 'ada', isAdmin: true });
      expect(await verifyPassword(ada!.password, 'ada-password')).toBe(true);
      expect((await db.select().from(apps)).map((a) => a.screenshots)).toEqual([['a.png']]);
    });
  });

  it('import refuses a database that is no longer empty, and --force replaces it', async () => {
    await withDatabase(target, async ({ db }) => {
      await db.insert(apps).values({ title: 'Written after the restore', description: 'd', icon: 'i' });
    });
    const refused = await run('scripts/import.ts', [file], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      // The audit log's row is the restore's own entry (issue 23).
      'The database is not empty (apps: 2 rows, users: 1 row, audit_log: 1 row). Restore into an empty database, or pass --force to replace everything in it.',
    );

    const forced = await run('scripts/import.ts', [file, '--force'], target);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/\(replacing everything\)/);
    await withDatabase(target, async ({ db }) => {
      expect((await db.select().from(apps)).map((a) => a.title)).toEqual(['Lantern ✨']);
    });
  });

  it('import refuses a file that is not JSON or not a backup, a cut-short archive or a missing file, and says so', async () => {
    const notJson = path.join(dir, 'not.json');
    writeFileSync(notJson, '{ "format": ');
    const a = await run('scripts/import.ts', [notJson], target);
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(/^Cannot read not\.json as JSON: /);

    const newer = path.join(dir, 'newer.json');
    writeFileSync(newer, JSON.stringify({ format: 'studio-backup', version: 99, migration: { index: 0, tag: 'x' } }));
    const b = await run('scripts/import.ts', [newer, '--force'], target);
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(/format version 99, newer than this site reads/);

    const cut = path.join(dir, 'cut.tar');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, whole.length - 2000));
    const c = await run('scripts/import.ts', [cut, '--force'], target);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/^The backup archive is damaged or incomplete; nothing was restored/);

    const d = await run('scripts/import.ts', [path.join(dir, 'nowhere.tar')], target);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/^Cannot read .*nowhere\.tar: ENOENT/);
  });

  it('import restores an old JSON backup (format version 1)', async () => {
    const backup = await readArchive(readFileSync(file));
    const old = path.join(dir, 'old.json');
    writeFileSync(old, serializeBackup(backup.file));
    const result = await run('scripts/import.ts', [old, '--force'], target);
    expect(result.code, result.stderr).toBe(0);
    await withDatabase(target, async ({ db }) => {
      expect((await db.select().from(apps)).map((a) => a.title)).toEqual(['Lantern ✨']);
    });
  });

  it('import refuses a tampered file (a script in rich text) naming the item, and --clean-rich-text restores it cleaned', async () => {
    const backup = (await readArchive(readFileSync(file))).file as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    backup.tables.apps![0]!.long_description = '<p>Calm</p><script>fetch("https://evil.example")</script>';
    const tampered = path.join(dir, 'tampered.tar');
    writeFileSync(tampered, await archiveOf(backup as BackupFile));
    const refused = await run('scripts/import.ts', [tampered, '--force'], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('nothing was restored');
    expect(refused.stderr).toContain(`apps id ${String(backup.tables.apps![0]!.id)}, long_description: holds markup`);

    const cleaned = await run('scripts/import.ts', [tampered, '--force', '--clean-rich-text'], target);
    expect(cleaned.code, cleaned.stderr).toBe(0);
    await withDatabase(target, async ({ db }) => {
      expect((await db.select().from(apps)).map((a) => a.longDescription)).toEqual(['<p>Calm</p>']);
    });
  });

  it.each([
    ['export', 'scripts/export.ts', []],
    ['import', 'scripts/import.ts', []],
    ['import', 'scripts/import.ts', ['a.tar', 'b.tar']],
  ])('%s without one file prints its usage', async (name, script, args) => {
    const result = await run(script, args, source);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Usage: npm run ${name} -- <file.tar>`);
  });
});
