// Export of the whole database as a streamed archive (format version 2, docs/backup-format.md) and
// its restore, generic over the schema's tables (backup.format.ts says which, in what order, and how
// each column is written). Old JSON files (format version 1) are still restored.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Db } from '../../db/client';
import { auditLog, mediaFiles } from '../../db/schema';
import { checkBackupContent, ContentChecker, type ContentCheckOptions } from './backup.content';
import {
  ALL_TABLES,
  archiveColumns,
  archiveRowSchema,
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  BackupError,
  checkHeader,
  CHECKSUMS_ENTRY,
  ChecksumsSchema,
  currentMigration,
  describeIssue,
  FILE_COLUMN,
  listProblems,
  MANIFEST_ENTRY,
  ManifestSchema,
  mediaEntry,
  parseBackupFile,
  rowParseOptions,
  tableEntry,
  type ArchiveChecksums,
  type ArchiveManifest,
  type BackupColumn,
  type BackupTable,
  type MigrationLevel,
} from './backup.format';
import { rowsOf } from '../../db/rows';

/** Rows per INSERT, and the most JSON text one INSERT carries (image bytes make rows large). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** Rows per FETCH of an export's cursor. */
const FETCH_ROWS = 500;

/**
 * A backup runs as long as its file takes to write or read (a slow download, gigabytes of media):
 * the pool's statement and idle-in-transaction timeouts do not apply to it.
 */
async function untimed(tx: Tx): Promise<void> {
  await tx.execute(sql`set local statement_timeout = 0`);
  await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
}

/** Runs `query` as a cursor in the open transaction and hands over its rows `perFetch` at a time. */
async function* cursor<T>(tx: Tx, name: string, query: SQL, perFetch: number): AsyncGenerator<T[]> {
  await tx.execute(sql`declare ${sql.identifier(name)} no scroll cursor for ${query}`);
  for (;;) {
    const rows = rowsOf<T>(
      await tx.execute(sql`fetch forward ${sql.raw(String(perFetch))} from ${sql.identifier(name)}`),
    );
    if (rows.length === 0) break;
    yield rows;
  }
  await tx.execute(sql`close ${sql.identifier(name)}`);
}

/** A media file's row as the export reads it (its bytes only when they are in the database). */
export interface MediaFileRow {
  id: number;
  path: string;
  storage: string;
  bytes: Uint8Array | null;
}

/** Reads a file kept outside the database (the object store: `MediaStorage.read`, media.storage.ts). */
export type ReadStoredMedia = (row: MediaFileRow & { bytes: null }) => Promise<Buffer>;

/** A media file's bytes, wherever they are: in the row, or read from the object store by `readStored`. */
export async function readMediaBytes(row: MediaFileRow, readStored?: ReadStoredMedia): Promise<Buffer> {
  if (row.storage === 'db' && row.bytes)
    return Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  if (row.storage !== 'db' && readStored) return readStored({ ...row, bytes: null });
  throw new BackupError(
    `The media file ${row.path} (media_files id ${row.id}) is stored in "${row.storage}", which this export cannot read.`,
  );
}

/** What an export wrote. */
export interface ExportSummary {
  migration: MigrationLevel;
  exportedAt: string;
  /** Rows by table, in the archive's order. */
  rows: Record<string, number>;
  /** Media files, and the archive's size in bytes. */
  files: number;
  bytes: number;
}

/** Waits until a write stream takes more (backpressure), or fails with it. */
async function writeChunk(stream: NodeJS.WritableStream, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream as Writable, 'drain');
}

type EntryHeader = Partial<tar.Header> & { name: string };
type Sink = ReturnType<tar.Pack['entry']>;

/**
 * Adds an entry to the archive; `done` settles once its bytes are in the archive's stream (which waits
 * for its reader), and rejects when the archive fails meanwhile (its reader went away: a cancelled
 * download). The entry's own 'error' event says the same: it is heard here, so it never goes
 * unhandled (which would end the process).
 */
function addEntry(pack: tar.Pack, header: EntryHeader, body?: Buffer): { sink: Sink; done: Promise<void> } {
  let settle!: (error?: Error | null) => void;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  // The caller awaits `done`; a failure that comes before it does is not an unhandled one.
  done.catch(() => undefined);
  // Throws at once when the archive has failed already.
  const sink = body ? pack.entry(header, body, settle) : pack.entry(header, settle);
  (sink as unknown as Writable).on('error', () => undefined);
  return { sink, done };
}

/**
 * Writes everything in the database that backups hold to `out` as an archive (format version 2):
 * one consistent snapshot (a repeatable-read, read-only transaction), read table by table through
 * a cursor and media file by media file, so that memory stays flat whatever the size. Each table's
 * rows are spooled to a temporary file first (a tar entry states its size before its bytes). On a
 * failure `out` is destroyed: what it received has no checksums entry, and no import accepts it.
 */
export async function exportBackup(
  db: Db,
  now: Date,
  out: Writable,
  readStored?: ReadStoredMedia,
): Promise<ExportSummary> {
  const pack = tar.pack();
  let bytes = 0;
  const counter = new PassThrough();
  counter.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const written = pipeline(pack as unknown as Readable, counter, out);
  // Awaited at the end; a reader that goes away before then fails it early, and that is not unhandled.
  written.catch(() => undefined);
  // Every entry has the same owner and time, so the same data and `now` make the same bytes.
  const entry = { mtime: now, mode: 0o600, uid: 0, gid: 0, uname: '', gname: '' };
  const spool = await mkdtemp(path.join(os.tmpdir(), 'studio-backup-'));
  const summary: ExportSummary = {
    migration: { ...currentMigration() },
    exportedAt: now.toISOString(),
    rows: {},
    files: 0,
    bytes: 0,
  };
  try {
    await db.transaction(
      async (tx) => {
        await untimed(tx);
        // row_to_json writes timestamps in the session's time zone: make it UTC on every server.
        await tx.execute(sql`set local timezone = 'UTC'`);
        const manifest: ArchiveManifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          migration: summary.migration,
          exportedAt: summary.exportedAt,
          tables: BACKUP_TABLES.map((t) => t.name),
          files: { ...FILE_COLUMN },
        };
        await addEntry(pack, { ...entry, name: MANIFEST_ENTRY }, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`))
          .done;
        const checksums: ArchiveChecksums = { tables: [], media: [] };
        for (const t of BACKUP_TABLES) {
          const file = path.join(spool, `${t.name}.ndjson`);
          const hash = createHash('sha256');
          let size = 0;
          let rows = 0;
          const spooled = createWriteStream(file, { mode: 0o600 });
          const order = t.orderBy.length
            ? sql` order by ${list(t.orderBy.map((c) => sql`r.${sql.identifier(c)}`))}`
            : sql``;
          const query = sql`select row_to_json(r)::text as row from (select ${list(archiveColumns(t).map(exportExpression))} from ${tableRef(t)}) r${order}`;
          for await (const page of cursor<{ row: string }>(tx, 'backup_rows', query, FETCH_ROWS)) {
            const text = Buffer.from(page.map((r) => `${r.row}\n`).join(''));
            hash.update(text);
            size += text.length;
            rows += page.length;
            await writeChunk(spooled, text);
          }
          spooled.end();
          await once(spooled, 'close');
          const { sink, done } = addEntry(pack, { ...entry, name: tableEntry(t.name), size });
          for await (const chunk of createReadStream(file)) {
            // (A failed archive ends the wait through `done`: a destroyed entry never drains.)
            if (!sink.write(chunk as Buffer)) await Promise.race([once(sink as unknown as Writable, 'drain'), done]);
          }
          (sink as unknown as Writable).end();
          await done;
          await rm(file, { force: true });
          checksums.tables.push({ name: t.name, rows, size, sha256: hash.digest('hex') });
          summary.rows[t.name] = rows;
        }
        // Media files, one at a time: their bytes are the largest part and never all in memory.
        const files = sql`select id, path, storage, bytes from ${mediaFiles} order by id`;
        for await (const [row] of cursor<MediaFileRow>(tx, 'backup_files', files, 1)) {
          const body = await readMediaBytes(row!, readStored);
          await addEntry(pack, { ...entry, name: mediaEntry(row!.path) }, body).done;
          checksums.media.push({
            path: row!.path,
            size: body.length,
            sha256: createHash('sha256').update(body).digest('hex'),
          });
          summary.files += 1;
        }
        await addEntry(pack, { ...entry, name: CHECKSUMS_ENTRY }, Buffer.from(`${JSON.stringify(checksums)}\n`)).done;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
  summary.bytes = bytes;
  return summary;
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

/** Locks every table, refuses a non-empty database unless `force`, and empties every table. */
async function beginRestore(tx: Tx, force: boolean): Promise<void> {
  await untimed(tx);
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
}

/** Moves the sequences past the restored ids and records the restore in the audit log it restored. */
async function finishRestore(
  tx: Tx,
  rows: Record<string, number>,
  { force = false, audit }: ImportOptions,
): Promise<ImportResult> {
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
}

const isStream = (input: unknown): input is Readable =>
  typeof input === 'object' && input !== null && typeof (input as Readable).pipe === 'function';

/**
 * Restores a backup into the database in one transaction: refused when the database holds anything
 * unless `force`, which replaces everything. Transient tables (sessions) are emptied: everyone signs
 * in again. An archive (format version 2) is read as it streams, rows inserted in batches, every
 * checksum verified before the commit; a damaged or truncated one is refused and nothing changes. A
 * JSON file (format version 1, told by its first byte) is read whole, as it was written.
 * `input`: a stream or the bytes of a file (an archive, or an old JSON file), or an old JSON file
 * already parsed (checked here like any other input).
 */
export async function importBackup(db: Db, input: unknown, options: ImportOptions = {}): Promise<ImportResult> {
  const label = options.audit?.file ?? 'the file';
  if (Buffer.isBuffer(input)) return importBackup(db, Readable.from([input]), options);
  if (!isStream(input)) return importJson(db, input, options);
  const { kind, stream } = await sniff(input);
  if (kind === 'gzip') return importBackup(db, stream.pipe(createGunzip()), options);
  if (kind === 'json') {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch (error) {
      throw new BackupError(`Cannot read ${label} as JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    return importJson(db, parsed, options);
  }
  if (kind === 'tar') return importArchive(db, stream, options);
  stream.destroy();
  throw new BackupError(
    `This is not a backup file of this site: ${label} is neither a backup archive (.tar) nor a JSON backup.`,
  );
}

/** Tells an archive from a JSON file by its first bytes, and gives back the whole stream. */
async function sniff(input: Readable): Promise<{ kind: 'tar' | 'json' | 'gzip' | 'other'; stream: Readable }> {
  const head: Buffer[] = [];
  let length = 0;
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let ended = false;
  while (length < 512) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    head.push(chunk);
    length += chunk.length;
  }
  const first = Buffer.concat(head);
  async function* whole() {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const stream = Readable.from(whole(), { objectMode: false });
  const text = first.toString('latin1').trimStart();
  if (first[0] === 0x1f && first[1] === 0x8b) return { kind: 'gzip', stream };
  if (text.startsWith('{') || text.startsWith('[') || text === 'null') return { kind: 'json', stream };
  // A tar archive: "ustar" at 257 in its first header; a shorter start is a cut-off archive (refused as damaged).
  if (
    first.toString('latin1', 257, 262) === 'ustar' ||
    (first.length < 512 && first.length > 0 && !/^[\s\w]/.test(text))
  )
    return { kind: 'tar', stream };
  return { kind: 'other', stream };
}

/** Restores a parsed JSON file (format version 1), checked whole before the database is touched. */
async function importJson(db: Db, input: unknown, options: ImportOptions): Promise<ImportResult> {
  // Refused before the database is touched: rich text and images are checked as on a normal write.
  const backup = checkBackupContent(parseBackupFile(input), { cleanRichText: options.cleanRichText });
  return db.transaction(async (tx) => {
    await beginRestore(tx, options.force ?? false);
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
    return finishRestore(tx, rows, options);
  });
}

/** The most a manifest or checksums entry, one table row and one media file may hold. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_ROW_BYTES = 256 * 1024 * 1024;
const MAX_MEDIA_BYTES = 1024 * 1024 * 1024;

/** A refusal of an archive that is not whole as written: each problem on its own line (at most ten). */
const damaged = (...problems: string[]) =>
  new BackupError(
    `The backup archive is damaged or incomplete; nothing was restored:\n${listProblems(problems.map((p) => `  ${p}`))}`,
  );

/** A tar entry as it streams. */
interface Entry extends AsyncIterable<unknown> {
  header: tar.Header;
  resume(): void;
}

async function readWhole(entry: Entry, limit: number): Promise<Buffer> {
  if (entry.header.size > limit)
    throw damaged(`${entry.header.name} is ${entry.header.size} bytes, more than any backup writes`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The lines of a table file as they stream, each as text; `seen` gets every byte (for the checksum). */
async function* lines(entry: Entry, seen: (chunk: Buffer) => void): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  for await (const data of entry) {
    const chunk = data as Buffer;
    seen(chunk);
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, end);
      yield pending.length ? Buffer.concat([...pending, piece]).toString('utf8') : piece.toString('utf8');
      pending = [];
      pendingLength = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingLength += chunk.length - start;
      if (pendingLength > MAX_ROW_BYTES)
        throw damaged(`a row of ${entry.header.name} is longer than any backup writes`);
    }
  }
  if (pendingLength > 0) yield Buffer.concat(pending).toString('utf8');
}

interface Sums {
  size: number;
  sha256: string;
}

/** A media file named by its table's rows: what the row says, and whether its bytes arrived. */
interface ExpectedFile {
  row: Record<string, unknown>;
  arrived: boolean;
}

/**
 * Restores an archive as it streams (docs/backup-format.md): the manifest is checked before the
 * transaction opens; rows go in by batches, media files one by one; the checksums entry, last, must
 * match what was read, or the transaction rolls back. After the first problem nothing more is
 * written, but the rest is read so the refusal lists everything wrong (at most ten of each kind).
 */
async function importArchive(db: Db, input: Readable, options: ImportOptions): Promise<ImportResult> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as Writable);
  const entries = extract[Symbol.asyncIterator]() as AsyncIterator<Entry>;
  const next = async (): Promise<Entry | undefined> => {
    try {
      const result = await entries.next();
      return result.done ? undefined : result.value;
    } catch (error) {
      throw damaged(error instanceof Error ? error.message : String(error));
    }
  };
  try {
    const first = await next();
    if (!first || first.header.name !== MANIFEST_ENTRY) throw damaged(`it does not begin with ${MANIFEST_ENTRY}`);
    const manifest = readManifest(await readWhole(first, MAX_MANIFEST_BYTES));
    return await db.transaction(async (tx) => {
      await beginRestore(tx, options.force ?? false);
      return await restoreEntries(tx, manifest, next, options);
    });
  } finally {
    input.unpipe(extract as unknown as Writable);
    extract.destroy();
    input.destroy();
  }
}

function readManifest(bytes: Buffer): ArchiveManifest & { older: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw damaged(`${MANIFEST_ENTRY} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { older } = checkHeader(json, BACKUP_VERSION);
  const parsed = ManifestSchema.safeParse(json, rowParseOptions);
  if (!parsed.success)
    throw new BackupError(`The backup file is invalid:\n${listProblems(parsed.error.issues.map(describeIssue))}`);
  const manifest = parsed.data as ArchiveManifest;
  // Parents before children, as this code orders them: a file at this schema level has every table, an older one may lack later ones.
  const known = BACKUP_TABLES.map((t) => t.name);
  const expected = older ? known.filter((name) => manifest.tables.includes(name)) : known;
  if (manifest.tables.join() !== expected.join()) {
    const unknown = manifest.tables.filter((name) => !known.includes(name));
    const missing = expected.filter((name) => !manifest.tables.includes(name));
    throw new BackupError(
      `The backup file is invalid:\n  tables: ${
        unknown.length
          ? `unknown tables ${unknown.join(', ')}`
          : missing.length
            ? `missing tables ${missing.join(', ')}`
            : 'not in the order parents before children'
      }`,
    );
  }
  return { ...manifest, older };
}

async function restoreEntries(
  tx: Tx,
  manifest: ArchiveManifest & { older: boolean },
  next: () => Promise<Entry | undefined>,
  options: ImportOptions,
): Promise<ImportResult> {
  const checker = new ContentChecker({ cleanRichText: options.cleanRichText });
  const issues: string[] = [];
  let issueCount = 0;
  const issue = (text: string) => {
    issueCount += 1;
    if (issues.length < 10) issues.push(text);
  };
  const damage: string[] = [];
  let failure: BackupError | undefined;
  const writing = () => !failure && issueCount === 0 && !checker.failed && damage.length === 0;

  const tableSums = new Map<string, Sums & { rows: number }>();
  const mediaSums = new Map<string, Sums>();
  const files = new Map<string, ExpectedFile>();
  const tables = new Map(BACKUP_TABLES.map((t) => [t.name, t]));
  const restoredRows: Record<string, number> = {};
  let position = 0;
  let checksums: ArchiveChecksums | undefined;

  for (let entry = await next(); entry; entry = await next()) {
    const name = entry.header.name;
    if (checksums) {
      damage.push(`${name} follows ${CHECKSUMS_ENTRY}, which must be last`);
      entry.resume();
      continue;
    }
    if (name === CHECKSUMS_ENTRY) {
      let json: unknown;
      try {
        json = JSON.parse((await readWhole(entry, MAX_MANIFEST_BYTES)).toString('utf8'));
      } catch {
        json = undefined;
      }
      const parsed = ChecksumsSchema.safeParse(json);
      if (!parsed.success) throw damaged(`${CHECKSUMS_ENTRY} is unreadable`);
      checksums = parsed.data;
      continue;
    }
    const tableName = /^tables\/(.+)\.ndjson$/.exec(name)?.[1];
    if (tableName !== undefined) {
      const t = tables.get(tableName);
      if (!t || manifest.tables[position] !== tableName) {
        damage.push(`${name} is not the table ${manifest.tables[position] ?? '(none)'} the manifest lists next`);
        entry.resume();
        continue;
      }
      position += 1;
      const hash = createHash('sha256');
      let size = 0;
      let index = 0;
      let batch: Record<string, unknown>[] = [];
      let batchChars = 0;
      const schema = archiveRowSchema(t, manifest.older);
      const flush = async () => {
        if (batch.length && writing()) {
          try {
            await insertRows(tx, t, batch);
          } catch (error) {
            failure = new BackupError(`Could not restore the table "${t.name}": ${databaseMessage(error)}`);
          }
        }
        batch = [];
        batchChars = 0;
      };
      for await (const line of lines(entry, (chunk) => (hash.update(chunk), (size += chunk.length)))) {
        const at = index++;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          issue(describeIssue({ path: ['tables', t.name, at], message: 'Not a JSON row' }));
          continue;
        }
        const parsed = schema.safeParse(value, rowParseOptions);
        if (!parsed.success) {
          for (const problem of parsed.error.issues)
            issue(describeIssue({ ...problem, path: ['tables', t.name, at, ...problem.path] }));
          continue;
        }
        let row = checker.row(t.name, parsed.data as Record<string, unknown>);
        if (t.name === FILE_COLUMN.table) {
          files.set(String(row.path), { row, arrived: false });
          // Its bytes follow as a file of their own: until then an empty placeholder, stored in the database.
          row = { ...row, [FILE_COLUMN.column]: '', storage: 'db' };
        }
        batch.push(row);
        batchChars += line.length;
        if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
      }
      await flush();
      tableSums.set(t.name, { rows: index, size, sha256: hash.digest('hex') });
      restoredRows[t.name] = index;
      continue;
    }
    // A media file: named by its row's path (media/{hash}/{size}.{ext}), whatever that path holds.
    if (files.has(`/${name}`) || name.startsWith('media/')) {
      const urlPath = `/${name}`;
      const expected = files.get(urlPath);
      const bytes = await readWhole(entry, MAX_MEDIA_BYTES);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      mediaSums.set(urlPath, { size: bytes.length, sha256 });
      if (!expected || expected.arrived) {
        damage.push(`${name} is ${expected ? 'there twice' : `no file of the ${FILE_COLUMN.table} table`}`);
        continue;
      }
      expected.arrived = true;
      const { size: rowSize, sha256: rowSha } = expected.row;
      if (
        (typeof rowSha === 'string' && rowSha !== '' && rowSha !== sha256) ||
        (rowSize !== undefined && rowSize !== 0 && rowSize !== bytes.length)
      ) {
        damage.push(`${name} does not match the size and SHA-256 its row gives`);
        continue;
      }
      checker.file(expected.row, bytes);
      if (writing()) {
        try {
          await tx.update(mediaFiles).set({ bytes }).where(eq(mediaFiles.path, urlPath));
        } catch (error) {
          failure = new BackupError(`Could not restore the media file ${urlPath}: ${databaseMessage(error)}`);
        }
      }
      continue;
    }
    damage.push(`${name} is no part of a backup`);
    entry.resume();
  }

  // Every checksum before the commit: a damaged archive explains anything else that looked wrong.
  if (!checksums) throw damaged(`it ends before ${CHECKSUMS_ENTRY}: the file is cut short`);
  if (position < manifest.tables.length)
    damage.push(`the table files from ${tableEntry(manifest.tables[position]!)} on are missing`);
  for (const sums of checksums.tables) {
    const read = tableSums.get(sums.name);
    if (!read || read.size !== sums.size || read.sha256 !== sums.sha256 || read.rows !== sums.rows)
      damage.push(`${tableEntry(sums.name)} does not match its checksum`);
  }
  if (checksums.tables.length !== tableSums.size) damage.push(`${CHECKSUMS_ENTRY} does not list every table file`);
  for (const sums of checksums.media) {
    const read = mediaSums.get(sums.path);
    if (!read || read.size !== sums.size || read.sha256 !== sums.sha256)
      damage.push(`${mediaEntry(sums.path)} does not match its checksum`);
  }
  if (checksums.media.length !== mediaSums.size) damage.push(`${CHECKSUMS_ENTRY} does not list every media file`);
  for (const [urlPath, file] of files) if (!file.arrived) damage.push(`${mediaEntry(urlPath)} is missing`);
  if (damage.length) throw damaged(...damage);
  if (issueCount) throw new BackupError(`The backup file is invalid:\n${listProblems(issues, issueCount)}`);
  checker.finish();
  if (failure) throw failure;
  return finishRestore(tx, restoredRows, options);
}
