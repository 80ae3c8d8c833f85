// Reading the audit log (issue 23): pages of entries by filter, newest first; batches by key for the
// CSV export (memory stays flat however long the log); the filter menus; the retention setting and
// the removal of what is older than it. Writing entries is audit.repo.ts's.
import { and, asc, count, eq, gte, like, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_RETENTION_DEFAULT,
  type AuditEntry,
  type AuditFilter,
  type AuditFilterOptions,
} from '../../../shared/schemas/audit-log';
import { likePattern } from '../../../shared/schemas/paging';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { newestOrder, pageByKey, type NewestFirst } from '../../db/newest-first';
import { readSettingsRow, writeSettingsRow } from '../site/settings-row';

type Row = typeof auditLog.$inferSelect;

const DAY_MS = 86_400_000;

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, name: row.actorName },
  address: row.address,
  action: row.action,
  target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
  changes: (row.changes as AuditEntry['changes']) ?? null,
});

/** The WHERE of a filter (already validated by AuditFilterSchema). */
function where(filter: Partial<AuditFilter>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) {
    conditions.push(
      /^\d{1,9}$/.test(filter.actor)
        ? eq(auditLog.actorId, Number(filter.actor))
        : sql`lower(${auditLog.actorName}) = lower(${filter.actor})`,
    );
  }
  if (filter.action) {
    // 'post.' (or 'post.*') is every action of posts; anything else is one action.
    const prefix = /^(.*\.)\*?$/.exec(filter.action)?.[1];
    conditions.push(prefix ? like(auditLog.action, likePattern(prefix).slice(1)) : eq(auditLog.action, filter.action));
  }
  if (filter.target) {
    const split = filter.target.indexOf(':');
    if (split === -1) conditions.push(eq(auditLog.targetType, filter.target));
    else {
      conditions.push(eq(auditLog.targetType, filter.target.slice(0, split)));
      conditions.push(eq(auditLog.targetId, filter.target.slice(split + 1)));
    }
  }
  // Whole UTC days, both inclusive.
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions.length ? and(...conditions) : undefined;
}

/** The log as its screen lists it (index audit_log_newest_idx). */
export const AUDIT_LIST: NewestFirst = { table: auditLog, at: auditLog.at, id: auditLog.id };

export function auditLogRepo(db: Db, config: Pick<Config, 'siteName'>, now: () => Date) {
  const newestFirst = newestOrder(AUDIT_LIST);
  const retentionDays = async (): Promise<number> => {
    return (await readSettingsRow(db))?.auditRetentionDays ?? AUDIT_RETENTION_DEFAULT;
  };
  return {
    /** One page, newest first, with the count of every match. */
    async page(
      filter: Partial<AuditFilter>,
      limit: number,
      offset: number,
    ): Promise<{ items: AuditEntry[]; total: number }> {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        pageByKey(db, AUDIT_LIST, condition, offset, (found) =>
          db
            .select()
            .from(auditLog)
            .where(found)
            .orderBy(...newestFirst)
            .limit(limit),
        ),
        db.select({ n: count() }).from(auditLog).where(condition),
      ]);
      return { items: rows.map(toEntry), total: Number(total?.n ?? 0) };
    },

    /**
     * Every match, newest first, `size` at a time: each batch is read after the last one's key
     * (time, id), so a long export never holds more than one batch nor rereads skipped rows.
     */
    async *batches(filter: Partial<AuditFilter>, size = 500): AsyncGenerator<AuditEntry[]> {
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const condition = and(
          where(filter),
          after
            ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        );
        const rows = await db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(...newestFirst)
          .limit(size);
        if (rows.length) yield rows.map(toEntry);
        if (rows.length < size) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: last.id };
      }
    },

    /** The actions and the people the log holds, for the filter menus. */
    async options(): Promise<AuditFilterOptions> {
      const [actions, actors] = await Promise.all([
        db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
        db
          .selectDistinct({ id: auditLog.actorId, name: auditLog.actorName })
          .from(auditLog)
          .where(ne(auditLog.actorName, ''))
          .orderBy(asc(auditLog.actorName), asc(auditLog.actorId)),
      ]);
      return { actions: actions.map((a) => a.action), actors };
    },

    retentionDays,

    /** Sets the retention; the settings row is made (with the configured name) if the site has none yet. */
    async setRetentionDays(days: number): Promise<void> {
      await writeSettingsRow(db, config.siteName, { auditRetentionDays: days });
    },

    /** Removes entries older than the retention (by the one clock); how many. */
    async removeExpired(): Promise<number> {
      const days = await retentionDays();
      const cutoff = new Date(now().getTime() - days * DAY_MS);
      const removed = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
      return removed.length;
    },
  };
}
export type AuditLogRepo = ReturnType<typeof auditLogRepo>;
