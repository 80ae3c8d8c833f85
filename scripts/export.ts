// npm run export -- FILE   streams everything in the database (users with their password hashes; not
// sessions) and every media file into one archive (.tar, docs/backup-format.md), "-" for standard
// output. Same DATA_DIR / DATABASE_URL as the server. Memory stays flat whatever the size.
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { resolveSecretKey, secretBox } from '../src/server/lib/secret-box';
import { exportBackup } from '../src/server/modules/backup/backup.repo';
import { mediaStorageRepo } from '../src/server/modules/media/media-storage.repo';
import { MediaStorage } from '../src/server/modules/media/media.storage';

/** The media storage's few messages (an export only reads), on stderr like the summary. */
const quietLog = {
  error: (_details: unknown, message: string) => console.error(message),
  warn: (_details: unknown, message: string) => console.error(message),
} as unknown as FastifyBaseLogger;

const USAGE = 'Usage: npm run export -- <file.tar>   ("-" writes to standard output)';

/** Written beside the target and renamed into place, so a failed export never leaves half a file. */
async function writeAtomically(file: string, write: (out: Writable) => Promise<void>) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    // The file holds password hashes and visitors' messages: readable by its owner only.
    await write(createWriteStream(temporary, { mode: 0o600 }));
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => a === '-' || !a.startsWith('-'));
  if (!file || args.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const now = new Date();
    // Media kept in an object store (issue 28) is read from it, with the site's own settings.
    const storage = new MediaStorage({
      config,
      repo: mediaStorageRepo(database.db, () => now),
      secrets: secretBox(resolveSecretKey(config)),
      log: quietLog,
    });
    const readStored = (row: Parameters<MediaStorage['read']>[0]) => storage.read(row);
    let summary: Awaited<ReturnType<typeof exportBackup>> | undefined;
    if (file === '-') {
      // Standard output is never ended or destroyed by the export: a pipe in between.
      const out = new PassThrough();
      out.pipe(process.stdout);
      summary = await exportBackup(database.db, now, out, readStored);
    } else {
      await writeAtomically(
        file,
        async (out) => void (summary = await exportBackup(database.db, now, out, readStored)),
      );
    }
    const counts = Object.entries(summary!.rows).map(([table, rows]) => `${table} ${rows}`);
    // On stderr, so that "-" leaves standard output to the file alone.
    console.error(
      `Exported ${file === '-' ? 'to standard output' : `to ${file}`} (migration ${summary!.migration.tag}): ` +
        `${counts.join(', ')}; ${summary!.files} media files, ${summary!.bytes} bytes`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // Refusals (BackupError) and bad settings (ConfigError) say what to do; nothing else is expected.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
