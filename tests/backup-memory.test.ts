// Memory stays flat (issue 28): an export and an import of 400 MB of media, each in a process of its
// own (scripts/bench-backup.ts), stay under 300 MB resident and grow by far less than the media (by
// hand: about 100 MB for 200 MB of media and 110 MB for 600 MB, garbage the collector has not yet
// handed back; the growth does not follow the media's size).
// PostgreSQL only: the embedded database holds its data in the process's own memory.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackupBench } from '../scripts/bench-backup';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.TEST_DATABASE_URL;
const MEDIA_MB = 400;

function bench(): Promise<BackupBench> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench-backup.ts', '--media-mb', String(MEDIA_MB), '--file-kb', '512', '--json'],
      { cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL: SERVER_URL }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as BackupBench) : reject(new Error(`bench exited ${code}: ${stderr}`)),
    );
  });
}

describe.runIf(SERVER_URL && process.env.TEST_ENGINE === 'postgres')('a backup of 400 MB of media', () => {
  it('is exported and imported in processes that stay under 300 MB resident, growing by far less than the media', async () => {
    const result = await bench();
    expect(result.files).toBe(800);
    expect(result.archiveMb).toBeGreaterThanOrEqual(MEDIA_MB);
    for (const step of [result.export, result.import]) {
      expect(step.peakMb).toBeLessThan(300);
      // Held in memory at once: a page of rows, one file (and its copies in the driver), not the media.
      expect(step.peakMb - step.baselineMb).toBeLessThan(MEDIA_MB / 3);
    }
  }, 180_000);
});
