// Backup archives in tests: export into memory, read an archive back as the old one-object shape
// (format version 1: media bytes as base64 in their rows), and write such an object as an archive
// (with its checksums), so a test can change a file and try it in both formats.
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import tar from 'tar-stream';
import type { Db } from '../../src/server/db/client';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  CHECKSUMS_ENTRY,
  FILE_COLUMN,
  JSON_BACKUP_VERSION,
  MANIFEST_ENTRY,
  mediaEntry,
  tableEntry,
  type ArchiveChecksums,
  type ArchiveManifest,
  type BackupFile,
} from '../../src/server/modules/backup/backup.format';
import { exportBackup, type ExportSummary } from '../../src/server/modules/backup/backup.repo';

/** The archive `npm run export` would write, in memory. */
export async function exportArchive(db: Db, now: Date): Promise<Buffer> {
  return (await exportWithSummary(db, now)).archive;
}

export async function exportWithSummary(db: Db, now: Date): Promise<{ archive: Buffer; summary: ExportSummary }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const summary = await exportBackup(db, now, out);
  return { archive: Buffer.concat(chunks), summary };
}

export interface ArchiveEntry {
  name: string;
  body: Buffer;
}

/** Every entry of an archive, in order. */
export async function archiveEntries(archive: Buffer): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  Readable.from([archive]).pipe(extract);
  const entries: ArchiveEntry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

export interface ReadArchive {
  manifest: ArchiveManifest;
  checksums: ArchiveChecksums;
  entries: ArchiveEntry[];
  /** The same content as a version 1 file: rows by table, media bytes as base64 in their rows. */
  file: BackupFile;
}

export async function readArchive(archive: Buffer): Promise<ReadArchive> {
  const entries = await archiveEntries(archive);
  const json = (name: string): unknown => JSON.parse(entries.find((e) => e.name === name)!.body.toString('utf8'));
  const manifest = json(MANIFEST_ENTRY) as ArchiveManifest;
  const tables: BackupFile['tables'] = {};
  for (const name of manifest.tables) {
    const body = entries.find((e) => e.name === tableEntry(name))!.body.toString('utf8');
    tables[name] = body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  const media = new Map(entries.filter((e) => e.name.startsWith('media/')).map((e) => [`/${e.name}`, e.body]));
  // The version 1 shape: columns in the table's order, bytes where the column is.
  tables[FILE_COLUMN.table] = (tables[FILE_COLUMN.table] ?? []).map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      out[key] = value;
      if (key === 'width') out[FILE_COLUMN.column] = media.get(String(row.path))?.toString('base64');
    }
    return out;
  });
  return {
    manifest,
    checksums: json(CHECKSUMS_ENTRY) as ArchiveChecksums,
    entries,
    file: {
      format: BACKUP_FORMAT,
      version: JSON_BACKUP_VERSION,
      migration: manifest.migration,
      exportedAt: manifest.exportedAt,
      tables,
    },
  };
}

/** All of a pack's bytes, once it ends. */
async function collect(pack: tar.Pack): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A version 1 object written as an archive (format version 2), with its checksums. */
export async function archiveOf(file: BackupFile): Promise<Buffer> {
  const pack = tar.pack();
  const collected = collect(pack);
  const names = Object.keys(file.tables);
  const manifest: ArchiveManifest = {
    format: BACKUP_FORMAT,
    // A test's file with another version keeps it (an archive from a newer site).
    version: file.version === JSON_BACKUP_VERSION ? BACKUP_VERSION : file.version,
    migration: file.migration,
    exportedAt: file.exportedAt,
    tables: names,
    files: { ...FILE_COLUMN },
  };
  pack.entry({ name: MANIFEST_ENTRY }, JSON.stringify(manifest));
  const checksums: ArchiveChecksums = { tables: [], media: [] };
  const media: [string, Buffer][] = [];
  for (const name of names) {
    const rows = file.tables[name]!.map((row) => {
      if (name !== FILE_COLUMN.table) return row;
      const { [FILE_COLUMN.column]: bytes, ...rest } = row;
      media.push([String(row.path), Buffer.from(String(bytes), 'base64')]);
      return rest;
    });
    const body = Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    pack.entry({ name: tableEntry(name) }, body);
    checksums.tables.push({ name, rows: rows.length, size: body.length, sha256: sha256(body) });
  }
  for (const [path, bytes] of media) {
    pack.entry({ name: mediaEntry(path) }, bytes);
    checksums.media.push({ path, size: bytes.length, sha256: sha256(bytes) });
  }
  pack.entry({ name: CHECKSUMS_ENTRY }, JSON.stringify(checksums));
  pack.finalize();
  return collected;
}

/** Rewrites an archive entry by entry (same order), e.g. to damage one. */
export async function rewriteArchive(
  archive: Buffer,
  change: (entry: ArchiveEntry) => ArchiveEntry | null,
): Promise<Buffer> {
  const pack = tar.pack();
  const collected = collect(pack);
  for (const entry of await archiveEntries(archive)) {
    const changed = change(entry);
    if (changed) pack.entry({ name: changed.name }, changed.body);
  }
  pack.finalize();
  return collected;
}
