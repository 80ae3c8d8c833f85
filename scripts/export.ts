// npm run export -- FILE   writes everything in the database (users with their password hashes;
// not sessions) to one JSON file, "-" for standard output. Same DATA_DIR / DATABASE_URL as the server.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { serializeBackup } from '../src/server/modules/backup/backup.format';
import { exportBackup } from '../src/server/modules/backup/backup.repo';

const USAGE = 'Usage: npm run export -- <file.json>   ("-" writes to standard output)';

/** Written beside the target and renamed into place, so a failed export never leaves half a file. */
function writeAtomically(file: string, text: string) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    // The file holds password hashes and visitors' messages: readable by its owner only.
    writeFileSync(temporary, text, { mode: 0o600 });
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
    const backup = await exportBackup(database.db, new Date());
    const text = serializeBackup(backup);
    const counts = Object.entries(backup.tables).map(([table, rows]) => `${table} ${rows.length}`);
    if (file === '-') process.stdout.write(text);
    else writeAtomically(file, text);
    // On stderr, so that "-" leaves standard output to the file alone.
    console.error(
      `Exported ${file === '-' ? 'to standard output' : `to ${file}`} (migration ${backup.migration.tag}): ${counts.join(', ')}`,
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
