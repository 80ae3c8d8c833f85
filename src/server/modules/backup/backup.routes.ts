// The admin's backup download: the archive `npm run export` writes, streamed as it is made (format
// version 2, docs/backup-format.md). Restores are shell-only.
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { api } from '../../../shared/paths';
import type { AppModule } from '../../types';
import { backupFileName } from './backup.format';
import { exportBackup } from './backup.repo';

export const backupModule: AppModule = async (app, { deps, auth }) => {
  // Asked by the dashboard before it hands the download to the browser (which streams it to disk and
  // shows its progress, but cannot say why it failed): the caller may take one, and the database answers.
  app.get(api.backupReady, { onRequest: auth.requireAdmin }, async (_request, reply) => {
    await deps.database.db.execute(sql`select 1`);
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  // The file holds password hashes and visitors' messages: administrators only, never cached. No HEAD
  // route: it would run the export (and its audit entry) to send nothing.
  app.get(api.backup, { onRequest: auth.requireAdmin, exposeHeadRoute: false }, async (request, reply) => {
    const now = deps.now();
    // The archive holds password hashes and messages: who took a copy is recorded (not its content).
    await deps.audit.record(request, {
      action: 'backup.download',
      targetType: 'backup',
      targetLabel: backupFileName(now),
    });
    const body = new PassThrough();
    // Streamed while the database is read: a failure midway cuts the download short, and an archive
    // without its checksums entry is refused by any import.
    exportBackup(deps.database.db, now, body, (row) => deps.mediaStorage.read(row)).then(
      (summary) => request.log.info({ userId: request.user?.id, bytes: summary.bytes }, 'backup downloaded'),
      (error: unknown) => request.log.error({ err: error, userId: request.user?.id }, 'backup download failed'),
    );
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-disposition', `attachment; filename="${backupFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
