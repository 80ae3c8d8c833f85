// What an audit entry says about a change: the fields that changed, before and after, in short.
// One sanitiser for every entry: fields named like a password, secret, token, hash or code never
// appear (nor do their values); long texts are cut, rich text becomes a short plain-text excerpt,
// bytes and long lists become their size. The bookkeeping fields (ids, timestamps, versions) are left out.
import type { AuditChanges, AuditEntry } from './audit.repo';
import { sliceWhole } from '../../../shared/text';

/** Longest text kept in an entry; longer ones are cut with an ellipsis. */
export const AUDIT_TEXT_LIMIT = 200;
/** A list or object whose JSON is longer than this is summarised by its size. */
const STRUCTURE_LIMIT = 1_000;

const SECRET_FIELD = /password|secret|token|hash|code/i;
/** Bookkeeping every row has: not a change anyone made. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'version', 'uploadedAt', 'sortOrder']);

/** Whether a field's name says it holds something that must never be logged. */
export const isSecretField = (name: string) => SECRET_FIELD.test(name);

function cut(text: string): string {
  return text.length > AUDIT_TEXT_LIMIT ? `${sliceWhole(text, AUDIT_TEXT_LIMIT)}…` : text;
}

/** Rich text (HTML) as plain text: what an entry shows of a post's body. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A value as an entry may show it: no secrets inside, nothing long. */
export function auditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === 'string') return cut(/<[a-z][^>]*>/i.test(value) ? plainText(value) : value);
  if (typeof value !== 'object') return value;
  const clean = Array.isArray(value)
    ? value.map(auditValue)
    : Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key]) => !isSecretField(key))
          .map(([key, inner]) => [key, auditValue(inner)]),
      );
  if (JSON.stringify(clean).length <= STRUCTURE_LIMIT) return clean;
  return Array.isArray(value) ? `${value.length} items` : `${Object.keys(clean).length} fields`;
}

type Row = Record<string, unknown> | null | undefined;

const same = (a: unknown, b: unknown) => JSON.stringify(auditValue(a)) === JSON.stringify(auditValue(b));

/**
 * The fields that differ between two versions of a row (a creation has no before, a deletion no
 * after), each with its shortened before and after; null when nothing a person changed differs.
 */
export function changedFields(before: Row, after: Row): AuditChanges | null {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (BOOKKEEPING.has(key) || isSecretField(key)) continue;
    const was = before?.[key];
    const is = after?.[key];
    if (before && after && same(was, is)) continue;
    if (!before && (is === undefined || is === null || is === '')) continue;
    if (!after && (was === undefined || was === null || was === '')) continue;
    changes[key] = {
      ...(before ? { before: auditValue(was) } : {}),
      ...(after ? { after: auditValue(is) } : {}),
    };
  }
  return Object.keys(changes).length ? changes : null;
}

/** How a row is named in the log: its name, title, username, file name or slug. */
export function labelOf(row: Row): string {
  for (const key of ['name', 'title', 'username', 'filename', 'originalName', 'slug', 'email']) {
    const value = row?.[key];
    if (typeof value === 'string' && value) return cut(value);
  }
  return '';
}

/**
 * The entry for a change of one row: `<type>.<verb>`, the row as its target, and its changed fields
 * (before is absent for a creation, after for a deletion).
 */
export function rowChange(
  type: string,
  verb: string,
  rows: { before?: Row; after?: Row; id?: string | number; label?: string },
): AuditEntry {
  const row = rows.after ?? rows.before;
  const id = rows.id ?? (row?.id as string | number | undefined);
  return {
    action: `${type}.${verb}`,
    targetType: type,
    ...(id === undefined ? {} : { targetId: id }),
    targetLabel: rows.label ?? labelOf(row),
    changes: changedFields(rows.before, rows.after),
  };
}
