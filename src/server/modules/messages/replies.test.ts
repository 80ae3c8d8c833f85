// Replies from the inbox (issue 26): staff answer a visitor's message from Messages; the reply is
// queued with its mail job, sent through SMTP (a real server, read with mailparser) from the
// studio's address with the visitor's message quoted, kept as a thread (who, when, status), and the
// message is marked replied. A failed send is recorded on the reply; without SMTP there is no form
// (the admin shows a mailto: link) and the API refuses.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { Message, MessageReply, MessageThread } from '../../../shared/schemas/messages';
import { startSmtp } from '../../../../tests/setup/mail';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { auditLog, contactInfo, messageReplies, notificationJobs, userMessages } from '../../db/schema';

const visitor = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  subject: 'Saves lost after the update',
  message: 'My saves are gone since 2.1.\nCan you help?',
};

async function postMessage(ctx: TestContext, payload: Record<string, unknown> = visitor, ip = '10.1.0.1') {
  const res = await ctx.app.inject({ method: 'POST', url: api.messages, payload, remoteAddress: ip });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.database.db
    .select()
    .from(userMessages)
    .where(eq(userMessages.subject, String(payload.subject)));
  return row!;
}

const thread = async (ctx: TestContext, cookie: string, id: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: api.message(id), headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MessageThread;
};

const reply = (ctx: TestContext, cookie: string, id: number, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: api.messageReplies(id), headers: { cookie }, payload: { body } });

async function deadSmtpUrl() {
  const dead = http.createServer();
  dead.listen(0, '127.0.0.1');
  await once(dead, 'listening');
  const port = (dead.address() as AddressInfo).port;
  await new Promise<void>((r) => dead.close(() => r()));
  return `smtp://127.0.0.1:${port}`;
}

describe('replying to a message from the inbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: TestContext;
  let staff: { admin: string; editor: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({
      contactMaxPerHour: 100,
      logLevel: 'warn',
      notify: {
        smtpUrl: smtp.url,
        emailTo: [],
        emailFrom: 'hello@studio.example',
        webhookUrl: undefined,
        retryDelaysMs: [50],
      },
    });
    staff = await staffSessions(ctx);
    // The studio's contact address: replies to the reply go there.
    await ctx.database.db.delete(contactInfo);
    await ctx.database.db.insert(contactInfo).values({ email: 'support@studio.example' });
  });
  afterAll(() => smtp.close());

  it('sends the reply from the studio, quoting the visitor, keeps the thread and marks the message replied', async () => {
    const message = await postMessage(ctx);
    const before = await thread(ctx, staff.editor, message.id);
    expect(before).toMatchObject({ id: message.id, replies: [], canReply: true, repliedAt: null });

    const res = await reply(ctx, staff.editor, message.id, '  Sorry about that! Update to 2.1.1 and they are back.  ');
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json() as MessageReply;
    expect(queued).toMatchObject({
      messageId: message.id,
      body: 'Sorry about that! Update to 2.1.1 and they are back.',
      sentBy: { username: 'editor' },
    });

    await expect.poll(() => smtp.mails.length, { timeout: 5_000 }).toBe(1);
    const [mail] = smtp.mails;
    expect(mail!.from).toBe('hello@studio.example');
    expect(mail!.to).toEqual(['grace@example.com']);
    expect(mail!.subject).toBe('Re: Saves lost after the update');
    expect(mail!.raw).toContain('Reply-To: support@studio.example');
    expect(mail!.raw).toMatch(/^To: Grace Hopper <grace@example\.com>/m);
    // The reply first, the visitor's message quoted below it, line by line.
    expect(mail!.text).toContain('Sorry about that! Update to 2.1.1 and they are back.');
    expect(mail!.text).toMatch(/Grace Hopper wrote:\n> My saves are gone since 2\.1\.\n> Can you help\?/);
    expect(mail!.text.indexOf('Sorry about that')).toBeLessThan(mail!.text.indexOf('> My saves'));

    // The thread: who, when, sent; the message is marked replied (in the list too); the job is gone.
    await expect.poll(async () => (await thread(ctx, staff.admin, message.id)).replies[0]?.status).toBe('sent');
    const after = await thread(ctx, staff.admin, message.id);
    expect(after.replies).toHaveLength(1);
    expect(after.replies[0]).toMatchObject({ id: queued.id, sentBy: { username: 'editor' }, lastError: null });
    expect(after.replies[0]!.sentAt).not.toBeNull();
    expect(after.repliedAt).toBe(after.replies[0]!.sentAt);
    const list = (
      await ctx.app.inject({ method: 'GET', url: api.messages, headers: { cookie: staff.admin } })
    ).json() as Message[];
    expect(list.find((m) => m.id === message.id)?.repliedAt).toBe(after.repliedAt);
    expect(await ctx.database.db.select().from(notificationJobs)).toHaveLength(0);

    // An audit entry names the message by its number, never the visitor or the reply's words.
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'message.reply'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: 'message', targetId: String(message.id) });
    expect(JSON.stringify(entries[0])).not.toContain('grace@example.com');
    expect(JSON.stringify(entries[0])).not.toContain('Sorry about that');
  });

  it('keeps every reply in order as a thread', async () => {
    const message = await postMessage(ctx, { ...visitor, subject: 'Two questions' }, '10.1.0.2');
    const sentBefore = smtp.mails.length;
    expect((await reply(ctx, staff.admin, message.id, 'First answer.')).statusCode).toBe(201);
    expect((await reply(ctx, staff.editor, message.id, 'Second answer.')).statusCode).toBe(201);
    await expect.poll(() => smtp.mails.length, { timeout: 5_000 }).toBe(sentBefore + 2);
    const { replies } = await thread(ctx, staff.admin, message.id);
    expect(replies.map((r) => [r.body, r.sentBy?.username])).toEqual([
      ['First answer.', 'admin'],
      ['Second answer.', 'editor'],
    ]);
  });

  it('cannot be made to add headers: the subject and the name are one line', async () => {
    // The form keeps line breaks out of a subject; a row written some other way is no different.
    const message = await postMessage(ctx, { ...visitor, subject: 'Injected' }, '10.1.0.3');
    await ctx.database.db
      .update(userMessages)
      .set({ subject: 'Hello\r\nBcc: victim@example.com\r\nX-Evil: 1', lastName: 'Hopper\r\nCc: other@example.com' })
      .where(eq(userMessages.id, message.id));
    const sentBefore = smtp.mails.length;
    expect((await reply(ctx, staff.admin, message.id, 'Hello back.')).statusCode).toBe(201);
    await expect.poll(() => smtp.mails.length, { timeout: 5_000 }).toBe(sentBefore + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['grace@example.com']);
    expect(mail.subject).toBe('Re: Hello Bcc: victim@example.com X-Evil: 1');
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.raw).not.toMatch(/^X-Evil:/im);
    expect(mail.raw).not.toMatch(/^Cc:/im);
  });

  it('refuses an empty or too long reply, and a message that is not there', async () => {
    const message = await postMessage(ctx, { ...visitor, subject: 'Empty reply' }, '10.1.0.4');
    const empty = await reply(ctx, staff.admin, message.id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ message: 'Write your reply' });
    const long = await reply(ctx, staff.admin, message.id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.json())).toContain('Your reply must be at most 5000 characters');
    expect((await reply(ctx, staff.admin, 2_147_483_647, 'Hi')).statusCode).toBe(404);
    expect((await thread(ctx, staff.admin, message.id)).replies).toEqual([]);
    // Visitors cannot read or reply.
    expect((await ctx.app.inject({ method: 'GET', url: api.message(message.id) })).statusCode).toBe(401);
  });
});

describe('a reply whose mail cannot be sent', () => {
  it('is retried, then marked failed with the reason; the message is not marked replied', async () => {
    const ctx = await createTestApp({
      contactMaxPerHour: 100,
      logLevel: 'fatal',
      notify: {
        smtpUrl: await deadSmtpUrl(),
        emailTo: [],
        emailFrom: 'hello@studio.example',
        webhookUrl: undefined,
        retryDelaysMs: [30],
      },
    });
    const staff = await staffSessions(ctx);
    const message = await postMessage(ctx);
    expect((await reply(ctx, staff.admin, message.id, 'Are you there?')).statusCode).toBe(201);
    // 1 try + 1 retry, then it gives up (the retry falls due by the app's clock).
    await expect
      .poll(
        async () => {
          ctx.clock.advance(100);
          const [row] = await ctx.database.db.select().from(messageReplies);
          return row?.status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe('failed');
    const { replies, repliedAt } = await thread(ctx, staff.admin, message.id);
    expect(replies[0]).toMatchObject({ status: 'failed', sentAt: null });
    expect(replies[0]!.lastError).toBeTruthy();
    expect(repliedAt).toBeNull();
  });
});

describe('without SMTP', () => {
  it('offers no reply from the inbox (the admin shows a mailto: link) and refuses one', async () => {
    const ctx = await createTestApp({
      contactMaxPerHour: 100,
      notify: { smtpUrl: undefined, emailTo: [], emailFrom: undefined, webhookUrl: undefined, retryDelaysMs: [] },
    });
    const staff = await staffSessions(ctx);
    const message = await postMessage(ctx);
    expect(await thread(ctx, staff.admin, message.id)).toMatchObject({ canReply: false, replies: [] });
    const res = await reply(ctx, staff.admin, message.id, 'Hello');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('reply from your own email') });
    expect(await ctx.database.db.select().from(messageReplies)).toHaveLength(0);
  });
});
