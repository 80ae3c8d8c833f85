// The inbox as a service other modules use: every public form that lands a message there (the
// contact form, a press-copy request) shares one per-address limit and one delivery (store, tell the
// live unread count, wake the outbox). Built once in buildDeps; its events are started by the lifecycle.
import type { Database } from '../../db/client';
import type { Config } from '../../config';
import type { Message } from '../../../shared/schemas/messages';
import { createLimiter, type Limiter } from '../../lib/rate-limits';
import { channelsFor, type Notifier } from '../notifications/notifier';
import { InboxEvents } from './inbox-events';
import type { MessagesRepo } from './messages.repo';

export interface Inbox {
  /** The contact form's per-address limit (one budget for every form that writes to the inbox). */
  limiter: Limiter;
  /** Stores a message, updates the live unread count and queues its notifications. */
  deliver(message: Parameters<MessagesRepo['create']>[0]): Promise<Message>;
  /** "The inbox changed", heard by every instance (the admin's live unread count follows it). */
  events: InboxEvents;
}

export function createInbox({
  database,
  config,
  messages,
  outbox,
  now,
}: {
  database: Database;
  config: Config;
  messages: MessagesRepo;
  outbox: Notifier;
  now: () => Date;
}): Inbox {
  const events = new InboxEvents(database);
  const channels = channelsFor(config);
  // Messages per address per hour, shared by every instance on PostgreSQL.
  const limiter = createLimiter(database, {
    name: 'contact',
    points: config.contactMaxPerHour,
    windowSeconds: 60 * 60,
  });
  return {
    limiter,
    events,
    async deliver(message) {
      const stored = await messages.create(message, channels, now());
      events.changed();
      outbox.kick();
      return stored;
    },
  };
}
