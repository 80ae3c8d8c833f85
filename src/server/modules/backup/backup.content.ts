// A backup file is not trusted more than a form (issue 21): before a restore writes anything, its
// rich text must be what the site's sanitiser keeps, and its images what the media library stores
// (the same sanitiser and the same type check an upload goes through).
import { sanitizeRichText, sanitizerWouldChange } from '../../lib/sanitize';
import { storedFileProblem } from '../media/media.images';
import { BackupError, type BackupFile } from './backup.format';

/**
 * Columns holding rich text (HTML the pages render as is), by table: every one is sanitised on a
 * normal write by its module. Other text is rendered escaped.
 */
export const RICH_TEXT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  apps: ['long_description'],
  blog_posts: ['content'],
  about_us: ['content'],
  privacy_policy: ['content'],
  privacy_policy_versions: ['content'],
  app_pages: ['deletion_deleted', 'deletion_kept', 'support_intro'],
  press_kits: ['description', 'history'],
};

export interface ContentCheckOptions {
  /**
   * Store rich text as the sanitiser leaves it instead of refusing the file (for an old backup
   * whose texts predate a stricter sanitiser). Images are refused either way.
   */
  cleanRichText?: boolean;
}

const MAX_LISTED = 10;

/** Columns holding an address a page links to or loads (apps' store links, social links, icons, logos…). */
const ADDRESS_COLUMN = /(_link|^url|^website|^icon|^logos?|^share_image|^screenshots|^images)$/;
/** As a browser reads a URL's scheme: spaces, tabs, line breaks and control characters do not count. */
const withoutControls = (text: string) => [...text].filter((c) => c.charCodeAt(0) > 0x20).join('');
/** A scheme other than the ones a saved link may have. */
const UNSAFE_SCHEME = /^(?!(?:https?|mailto|tel):)[a-z][a-z0-9+.-]*:/i;

const rowName = (table: string, row: Record<string, unknown>) =>
  `${table} ${'id' in row ? `id ${String(row.id)}` : 'app_id' in row ? `app_id ${String(row.app_id)}` : 'row'}`;

/**
 * The content checks, row by row and file by file as a restore reads them (a streamed archive is
 * never whole in memory): `row` returns the row as it is to be stored (rich text cleaned with
 * `cleanRichText`), `file` checks a media file's bytes; `finish` throws a BackupError naming each
 * refused item (at most ten). Media items come before their files (parents first), so each file is
 * checked against its item's hash.
 */
export class ContentChecker {
  private readonly listed: string[] = [];
  private total = 0;
  private readonly hashes = new Map<number, string>();

  constructor(private readonly options: ContentCheckOptions = {}) {}

  /** Whether anything was refused so far (a restore stops writing then, and reads on to list the rest). */
  get failed(): boolean {
    return this.total > 0;
  }

  private problem(text: string) {
    this.total += 1;
    if (this.listed.length < MAX_LISTED) this.listed.push(text);
  }

  row(table: string, row: Record<string, unknown>): Record<string, unknown> {
    let out = row;
    for (const column of RICH_TEXT_COLUMNS[table] ?? []) {
      const value = row[column];
      if (typeof value !== 'string') continue;
      if (!sanitizerWouldChange(value)) continue;
      if (this.options.cleanRichText) out = { ...out, [column]: sanitizeRichText(value) };
      else {
        this.problem(
          `${rowName(table, row)}, ${column}: holds markup the site never stores (such as a script, an event handler or a javascript: link)`,
        );
      }
    }
    // Addresses the pages put in href or src: only web, mail and phone links (a javascript: or data: link
    // would run in the visitor's browser). Other text is rendered escaped.
    for (const [column, value] of Object.entries(row)) {
      if (!ADDRESS_COLUMN.test(column)) continue;
      for (const address of Array.isArray(value) ? value : [value]) {
        if (typeof address === 'string' && UNSAFE_SCHEME.test(withoutControls(address))) {
          this.problem(
            `${rowName(table, row)}, ${column}: ${JSON.stringify(address.slice(0, 60))} is not a web address`,
          );
        }
      }
    }
    if (table === 'media') {
      this.hashes.set(Number(row.id), String(row.hash ?? ''));
      if (!/^[0-9a-f]{64}$/.test(String(row.hash ?? ''))) {
        this.problem(`${rowName('media', row)} ("${String(row.filename)}"): its hash is not a SHA-256`);
      }
    }
    return out;
  }

  /** Each file must be what an upload makes: an image of the type it says, under its item's /media/{hash}/. */
  file(row: Record<string, unknown>, bytes: Buffer): void {
    const hash = this.hashes.get(Number(row.media_id));
    const problem = storedFileProblem(
      { path: String(row.path), type: String(row.type), bytes },
      hash?.slice(0, 16) ?? '',
    );
    if (problem) this.problem(`${rowName('media_files', row)} (${JSON.stringify(String(row.path))}): ${problem}`);
  }

  finish(): void {
    if (this.total === 0) return;
    const listed = this.listed.map((p) => `  ${p}`);
    if (this.total > MAX_LISTED) listed.push(`  … and ${this.total - MAX_LISTED} more`);
    throw new BackupError(
      `The backup file holds content this site refuses; nothing was restored:\n${listed.join('\n')}\n` +
        'Rich text can be restored as the sanitiser cleans it with --clean-rich-text; images cannot.',
    );
  }
}

/**
 * Checks (and with `cleanRichText`, cleans) a whole JSON file's rich text and images (format
 * version 1); throws a BackupError naming each refused item. Returns the file to restore.
 */
export function checkBackupContent(backup: BackupFile, options: ContentCheckOptions = {}): BackupFile {
  const checker = new ContentChecker(options);
  const tables: BackupFile['tables'] = {};
  for (const [table, rows] of Object.entries(backup.tables)) {
    tables[table] = rows.map((row) => checker.row(table, row));
  }
  for (const file of tables.media_files ?? []) {
    checker.file(file, Buffer.from(String(file.bytes), 'base64'));
  }
  checker.finish();
  return { ...backup, tables };
}
