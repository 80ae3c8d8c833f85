// The audit log for administrators (issue 23): pages of entries by filter (the total in X-Total-Count,
// as the admin's other paged lists), the same filters as a streamed CSV, the filter menus' choices,
// and the retention setting (a User cannot read the log, nor shorten it).
import { Readable } from 'node:stream';
import { z } from '../../../shared/schemas/zod';
import { api } from '../../../shared/paths';
import {
  AUDIT_PAGE_SIZE_DEFAULT,
  AuditEntrySchema,
  AuditFilterOptionsSchema,
  AuditQuerySchema,
  AuditRetentionSchema,
  type AuditEntry,
  type AuditFilter,
} from '../../../shared/schemas/audit-log';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { csvRow, UTF8_BOM } from '../../lib/csv';
import type { AppModule } from '../../types';
import type { AuditLogRepo } from './audit-log.repo';

const CSV_HEADER = [
  'id',
  'time',
  'actor_id',
  'actor',
  'address',
  'action',
  'target_type',
  'target_id',
  'target',
  'changes',
];

const csvRecord = (entry: AuditEntry) =>
  csvRow([
    entry.id,
    entry.at,
    entry.actor.id ?? '',
    entry.actor.name,
    entry.address,
    entry.action,
    entry.target.type,
    entry.target.id,
    entry.target.label,
    entry.changes ? JSON.stringify(entry.changes) : '',
  ]);

/** The whole export, one batch of entries in memory at a time. */
async function* csvLines(repo: AuditLogRepo, filter: AuditFilter): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow(CSV_HEADER);
  for await (const batch of repo.batches(filter)) yield batch.map(csvRecord).join('');
}

export const auditModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.auditLog;
  const admin = { onRequest: auth.requireAdmin };

  app.get(
    api.auditLog,
    { ...admin, schema: { querystring: AuditQuerySchema, response: { 200: z.array(AuditEntrySchema) } } },
    async (request, reply) => {
      const { page = 1, pageSize = AUDIT_PAGE_SIZE_DEFAULT, ...filter } = request.query;
      const { items, total } = await repo.page(filter, pageSize, (page - 1) * pageSize);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      reply.header('cache-control', 'no-store');
      return items;
    },
  );

  app.get(api.auditLogCsv, { ...admin, schema: { querystring: AuditQuerySchema } }, async (request, reply) => {
    // Paging does not apply to the export: it is every entry the filters match.
    const { page: _page, pageSize: _pageSize, ...filter } = request.query;
    const day = deps.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csvLines(repo, filter)));
  });

  app.get(
    api.auditLogFilters,
    { ...admin, schema: { response: { 200: AuditFilterOptionsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return repo.options();
    },
  );

  app.get(api.auditLogRetention, { ...admin, schema: { response: { 200: AuditRetentionSchema } } }, async () => ({
    retentionDays: await repo.retentionDays(),
  }));

  app.put(
    api.auditLogRetention,
    { ...admin, schema: { body: AuditRetentionSchema, response: { 200: AuditRetentionSchema } } },
    async (request) => {
      const before = await repo.retentionDays();
      const after = request.body.retentionDays;
      if (after !== before) {
        await deps.audit.change(request, async (log) => {
          await repo.setRetentionDays(after);
          log({
            action: 'settings.update',
            targetType: 'settings',
            targetId: 'audit-retention',
            targetLabel: 'Audit log retention',
            changes: { auditRetentionDays: { before, after } },
          });
        });
        // A shorter retention applies at once, not at the next daily run.
        await deps.auditHousekeeping.runNow();
      }
      return { retentionDays: after };
    },
  );
};
