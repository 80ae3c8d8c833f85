// Once per run: one migrated embedded database, dumped to a file that every test file clones.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import type { PGlite } from '@electric-sql/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  // The start-up test runs the production server, which serves the front-end build: make it once
  // when this checkout has none yet (global set-ups run one after another, before any test).
  if (!existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'))) {
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
