// The admin's backup download: the archive `npm run export` writes, streamed as it is made (format
// version 2, docs/backup-format.md). Restores are shell-only.
import { PassThrough } from 'node:stream';
import type { AppModule } from '../../types';
import { backupFileName } from './backup.format';
import { exportBackup } from './backup.repo';

export const backupModule: AppModule = async (app, { deps, auth }) => {
  // The file holds password hashes and visitors' messages: administrators only, never cached.
  app.get('/api/admin/backup', { onRequest: auth.requireAdmin }, async (request, reply) => {
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
