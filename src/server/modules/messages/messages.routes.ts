// Visitor messages: the contact form and the staff inbox (paged and searched on request), its live
// unread count (Server-Sent Events, no polling), and the notifications of new messages.
import { z } from 'zod';
import { api } from '../../../shared/paths';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import {
  ContactMessageRequestSchema,
  HONEYPOT_FIELD,
  MessageReplyInputSchema,
  MessageReplySchema,
  MessageSchema,
  MessageThreadSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/messages';
import { pageOf, PageQuerySchema, TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { conflict, notFound } from '../../lib/errors';
import { sendsReplies } from '../notifications/notifier';
import { tooManyAttempts } from '../../lib/rate-limits';
import { StreamSlots, streamLimitsFor } from '../../lib/stream-slots';
import type { AppModule } from '../../types';

/** A comment line on the event stream this often keeps proxies and the socket timeout from closing it. */
const HEARTBEAT_MS = 15_000;
/** A stream refused for want of a slot is worth trying again after this long (the client waits it out). */
const STREAM_RETRY_MS = 60_000;

/** The inbox service (deps.inbox) holds the limit and the delivery other forms share; its events start in the lifecycle. */
export const messagesModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.messages;
  const staff = { onRequest: auth.requireStaff };
  const inbox = deps.inbox.events;
  const sent = deps.inbox.limiter;

  // The visitor contact form. Rate limited per IP; a filled-in honeypot is accepted and dropped
  // (and counted, so a bot learns nothing from the limit). The notifications are queued with the
  // message and sent after the reply, so a slow or dead mail server never touches the visitor.
  app.post(
    '/api/messages',
    { schema: { body: ContactMessageRequestSchema, response: { 201: OkSchema } } },
    async (request, reply) => {
      const attempt = await sent.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many messages from your address. Please try again later.',
        );
      }
      const { [HONEYPOT_FIELD]: honeypot, ...message } = request.body;
      if (honeypot) {
        request.log.info('contact form honeypot filled in; message dropped');
      } else {
        await deps.inbox.deliver(message);
        deps.analyticsCollector.countServer(request, { name: 'message', target: 'contact' });
      }
      return reply.code(201).send({ success: true as const });
    },
  );

  // The spec's call answers the whole list; with page, pageSize or q it answers one page (the
  // total in X-Total-Count).
  app.get(
    '/api/messages',
    { ...staff, schema: { querystring: PageQuerySchema, response: { 200: z.array(MessageSchema) } } },
    async (request, reply) => {
      const page = pageOf(request.query);
      if (!page) return repo.list();
      const { items, total } = await repo.page(page);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(api.unreadCount, { ...staff, schema: { response: { 200: UnreadCountSchema } } }, async () => ({
    unread: await repo.unreadCount(),
  }));

  for (const [suffix, isRead] of [
    ['read', true],
    ['unread', false],
  ] as const) {
    app.patch(
      `/api/messages/:id/${suffix}`,
      { ...staff, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
      async (request) => {
        const message = await repo.setRead(request.params.id, isRead);
        if (!message) throw notFound('Message');
        inbox.changed();
        return message;
      },
    );
  }

  // Issue 26: one message with its replies (oldest first), and whether staff can reply from here.
  app.get(
    '/api/messages/:id',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: MessageThreadSchema } } },
    async (request) => {
      const message = await repo.get(request.params.id);
      if (!message) throw notFound('Message');
      return { ...message, replies: await repo.replies(message.id), canReply: sendsReplies(deps.config) };
    },
  );

  // Issue 26: a reply to the visitor, queued with its mail job in one transaction and sent by the
  // notifier (retried, and recorded on the reply, as the other mail is). Without SMTP, staff reply
  // from their own mail (the admin shows a mailto: link instead).
  app.post(
    '/api/messages/:id/replies',
    {
      ...staff,
      schema: { params: IdParamsSchema, body: MessageReplyInputSchema, response: { 201: MessageReplySchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await repo.get(id))) throw notFound('Message');
      if (!sendsReplies(deps.config)) {
        throw conflict('Mail is not set up on this server (SMTP_URL and NOTIFY_EMAIL_FROM): reply from your own email');
      }
      // The entry names the message by its number: the visitor's details and the reply stay out of the log.
      const added = await deps.audit.change(request, async (log) => {
        const made = await repo.addReply(id, request.body.body, request.user?.id ?? null, deps.now());
        if (made) {
          log({
            action: 'message.reply',
            targetType: 'message',
            targetId: id,
            targetLabel: `Message ${id}`,
            changes: { reply: { after: made.id } },
          });
        }
        return made;
      });
      if (!added) throw notFound('Message');
      deps.outbox.kick();
      inbox.changed();
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/api/messages/:id',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      // Deleting a visitor's message is recorded (by its number: the sender's details stay out of the log).
      const removed = await deps.audit.change(request, async (log) => {
        const done = await repo.remove(id);
        if (done) log({ action: 'message.delete', targetType: 'message', targetId: id, targetLabel: `Message ${id}` });
        return done;
      });
      if (!removed) throw notFound('Message');
      inbox.changed();
      return { success: true as const };
    },
  );

  // The live unread count: `event: unread` with { unread } on connecting and after every change.
  const streams = new Set<(data: string) => void>();
  const closers = new Set<() => void>();
  let counting: Promise<void> | undefined;
  let recount = false;
  const broadcast = () => {
    if (counting) {
      recount = true;
      return;
    }
    counting = repo
      .unreadCount()
      .then((unread) => {
        const data = `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`;
        for (const send of streams) send(data);
      })
      .catch((err: unknown) => app.log.warn({ err }, 'inbox: could not count unread messages'))
      .finally(() => {
        counting = undefined;
        if (recount) {
          recount = false;
          broadcast();
        }
      });
  };
  inbox.onChange(broadcast);

  // Each stream holds a connection while its tab is open: a few per account and per address, and a
  // quarter of the connection limit in all, so no one can take the slots visitors need.
  const slots = new StreamSlots(streamLimitsFor(deps.config.maxConnections));
  app.get(api.adminEvents, { ...staff }, async (request, reply) => {
    const slot = slots.take(request.user!.id, request.ip);
    if ('refused' in slot) {
      throw tooManyAttempts(
        reply,
        STREAM_RETRY_MS,
        slot.refused === 'total'
          ? 'Too many live connections are open on the server; the unread count will update when you reload'
          : 'Too many admin tabs are open; close one and the unread count will update again',
      );
    }
    let unread: number;
    try {
      unread = await repo.unreadCount();
    } catch (err) {
      slot.release();
      throw err;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    // Reconnect after 3 s when the connection drops (EventSource does so by itself).
    res.write(`retry: 3000\nevent: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
    const send = (data: string) => res.write(data);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      slot.release();
      streams.delete(send);
      closers.delete(close);
      res.end();
    };
    streams.add(send);
    closers.add(close);
    request.raw.on('close', close);
  });

  // Open streams would keep the server from closing: they end first (the workers stop in the lifecycle).
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close();
  });
};
