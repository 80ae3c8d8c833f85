// The audit log's reading side (issue 23): its entries, the filters administrators read them by (the
// list, the CSV export and the screen's address share them), the filter menus, and the retention setting.
import { wholeDays } from './common';
import { z } from './zod';

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;
export const AUDIT_RETENTION_DEFAULT = 365;
export const AUDIT_RETENTION_MIN = 30;
export const AUDIT_RETENTION_MAX = 3650;
export const RETENTION_RULE = `Keep entries between ${AUDIT_RETENTION_MIN} and ${AUDIT_RETENTION_MAX} days`;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Who did it: a staff member (id null once the account is deleted), or nobody (name '') for a stranger. */
  actor: z.object({ id: z.number().nullable(), name: z.string() }),
  address: z.string(),
  /** e.g. 'app.update', 'sign-in.failure'. */
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  /** Changed fields, before → after (never a password, secret or token). */
  changes: z.record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() })).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (YYYY-MM-DD) that exists. */
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isDay(v), `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .transform((v) => v || undefined);
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

/** The filters, as the list, the CSV and the screen's address spell them (empty means none). */
const filterFields = z.object({
  /** A staff member's id, or a username (any case). */
  actor: text('Actor', 100),
  /** An action ('post.publish'), or the start of one ending with a dot ('post.', or 'post.*'). */
  action: text('Action', 100).refine(
    (v) => v === undefined || /^[\w.-]+\*?$/.test(v),
    'Action must be an action name like post.publish, or its start like post.',
  ),
  /** A kind of target ('app'), or one target ('app:12'). */
  target: text('Target', 200),
  /** The first day (UTC) of entries to show, inclusive. */
  from: day('From'),
  /** The last day (UTC) of entries to show, inclusive. */
  to: day('To'),
});
const fromBeforeTo = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const TO_BEFORE_FROM = { path: ['to'], message: 'To must not be before From' };

export const AuditFilterSchema = filterFields.refine(fromBeforeTo, TO_BEFORE_FROM);
export type AuditFilterInput = z.input<typeof AuditFilterSchema>;
export type AuditFilter = z.output<typeof AuditFilterSchema>;

export const AuditQuerySchema = filterFields
  .extend({
    page: z.coerce
      .number()
      .int('Page must be a whole number')
      .min(1, 'Page must be at least 1')
      .max(1_000_000, 'Page is too far')
      .optional(),
    pageSize: z.coerce
      .number()
      .int('Page size must be a whole number')
      .min(1, 'Page size must be at least 1')
      .max(AUDIT_PAGE_SIZE_MAX, `Page size must be at most ${AUDIT_PAGE_SIZE_MAX}`)
      .optional(),
  })
  .refine(fromBeforeTo, TO_BEFORE_FROM);
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** What the filter menus offer: the actions and the people the log holds. */
export const AuditFilterOptionsSchema = z.object({
  actions: z.array(z.string()),
  actors: z.array(z.object({ id: z.number().nullable(), name: z.string() })),
});
export type AuditFilterOptions = z.infer<typeof AuditFilterOptionsSchema>;

export const AuditRetentionSchema = z.object({
  retentionDays: wholeDays(AUDIT_RETENTION_MIN, AUDIT_RETENTION_MAX, RETENTION_RULE),
});
export type AuditRetention = z.infer<typeof AuditRetentionSchema>;

/** The filters as a query string (empty ones left out), for the list, the CSV link and the screen's address. */
export function auditFilterQuery(filter: AuditFilterInput, extra: Record<string, string | number | undefined> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra })) {
    if (value !== undefined && value !== null && String(value).trim() !== '') query.set(key, String(value).trim());
  }
  return query.toString();
}
