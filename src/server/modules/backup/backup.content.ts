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
 * Checks (and with `cleanRichText`, cleans) the file's rich text and images; throws a BackupError
 * naming each refused item. Returns the file to restore.
 */
export function checkBackupContent(backup: BackupFile, options: ContentCheckOptions = {}): BackupFile {
  const problems: string[] = [];
  const tables = { ...backup.tables };

  for (const [table, columns] of Object.entries(RICH_TEXT_COLUMNS)) {
    const rows = tables[table];
    if (!rows) continue;
    tables[table] = rows.map((row) => {
      let out = row;
      for (const column of columns) {
        const value = row[column];
        if (typeof value !== 'string') continue;
        if (!sanitizerWouldChange(value)) continue;
        if (options.cleanRichText) out = { ...out, [column]: sanitizeRichText(value) };
        else {
          problems.push(
            `${rowName(table, row)}, ${column}: holds markup the site never stores (such as a script, an event handler or a javascript: link)`,
          );
        }
      }
      return out;
    });
  }

  // Addresses the pages put in href or src: only web, mail and phone links (a javascript: or data: link
  // would run in the visitor's browser). Other text is rendered escaped.
  for (const [table, rows] of Object.entries(tables)) {
    for (const row of rows ?? []) {
      for (const [column, value] of Object.entries(row)) {
        if (!ADDRESS_COLUMN.test(column)) continue;
        for (const address of Array.isArray(value) ? value : [value]) {
          if (typeof address === 'string' && UNSAFE_SCHEME.test(withoutControls(address))) {
            problems.push(
              `${rowName(table, row)}, ${column}: ${JSON.stringify(address.slice(0, 60))} is not a web address`,
            );
          }
        }
      }
    }
  }

  // Each file must be what an upload makes: an image of the type it says, under its item's /media/{hash}/.
  const hashes = new Map((tables.media ?? []).map((m) => [Number(m.id), String(m.hash ?? '')]));
  for (const item of tables.media ?? []) {
    if (!/^[0-9a-f]{64}$/.test(String(item.hash ?? ''))) {
      problems.push(`${rowName('media', item)} ("${String(item.filename)}"): its hash is not a SHA-256`);
    }
  }
  for (const file of tables.media_files ?? []) {
    const hash = hashes.get(Number(file.media_id));
    const problem = storedFileProblem(
      { path: String(file.path), type: String(file.type), bytes: Buffer.from(String(file.bytes), 'base64') },
      hash?.slice(0, 16) ?? '',
    );
    if (problem) problems.push(`${rowName('media_files', file)} (${JSON.stringify(String(file.path))}): ${problem}`);
  }

  if (problems.length) {
    const listed = problems.slice(0, MAX_LISTED).map((p) => `  ${p}`);
    if (problems.length > MAX_LISTED) listed.push(`  … and ${problems.length - MAX_LISTED} more`);
    throw new BackupError(
      `The backup file holds content this site refuses; nothing was restored:\n${listed.join('\n')}\n` +
        'Rich text can be restored as the sanitiser cleans it with --clean-rich-text; images cannot.',
    );
  }
  return { ...backup, tables };
}
