// The live inbox: notifications of new messages by email (a real SMTP server) and webhook (a real
// HTTP listener), retried with backoff and given up with a log line, never in the visitor's way;
// the unread count as Server-Sent Events; mark unread; paging and search.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, startWebhook } from '../../../../tests/setup/mail';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { notificationJobs, userMessages } from '../../db/schema';

const message = (n = 1) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada${n}@example.com`,
  subject: `Hello number ${n}`,
  message: 'A question about your lighthouse game, please.',
});

/** Log lines the app writes (pino JSON). */
function logSink() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const send = (ctx: TestContext, n = 1, ip = `10.0.0.${n}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages', payload: message(n), remoteAddress: ip });

describe('notifications of new messages', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hook: Awaited<ReturnType<typeof startWebhook>>;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    hook = await startWebhook(200);
    ctx = await createTestApp({
      contactMaxPerHour: 100,
      logLevel: 'warn',
      notify: {
        smtpUrl: smtp.url,
        emailTo: ['studio@example.com', 'owner@example.com'],
        emailFrom: 'site@example.com',
        webhookUrl: hook.url,
        retryDelaysMs: [50, 50],
      },
    });
  });
  afterAll(async () => {
    await smtp.close();
    await hook.close();
  });

  it('emails the studio and posts to the webhook after the message is stored', async () => {
    const res = await send(ctx, 1);
    expect(res.statusCode).toBe(201);
    await expect.poll(() => smtp.mails.length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => hook.received.length, { timeout: 5_000 }).toBe(1);
    const [mail] = smtp.mails;
    expect(mail!.from).toBe('site@example.com');
    expect(mail!.to).toEqual(['studio@example.com', 'owner@example.com']);
    expect(mail!.raw).toContain('Subject: New message: Hello number 1');
    expect(mail!.raw).toContain('Reply-To: Ada Lovelace <ada1@example.com>');
    expect(mail!.raw).toContain('A question about your lighthouse game, please.');
    const [payload] = hook.received as { text: string; content: string; message: Record<string, unknown> }[];
    // Slack's text has its three control characters escaped; Discord's has nothing to escape here
    // (webhook-escaping.test.ts sends hostile text).
    expect(payload!.text).toContain('New message from Ada Lovelace &lt;ada1@example.com&gt;: Hello number 1');
    expect(payload!.content).toContain('New message from Ada Lovelace <ada1@example.com>: Hello number 1');
    expect(payload!.message).toMatchObject({ email: 'ada1@example.com', subject: 'Hello number 1' });
    // Sent jobs leave the outbox.
    await expect.poll(async () => (await ctx.database.db.select().from(notificationJobs)).length).toBe(0);
  });

  it('sends nothing for a honeypot message', async () => {
    const before = smtp.mails.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { ...message(2), website: 'http://spam.example' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(201);
    // Whatever was queued has been sent (the SMTP server keeps a mail before it answers): none of it.
    await expect.poll(async () => (await ctx.database.db.select().from(notificationJobs)).length).toBe(0);
    expect(smtp.mails.length).toBe(before);
  });
});

describe('when the mail server and the webhook are down', () => {
  it('answers the visitor at once, keeps the message, retries with backoff and logs when it gives up', async () => {
    const logs = logSink();
    const hanging = await startWebhook('hang');
    // A port nothing listens on.
    const dead = http.createServer();
    dead.listen(0, '127.0.0.1');
    await once(dead, 'listening');
    const deadPort = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));

    const failing = await startWebhook(500);
    const ctx = await createTestApp(
      {
        contactMaxPerHour: 100,
        logLevel: 'warn',
        notify: {
          smtpUrl: `smtp://127.0.0.1:${deadPort}`,
          emailTo: ['studio@example.com'],
          emailFrom: 'site@example.com',
          webhookUrl: failing.url,
          retryDelaysMs: [30, 60],
        },
      },
      { logStream: logs.stream },
    );
    const started = Date.now();
    const res = await send(ctx, 3);
    expect(res.statusCode).toBe(201);
    // The reply does not wait for any sending (a generous bound for a slow machine).
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await ctx.database.db.select().from(userMessages)).toHaveLength(1);

    // 1 try + 2 retries each, then both give up, with a log line naming the message. The retries
    // fall due by the app's clock: each look moves it past the longest delay.
    await expect
      .poll(
        async () => {
          ctx.clock.advance(100);
          return (await ctx.database.db.select().from(notificationJobs)).filter((j) => j.failedAt).length;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    const jobs = await ctx.database.db.select().from(notificationJobs);
    expect(jobs.map((j) => j.attempts)).toEqual([3, 3]);
    expect(jobs.every((j) => j.lastError)).toBe(true);
    expect(failing.received).toHaveLength(3);
    const gaveUp = logs.lines.filter((l) => l.msg.startsWith('notifications: gave up'));
    expect(gaveUp.map((l) => l.msg).sort()).toEqual([
      'notifications: gave up sending the email notification of message 1',
      'notifications: gave up sending the webhook notification of message 1',
    ]);
    expect(gaveUp.every((l) => l.level === 50)).toBe(true);
    await failing.close();
    await hanging.close();
  });

  it('a hanging webhook does not hold up the visitor', async () => {
    const hanging = await startWebhook('hang');
    const ctx = await createTestApp({
      contactMaxPerHour: 100,
      notify: { smtpUrl: undefined, emailTo: [], emailFrom: undefined, webhookUrl: hanging.url, retryDelaysMs: [] },
    });
    const started = Date.now();
    expect((await send(ctx, 4)).statusCode).toBe(201);
    expect((await send(ctx, 5)).statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => hanging.received.length).toBe(1);
    await hanging.close();
  });

  it('sends jobs left in the outbox (by an instance that stopped before sending) along with new ones', async () => {
    const hook = await startWebhook(200);
    const config = {
      contactMaxPerHour: 100,
      notify: { smtpUrl: undefined, emailTo: [], emailFrom: undefined, webhookUrl: hook.url, retryDelaysMs: [] },
    };
    const ctx = await createTestApp(config);
    // A message stored with its job by an instance that stopped before sending.
    const [row] = await ctx.database.db.insert(userMessages).values(message(6)).returning();
    await ctx.database.db
      .insert(notificationJobs)
      .values({ channel: 'webhook', messageId: row!.id, runAt: ctx.clock.now() });
    expect(hook.received).toHaveLength(0);
    // A new message wakes the worker, which sends every due job, the old one first.
    expect((await send(ctx, 7)).statusCode).toBe(201);
    await expect.poll(() => hook.received.length).toBe(2);
    await hook.close();
  });
});

describe('the inbox for staff', () => {
  let ctx: TestContext;
  let editor: string;
  beforeAll(async () => {
    ctx = await createTestApp({ contactMaxPerHour: 1_000 });
    ({ editor } = await staffSessions(ctx));
    for (let n = 1; n <= 30; n++) {
      await ctx.database.db.insert(userMessages).values({
        ...message(n),
        subject: n === 7 ? 'Press 100% _discount_ request' : `Hello number ${n}`,
        createdAt: new Date(Date.UTC(2026, 0, n)),
      });
    }
  });
  const get = (url: string, cookie: string | null = editor) =>
    ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('answers the whole list without paging parameters, and pages with them (total in X-Total-Count)', async () => {
    const all = await get('/api/messages');
    expect(all.json()).toHaveLength(30);
    expect(all.headers['x-total-count']).toBeUndefined();

    const first = await get('/api/messages?page=1&pageSize=10');
    expect(first.headers['x-total-count']).toBe('30');
    expect(first.json().map((m: { subject: string }) => m.subject)[0]).toBe('Hello number 30');
    const last = await get('/api/messages?page=3&pageSize=10');
    expect(
      last
        .json()
        .map((m: { email: string }) => m.email)
        .at(-1),
    ).toBe('ada1@example.com');
    expect((await get('/api/messages?page=4&pageSize=10')).json()).toEqual([]);
  });

  it('searches sender, email, subject and text, taking % and _ literally', async () => {
    const res = await get('/api/messages?q=100%25%20_discount_');
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()[0].subject).toBe('Press 100% _discount_ request');
    expect((await get('/api/messages?q=ADA12@')).json().map((m: { email: string }) => m.email)).toEqual([
      'ada12@example.com',
    ]);
    expect((await get('/api/messages?q=_')).headers['x-total-count']).toBe('1');
  });

  it('refuses bad paging parameters and anonymous callers', async () => {
    for (const q of ['page=0', 'page=x', 'pageSize=0', 'pageSize=1000', `q=${'x'.repeat(201)}`]) {
      expect((await get(`/api/messages?${q}`)).statusCode, q).toBe(400);
    }
    expect((await get('/api/messages?page=1', null)).statusCode).toBe(401);
    expect((await get('/api/messages/unread-count', null)).statusCode).toBe(401);
    expect((await get('/api/admin/events', null)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/messages/1/unread' })).statusCode).toBe(401);
  });

  it('marks a message unread again, and counts unread messages', async () => {
    const [one] = (await get('/api/messages?page=1&pageSize=1')).json();
    const patch = (suffix: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/messages/${one.id}/${suffix}`, headers: { cookie: editor } });
    expect((await get('/api/messages/unread-count')).json()).toEqual({ unread: 30 });
    expect((await patch('read')).json().isRead).toBe(true);
    expect((await get('/api/messages/unread-count')).json()).toEqual({ unread: 29 });
    expect((await patch('unread')).json().isRead).toBe(false);
    expect((await get('/api/messages/unread-count')).json()).toEqual({ unread: 30 });
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/messages/999999/unread', headers: { cookie: editor } }))
        .statusCode,
    ).toBe(404);
  });

  it('streams the unread count to staff over real HTTP, and its changes', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/events`, {
      headers: { cookie: editor },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const nextCount = async (): Promise<number> => {
      for (;;) {
        const match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(text);
        if (match) {
          text = text.slice(match.index + match[0].length);
          return JSON.parse(match[1]!).unread as number;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value);
      }
    };
    expect(await nextCount()).toBe(30);
    expect((await send(ctx, 31, '10.1.0.1')).statusCode).toBe(201);
    expect(await nextCount()).toBe(31);
    const [newest] = (await get('/api/messages?page=1&pageSize=1')).json();
    await ctx.app.inject({ method: 'DELETE', url: `/api/messages/${newest.id}`, headers: { cookie: editor } });
    expect(await nextCount()).toBe(30);
    controller.abort();
  });
});
