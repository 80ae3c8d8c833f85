// The backup file: which tables it holds (every table of the Drizzle schema, parents before
// children), how each column is written in JSON, and the zod checks an import runs. Format version 2
// is a streamed tar archive (backup.archive.ts, docs/backup-format.md); version 1, one JSON object
// with images as base64 text, is still read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../db/client';
import * as schema from '../../db/schema';

export const BACKUP_FORMAT = 'studio-backup';
/** Raised when the file's own layout changes (not when the database schema does: that is `migration`). */
export const BACKUP_VERSION = 2;
/** The layout of the JSON files written before issue 28 (one object, images as base64). */
export const JSON_BACKUP_VERSION = 1;

/** The column whose values are files of their own in an archive (`media/…`), not text in its table's rows. */
export const FILE_COLUMN = { table: 'media_files', column: 'bytes' } as const;

/**
 * Tables left out of backups, and emptied by a restore. Sessions: a restore signs everyone out
 * (after --force a restored user id may belong to someone else, and sessions revoked after the
 * backup must stay revoked); users sign in again with their restored passwords. Counters of
 * rate limits are short-lived by nature, as are sign-in steps (auth_tokens). Notification jobs: restoring them would send old news again.
 */
export const TRANSIENT_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'rate_limits',
  'notification_jobs',
  // Reset links, pending two-factor sign-ins and WebAuthn challenges live minutes (issue 23).
  'auth_tokens',
  // A day's analytics salt lives 48 hours and must never outlive them in a file: with it, a visitor
  // hash could be tested against known addresses (issue 27).
  'analytics_salts',
]);

/** A refusal the operator can act on: the message says what is wrong and what to do. */
export class BackupError extends Error {}

/**
 * How a column's values are written in the file:
 * json: as PostgreSQL's row_to_json writes them (text, numbers, booleans, arrays, JSON,
 *   timestamps as ISO 8601 text with microseconds, so they round-trip exactly);
 * base64: bytea (images), as unwrapped base64 text;
 * text: integers that JSON numbers cannot hold exactly (bigint, numeric), as decimal text.
 */
export type ColumnEncoding = 'json' | 'base64' | 'text';

export interface BackupColumn {
  name: string;
  sqlType: string;
  encoding: ColumnEncoding;
  notNull: boolean;
  /** A serial or identity column whose sequence a restore moves past the restored ids. */
  sequenced: boolean;
  /** GENERATED ALWAYS AS IDENTITY: a restore must override it to keep the ids. */
  identityAlways: boolean;
  /** Values the file may hold for this column (null aside). */
  value: z.ZodType;
}

export interface BackupTable {
  name: string;
  schema: string | undefined;
  columns: BackupColumn[];
  /** Columns that order the rows in the file (the primary key). */
  orderBy: string[];
}

const isoTimestamp = z.union([
  z.iso.datetime({ offset: true, local: true }),
  z.iso.date(),
  z.enum(['infinity', '-infinity']),
]);
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$|^(NaN|-?Infinity)$/, 'Expected a decimal number as text');
const jsonValue = z.json();

/** What a column's values look like in the file, from its SQL type. */
function encodingOf(sqlType: string): { encoding: ColumnEncoding; value: z.ZodType } {
  const type = sqlType.toLowerCase();
  if (type.endsWith('[]')) {
    const element = encodingOf(type.slice(0, -2));
    if (element.encoding === 'base64') throw new Error(`Backups do not support ${sqlType} columns`);
    return { encoding: element.encoding, value: z.array(element.value.nullable()) };
  }
  if (type === 'bytea') return { encoding: 'base64', value: z.base64() };
  if (/^(bigint|bigserial|int8|numeric|decimal)/.test(type)) return { encoding: 'text', value: decimalText };
  if (/^(smallint|integer|int|int2|int4|serial|smallserial)$/.test(type)) return { encoding: 'json', value: z.int() };
  if (/^(real|double precision|float)/.test(type))
    return { encoding: 'json', value: z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]) };
  if (type === 'boolean') return { encoding: 'json', value: z.boolean() };
  if (/^(timestamp|date)/.test(type)) return { encoding: 'json', value: isoTimestamp };
  if (/^jsonb?$/.test(type)) return { encoding: 'json', value: jsonValue };
  return { encoding: 'json', value: z.string() };
}

function describeColumn(column: PgColumn): BackupColumn {
  const sqlType = column.getSQLType();
  return {
    name: column.name,
    sqlType,
    notNull: column.notNull,
    sequenced: /serial$/i.test(sqlType) || column.generatedIdentity !== undefined,
    identityAlways: column.generatedIdentity?.type === 'always',
    ...encodingOf(sqlType),
  };
}

/** Parents before children, so that foreign keys hold while rows go in; otherwise by name (the schema module's export order). */
function byForeignKeys(tables: PgTable[]): PgTable[] {
  const sorted: PgTable[] = [];
  const state = new Map<PgTable, 'visiting' | 'done'>();
  const visit = (table: PgTable, trail: string[]) => {
    if (state.get(table) === 'done') return;
    const name = getTableConfig(table).name;
    if (state.get(table) === 'visiting') throw new Error(`Foreign keys form a cycle: ${[...trail, name].join(' → ')}`);
    state.set(table, 'visiting');
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = fk.reference().foreignTable;
      // A table that refers to itself: rows go in by primary key, which holds while parents are older.
      if (parent !== table) visit(parent, [...trail, name]);
    }
    state.set(table, 'done');
    sorted.push(table);
  };
  for (const table of tables) visit(table, []);
  return sorted;
}

function catalogue(): { backedUp: BackupTable[]; all: BackupTable[] } {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const all = byForeignKeys(tables).map((table): BackupTable => {
    const config = getTableConfig(table);
    const columns = config.columns.filter((c) => !c.generated).map(describeColumn);
    const primary =
      config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
    return { name: config.name, schema: config.schema, columns, orderBy: primary };
  });
  return { backedUp: all.filter((t) => !TRANSIENT_TABLES.has(t.name)), all };
}

const tables = catalogue();
/** Every table a backup holds, parents first. */
export const BACKUP_TABLES: readonly BackupTable[] = tables.backedUp;
/** Every table of the schema, transient ones included (a restore empties them all). */
export const ALL_TABLES: readonly BackupTable[] = tables.all;

const JournalSchema = z.object({ entries: z.array(z.object({ idx: z.number(), tag: z.string() })).min(1) });

export interface MigrationLevel {
  /** Position in the migrations journal, from 0. */
  index: number;
  tag: string;
}

let journal: MigrationLevel[] | undefined;
/** The migrations this code applies, in order (drizzle-kit's journal). */
export function migrations(): MigrationLevel[] {
  journal ??= JournalSchema.parse(
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')),
  ).entries.map((e, index) => ({ index, tag: e.tag }));
  return journal;
}

/** The schema level a database migrated by this code is at, and its backups are written at. */
export function currentMigration(): MigrationLevel {
  return migrations().at(-1)!;
}

const MigrationSchema = z.object({ index: z.int().min(0), tag: z.string().min(1) });

/** Just enough of a file to tell what it is before checking the rest against this schema. */
const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.int().positive(),
  migration: MigrationSchema,
});

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: number;
  migration: MigrationLevel;
  exportedAt: string;
  /** Rows by table name, parents before children, each row keyed by column name. */
  tables: Record<string, Record<string, unknown>[]>;
}

/**
 * The file's check against this code's tables. A file at this schema level must hold every
 * table and every column; an older one may lack what later migrations added (they get their
 * defaults), but nothing may be unknown here.
 */
function rowSchema(t: BackupTable, older: boolean, columns: readonly BackupColumn[] = t.columns) {
  return z.strictObject(
    Object.fromEntries(
      columns.map((c) => {
        const value = c.notNull ? c.value : c.value.nullable();
        return [c.name, older ? value.optional() : value];
      }),
    ),
  );
}

/** The columns a table's rows hold in an archive: all but the file column, whose bytes are files of their own. */
export function archiveColumns(t: BackupTable): BackupColumn[] {
  return t.name === FILE_COLUMN.table ? t.columns.filter((c) => c.name !== FILE_COLUMN.column) : t.columns;
}

const archiveRowSchemas = new Map<string, z.ZodType>();
/** The check of one row of an archive's table file (older: the archive is at an older schema level). */
export function archiveRowSchema(t: BackupTable, older: boolean): z.ZodType {
  const key = `${t.name}:${older}`;
  let schema = archiveRowSchemas.get(key);
  if (!schema) archiveRowSchemas.set(key, (schema = rowSchema(t, older, archiveColumns(t))));
  return schema;
}

function fileSchema(older: boolean) {
  const tableShapes = Object.fromEntries(
    BACKUP_TABLES.map((t) => {
      const row = rowSchema(t, older);
      const rows = z.array(row);
      return [t.name, older ? rows.optional() : rows];
    }),
  );
  return z.object({
    format: z.literal(BACKUP_FORMAT),
    version: z.int().positive(),
    migration: MigrationSchema,
    exportedAt: z.iso.datetime({ offset: true }),
    tables: z.strictObject(tableShapes),
  });
}

const MAX_LISTED_ISSUES = 10;

/** "Missing" rather than "expected string, received undefined". */
const parseOptions = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'Missing' : undefined,
};

/** One problem as the refusal lists it: where (tables.users[1].password) and what. */
export function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return `  ${where.replace(/^\./, '') || '(file)'}: ${issue.message}`;
}

/** At most ten listed problems, then how many more. */
export function listProblems(lines: readonly string[], total = lines.length): string {
  const listed = lines.slice(0, MAX_LISTED_ISSUES);
  if (total > MAX_LISTED_ISSUES) listed.push(`  … and ${total - MAX_LISTED_ISSUES} more`);
  return listed.join('\n');
}

function describeIssues(error: z.ZodError): string {
  return listProblems(error.issues.slice(0, MAX_LISTED_ISSUES).map(describeIssue), error.issues.length);
}

export { parseOptions as rowParseOptions };

/**
 * Checks what a file says it is (format, layout version, schema level); throws a BackupError saying
 * why it cannot be read. Returns whether it is at an older schema level than this code.
 */
export function checkHeader(
  input: unknown,
  expectedVersion: number,
): { version: number; migration: MigrationLevel; older: boolean } {
  const format = (input as { format?: unknown } | null)?.format;
  if (typeof input !== 'object' || input === null || format !== BACKUP_FORMAT) {
    throw new BackupError(`This is not a backup file of this site (it has no "format": "${BACKUP_FORMAT}").`);
  }
  const header = HeaderSchema.safeParse(input, parseOptions);
  if (!header.success) throw new BackupError(`The backup file is invalid:\n${describeIssues(header.error)}`);
  const { version, migration } = header.data;
  if (version > BACKUP_VERSION) {
    throw new BackupError(
      `This backup file has format version ${version}, newer than this site reads (${BACKUP_VERSION}). ` +
        'Upgrade the site, then import it.',
    );
  }
  const current = currentMigration();
  if (migration.index > current.index) {
    throw new BackupError(
      `This backup comes from a newer database schema (migration ${migration.index} "${migration.tag}"); ` +
        `this site is at migration ${current.index} "${current.tag}". Upgrade the site, then import it.`,
    );
  }
  const known = migrations()[migration.index]!;
  if (known.tag !== migration.tag) {
    throw new BackupError(
      `This backup's schema history differs from this site's: its migration ${migration.index} is ` +
        `"${migration.tag}", this site's is "${known.tag}".`,
    );
  }
  if (version !== expectedVersion) {
    throw new BackupError(
      version === JSON_BACKUP_VERSION
        ? 'This backup says it is a JSON file (format version 1) but comes as an archive; the file is damaged.'
        : `This backup says it is an archive (format version ${version}) but is a JSON file; the file is damaged.`,
    );
  }
  return { version, migration, older: migration.index < current.index };
}

/** Checks a parsed JSON file (format version 1: its format, version and schema level, then every row); throws a BackupError saying why not. */
export function parseBackupFile(input: unknown): BackupFile {
  const { migration } = checkHeader(input, JSON_BACKUP_VERSION);
  const current = currentMigration();
  const parsed = fileSchema(migration.index < current.index).safeParse(input, parseOptions);
  if (!parsed.success) throw new BackupError(`The backup file is invalid:\n${describeIssues(parsed.error)}`);
  const data = parsed.data as Omit<BackupFile, 'tables'> & {
    tables: Record<string, Record<string, unknown>[] | undefined>;
  };
  return {
    ...data,
    format: BACKUP_FORMAT,
    tables: Object.fromEntries(BACKUP_TABLES.map((t) => [t.name, data.tables[t.name] ?? []])),
  };
}

/** A version 1 file's bytes (what sites wrote before issue 28; tests write old files with it). */
export function serializeBackup(backup: BackupFile): string {
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** studio-backup-YYYY-MM-DD.tar, by the UTC date of the export. */
export function backupFileName(at: Date): string {
  return `${BACKUP_FORMAT}-${at.toISOString().slice(0, 10)}.tar`;
}

/** The archive's entries (docs/backup-format.md). */
export const MANIFEST_ENTRY = 'manifest.json';
export const CHECKSUMS_ENTRY = 'checksums.json';
export const tableEntry = (table: string) => `tables/${table}.ndjson`;
/** A media file's entry: its URL path without the leading slash (media/{hash}/{size}.{ext}). */
export const mediaEntry = (urlPath: string) => urlPath.replace(/^\/+/, '');

/** The archive's first entry: what it is, at which schema level, and which tables follow in which order. */
export interface ArchiveManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  migration: MigrationLevel;
  exportedAt: string;
  /** Table files in the order they follow (parents before children). */
  tables: string[];
  /** The table whose rows name the media files that follow the tables, and the column those files fill. */
  files: { table: string; column: string };
}

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.int().positive(),
  migration: MigrationSchema,
  exportedAt: z.iso.datetime({ offset: true }),
  tables: z.array(z.string()),
  files: z.object({ table: z.literal(FILE_COLUMN.table), column: z.literal(FILE_COLUMN.column) }),
});

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** The archive's last entry: every entry's size and SHA-256, checked before a restore commits. */
export const ChecksumsSchema = z.object({
  tables: z.array(z.object({ name: z.string(), rows: z.int().min(0), size: z.int().min(0), sha256: sha256Hex })),
  media: z.array(z.object({ path: z.string(), size: z.int().min(0), sha256: sha256Hex })),
});
export type ArchiveChecksums = z.infer<typeof ChecksumsSchema>;
