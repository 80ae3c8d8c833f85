// Export of the whole database to one JSON object, and its restore, generic over the schema's
// tables (backup.format.ts says which, in what order, and how each column is written).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { checkBackupContent, type ContentCheckOptions } from './backup.content';
import {
  ALL_TABLES,
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  BackupError,
  currentMigration,
  parseBackupFile,
  type BackupColumn,
  type BackupFile,
  type BackupTable,
} from './backup.format';

/** Rows per INSERT, and the most JSON text one INSERT carries (image bytes make rows large). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const tableRef = (t: BackupTable): SQL =>
  t.schema ? sql`${sql.identifier(t.schema)}.${sql.identifier(t.name)}` : sql`${sql.identifier(t.name)}`;

/** The table's name as text, quoted, for pg_get_serial_sequence. */
const tableText = (t: BackupTable): string =>
  [t.schema, t.name]
    .filter((part): part is string => part !== undefined)
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

const list = (parts: SQL[]): SQL => sql.join(parts, sql`, `);

function exportExpression(column: BackupColumn): SQL {
  const id = sql.identifier(column.name);
  const isArray = column.sqlType.endsWith('[]');
  // PostgreSQL wraps base64 every 76 characters; the file holds it on one line.
  if (column.encoding === 'base64') return sql`translate(encode(${id}, 'base64'), chr(10), '') as ${id}`;
  if (column.encoding === 'text') return sql`${id}::${sql.raw(isArray ? 'text[]' : 'text')} as ${id}`;
  return sql`${id}`;
}

/** Everything in the database that backups hold, as one consistent snapshot. */
export async function exportBackup(db: Db, now: Date): Promise<BackupFile> {
  return db.transaction(
    async (tx) => {
      // row_to_json writes timestamps in the session's time zone: make it UTC on every server.
      await tx.execute(sql`set local timezone = 'UTC'`);
      const tables: BackupFile['tables'] = {};
      for (const t of BACKUP_TABLES) {
        const order = t.orderBy.length
          ? sql` order by ${list(t.orderBy.map((c) => sql`r.${sql.identifier(c)}`))}`
          : sql``;
        const result = await tx.execute(
          sql`select row_to_json(r) as row from (select ${list(t.columns.map(exportExpression))} from ${tableRef(t)}) r${order}`,
        );
        tables[t.name] = rowsOf<{ row: Record<string, unknown> }>(result).map((r) => r.row);
      }
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        migration: { ...currentMigration() },
        exportedAt: now.toISOString(),
        tables,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface ImportOptions extends ContentCheckOptions {
  /** Replace whatever the database holds (otherwise a non-empty database is refused). */
  force?: boolean;
  /**
   * Records the restore in the audit log it has just restored (issue 23), in the same transaction:
   * 'backup.restore' at `at`, by no staff member (the command line), naming the file.
   */
  audit?: { at: Date; file: string };
}

export interface ImportResult {
  /** Rows restored, by table. */
  rows: Record<string, number>;
}

/** The database's own words for a failed statement, without the statement and its (large) parameters. */
function databaseMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { message, detail } = cause as { message?: string; detail?: string };
  return [message ?? String(cause), detail].filter(Boolean).join(' – ');
}

function batches(rows: Record<string, unknown>[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (batch.length > 0 && (batch.length >= BATCH_ROWS || size + json.length > BATCH_CHARS)) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      size = 0;
    }
    batch.push(json);
    size += json.length + 1;
  }
  if (batch.length > 0) out.push(`[${batch.join(',')}]`);
  return out;
}

async function insertRows(tx: Tx, t: BackupTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  // Columns the file has (an older file may lack later ones: those take their defaults).
  const present = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = t.columns.filter((c) => present.has(c.name));
  const binary = columns.filter((c) => c.encoding === 'base64').map((c) => c.name);
  // PostgreSQL turns each JSON object back into a row of the table's own type, column by column.
  const values = columns.map((c) =>
    c.encoding === 'base64' ? sql`decode(x.e ->> ${c.name}, 'base64')` : sql`p.${sql.identifier(c.name)}`,
  );
  const record = binary.length ? sql`x.e - array[${list(binary.map((name) => sql`${name}`))}]::text[]` : sql`x.e`;
  const overriding = columns.some((c) => c.identityAlways) ? sql` overriding system value` : sql``;
  for (const json of batches(rows)) {
    await tx.execute(sql`
      insert into ${tableRef(t)} (${list(columns.map((c) => sql`${sql.identifier(c.name)}`))})${overriding}
      select ${list(values)}
      from jsonb_array_elements(${json}::jsonb) with ordinality as x(e, n)
      cross join lateral jsonb_populate_record(null::${tableRef(t)}, ${record}) as p
      order by x.n`);
  }
}

/** Moves every serial or identity sequence past the highest restored id, so new rows get fresh ids. */
async function resetSequences(tx: Tx, t: BackupTable): Promise<void> {
  for (const c of t.columns.filter((column) => column.sequenced)) {
    const id = sql.identifier(c.name);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${tableText(t)}, ${c.name}), coalesce(max(${id}), 0) + 1, false) from ${tableRef(t)}`,
    );
  }
}

async function rowCounts(tx: Tx): Promise<{ table: string; rows: number }[]> {
  const counts = [];
  for (const t of BACKUP_TABLES) {
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${tableRef(t)}`));
    counts.push({ table: t.name, rows: Number(row?.n ?? 0) });
  }
  return counts;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Restores a backup file (parsed JSON, checked here) into the database in one transaction:
 * refused when the database holds anything unless `force`, which replaces everything.
 * Transient tables (sessions) are emptied: everyone signs in again.
 */
export async function importBackup(
  db: Db,
  input: unknown,
  { force = false, cleanRichText = false, audit }: ImportOptions = {},
): Promise<ImportResult> {
  // Refused before the database is touched: rich text and images are checked as on a normal write.
  const backup = checkBackupContent(parseBackupFile(input), { cleanRichText });
  return db.transaction(async (tx) => {
    const everything = list(ALL_TABLES.map(tableRef));
    // Other instances' writes wait until the restore commits, so nothing slips in between the check and the replace.
    await tx.execute(sql`lock table ${everything} in access exclusive mode`);
    const filled = (await rowCounts(tx)).filter((c) => c.rows > 0);
    if (filled.length > 0 && !force) {
      const what = filled.map((c) => `${c.table}: ${plural(c.rows, 'row')}`).join(', ');
      throw new BackupError(
        `The database is not empty (${what}). Restore into an empty database, or pass --force to replace everything in it.`,
      );
    }
    await tx.execute(sql`truncate ${everything} restart identity`);
    const rows: Record<string, number> = {};
    for (const t of BACKUP_TABLES) {
      const tableRows = backup.tables[t.name] ?? [];
      try {
        await insertRows(tx, t, tableRows);
      } catch (error) {
        throw new BackupError(`Could not restore the table "${t.name}": ${databaseMessage(error)}`);
      }
      rows[t.name] = tableRows.length;
    }
    for (const t of ALL_TABLES) await resetSequences(tx, t);
    if (audit) {
      await tx.insert(auditLog).values({
        at: audit.at,
        action: 'backup.restore',
        targetType: 'backup',
        targetLabel: audit.file,
        changes: {
          rows: { after: Object.values(rows).reduce((a, b) => a + b, 0) },
          replaced: { after: force },
        },
      });
    }
    return { rows };
  });
}
