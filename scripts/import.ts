// npm run import -- FILE [--force] [--clean-rich-text]   restores an archive written by `npm run export`
// (or downloaded from the admin dashboard), or an older JSON backup, into the database the server uses
// (DATA_DIR / DATABASE_URL). The archive is read as it streams, in one transaction, every checksum
// verified before the commit: a damaged or cut-short file changes nothing. An empty database only,
// unless --force, which replaces everything. Everyone signs in again after. Rich text holding markup
// the site never stores, and files that are not the images the media library makes, are refused
// (nothing restored); --clean-rich-text restores rich text as the sanitiser cleans it.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { ContentEvents } from '../src/server/lib/content-events';
import { BackupError } from '../src/server/modules/backup/backup.format';
import { importBackup } from '../src/server/modules/backup/backup.repo';

const USAGE = 'Usage: npm run import -- <file.tar> [--force] [--clean-rich-text]   ("-" reads standard input)';
const FLAGS = ['--force', '--clean-rich-text'];

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const cleanRichText = args.includes('--clean-rich-text');
  const files = args.filter((a) => !FLAGS.includes(a));
  const file = files[0];
  if (!file || files.length !== 1 || (file.startsWith('-') && file !== '-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const input = file === '-' ? process.stdin : createReadStream(file);
  // A missing or unreadable file is said before the database is opened.
  await new Promise<void>((resolve, reject) => {
    if (file === '-') return resolve();
    input.once('readable', () => resolve());
    input.once('error', (error: Error) => reject(new BackupError(`Cannot read ${file}: ${error.message}`)));
  });
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { rows } = await importBackup(database.db, input, {
      force,
      cleanRichText,
      audit: { at: new Date(), file: file === '-' ? 'standard input' : path.basename(file) },
    });
    // Running instances (PostgreSQL) drop their cached pages.
    await new ContentEvents(database, () => new Date()).changed();
    const counts = Object.entries(rows).map(([table, n]) => `${table} ${n}`);
    console.log(`Imported ${file}${force ? ' (replacing everything)' : ''}: ${counts.join(', ')}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // Refusals (BackupError) and bad settings (ConfigError) say what to do; nothing else is expected.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
