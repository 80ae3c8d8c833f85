// npm run import -- FILE [--force] [--clean-rich-text]   restores a file written by `npm run export` (or downloaded from
// the admin dashboard) into the database the server uses (DATA_DIR / DATABASE_URL). An empty database
// only, unless --force, which replaces everything in one transaction. Everyone signs in again after.
// Rich text holding markup the site never stores, and files that are not the images the media library
// makes, are refused (nothing restored); --clean-rich-text restores rich text as the sanitiser cleans it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { ContentEvents } from '../src/server/lib/content-events';
import { checkBackupContent } from '../src/server/modules/backup/backup.content';
import { BackupError, parseBackupFile } from '../src/server/modules/backup/backup.format';
import { importBackup } from '../src/server/modules/backup/backup.repo';

const USAGE = 'Usage: npm run import -- <file.json> [--force] [--clean-rich-text]   ("-" reads standard input)';
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
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
  } catch (error) {
    throw new BackupError(`Cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A wrong file, or one holding scripts or files that are not images, is refused before the database is opened.
  checkBackupContent(parseBackupFile(data), { cleanRichText });
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { rows } = await importBackup(database.db, data, {
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
