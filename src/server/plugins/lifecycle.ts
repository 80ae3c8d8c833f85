// Every background worker of the app, started and stopped in one place: the content LISTEN, the
// inbox events LISTEN, the outbox (notifications), the post scheduler, the image workers and the audit
// log's housekeeping, the campaign sender (issue 26), the analytics batch writer and rollup (issue 27),
// the mover of media between storages (issue 28).
import type { AppInstance, Deps } from '../types';

export function registerLifecycle(app: AppInstance, deps: Deps): void {
  const {
    content,
    inbox,
    outbox,
    scheduler,
    images,
    auditHousekeeping,
    campaignSender,
    analyticsCollector,
    analyticsRollup,
    mediaMover,
    mediaStorage,
  } = deps;
  app.addHook('onReady', async () => {
    await content.start();
    await inbox.events.start();
    outbox.start();
    // Campaigns queued before a restart carry on (issue 26).
    campaignSender.start();
    // Scheduled posts whose time passed while the server was down are published now.
    scheduler.start();
    // Audit entries past their retention go now and then daily.
    auditHousekeeping.start();
    // Closed days' analytics are rolled up now and every few minutes (issue 27).
    analyticsRollup.start();
    // Counted events are written about every second (issue 27).
    analyticsCollector.start();
    // A move of media between storages under way before a restart carries on (issue 28).
    mediaMover.start();
  });
  // Before in-flight requests are waited for: an upload whose image is converting gets its 503 at
  // once instead of holding the shutdown for its whole time budget. (Open event streams end at
  // preClose too, in the messages module, which owns them.)
  app.addHook('preClose', async () => {
    await images.close();
  });
  // Producers stop first (no more jobs), then what they would have told.
  app.addHook('onClose', async () => {
    // The file being moved finishes (or is taken up again at the next start).
    await mediaMover.stop();
    mediaStorage.close();
    await analyticsRollup.stop();
    // What was counted before the last requests is written while the database is still open.
    await analyticsCollector.stop();
    await auditHousekeeping.stop();
    await scheduler.stop();
    await campaignSender.stop();
    await outbox.stop();
    await deps.staffMail.close();
    await inbox.events.stop();
    await content.stop();
  });
}
