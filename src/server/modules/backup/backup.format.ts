// The backup file: which tables it holds (every table of the Drizzle schema, parents before
// children), how each column is written in JSON, and the zod check an import runs first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../db/client';
import * as schema from '../../db/schema';

export const BACKUP_FORMAT = 'studio-backup';
/** Raised when the file's own layout changes (not when the database schema does: that is `migration`). */
export const BACKUP_VERSION = 1;

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
function fileSchema(older: boolean) {
  const tableShapes = Object.fromEntries(
    BACKUP_TABLES.map((t) => {
      const row = z.strictObject(
        Object.fromEntries(
          t.columns.map((c) => {
            const value = c.notNull ? c.value : c.value.nullable();
            return [c.name, older ? value.optional() : value];
          }),
        ),
      );
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

function describeIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    return `  ${where.replace(/^\./, '') || '(file)'}: ${issue.message}`;
  });
  const more = error.issues.length - MAX_LISTED_ISSUES;
  if (more > 0) lines.push(`  … and ${more} more`);
  return lines.join('\n');
}

/** Checks a parsed file (its format, version and schema level, then every row); throws a BackupError saying why not. */
export function parseBackupFile(input: unknown): BackupFile {
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

/** The file's bytes: the same from the script and from the admin download. */
export function serializeBackup(backup: BackupFile): string {
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** studio-backup-YYYY-MM-DD.json, by the UTC date of the export. */
export function backupFileName(at: Date): string {
  return `${BACKUP_FORMAT}-${at.toISOString().slice(0, 10)}.json`;
}
