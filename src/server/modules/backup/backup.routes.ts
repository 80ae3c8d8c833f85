// The admin's backup download: the same file `npm run export` writes. Restores are shell-only.
import type { AppModule } from '../../types';
import { backupFileName, serializeBackup } from './backup.format';
import { exportBackup } from './backup.repo';

export const backupModule: AppModule = async (app, { deps, auth }) => {
  // The file holds password hashes and visitors' messages: administrators only, never cached.
  app.get('/api/admin/backup', { onRequest: auth.requireAdmin }, async (request, reply) => {
    const now = deps.now();
    const body = serializeBackup(await exportBackup(deps.database.db, now));
    // The file holds password hashes and messages: who took a copy is recorded (not its content).
    await deps.audit.record(request, {
      action: 'backup.download',
      targetType: 'backup',
      targetLabel: backupFileName(now),
      changes: { bytes: { after: Buffer.byteLength(body) } },
    });
    request.log.info({ userId: request.user?.id, bytes: Buffer.byteLength(body) }, 'backup downloaded');
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${backupFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
