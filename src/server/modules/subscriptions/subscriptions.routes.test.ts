// The mailing lists (issue 26) against a real SMTP server: the same answer for known and unknown
// addresses, double opt-in by an emailed link that expires and works once, nothing for suppressed
// addresses, the RFC 8058 one-click POST with no cookie (and from another site), the preference
// centre's toggles, the admin's counts, removal, CSV export and import (suppression wins), and no
// address in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { startSmtp, type ReceivedMail } from '../../../../tests/setup/mail';
import { injectFactories } from '../../../../tests/factories';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import type { Config } from '../../config';
import { notificationJobs, subscriptionConsents, suppressions } from '../../db/schema';
import { productionWeb } from '../../ssr/web';
import type { ImportReport, SubscriberDetail, SubscriberPage } from '../../../shared/schemas/subscriptions';
import { emailHash } from './subscriptions.repo';

const DAY = 86_400_000;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp?.close());

const logLines: string[] = [];

async function listApp(overrides: Partial<Config> = {}) {
  const ctx = await createTestApp(
    {
      contactMaxPerHour: 1_000,
      logLevel: 'info',
      notify: {
        smtpUrl: smtp.url,
        emailTo: [],
        emailFrom: 'studio@example.com',
        webhookUrl: undefined,
        retryDelaysMs: [50],
      },
      ...overrides,
    },
    { web: productionWeb(), logStream: { write: (line) => void logLines.push(line) } },
  );
  const staff = await staffSessions(ctx);
  const make = injectFactories(ctx.app, staff.editor).makeApp;
  const soon = await make({ title: 'Pocket Orchard', status: 'Coming Soon', platforms: ['ios', 'android'] });
  const live = await make({ title: 'Lantern Drift', status: 'Live' });
  return { ctx, soon: soon.id, live: live.id, ...staff };
}

const outboxEmptied = (ctx: TestContext) =>
  expect.poll(async () => (await ctx.database.db.select().from(notificationJobs)).length).toBe(0);

let ip = 0;
const signUp = (ctx: TestContext, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/subscriptions', payload, remoteAddress: `10.26.0.${++ip}` });

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address));

/** Waits (up to 5 s; also in beforeAll, where expect.poll is not allowed) for the `n`th mail to `address`. */
async function nthMail(address: string, n: number): Promise<ReceivedMail> {
  for (let waited = 0; mailsTo(address).length < n; waited += 20) {
    if (waited > 5_000) throw new Error(`no mail #${n} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return mailsTo(address)[n - 1]!;
}

const tokenIn = (mail: ReceivedMail) => {
  const found = /\/subscriptions\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!found) throw new Error(`no confirmation link in:\n${mail.text}`);
  return found[1]!;
};

const formPost = (ctx: TestContext, url: string, fields: Record<string, string> | URLSearchParams, headers = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.config.siteUrl, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const confirm = (ctx: TestContext, token: string) => formPost(ctx, '/subscriptions/confirm', { token });

const subscribersOf = (ctx: TestContext, cookie: string, query = '') =>
  ok<SubscriberPage>(ctx.app.inject({ url: `/api/admin/subscribers?${query}`, headers: { cookie } }));

describe('signing up', () => {
  let ctx: TestContext;
  let soon: number;
  let live: number;
  let editor: string;
  beforeAll(async () => {
    ({ ctx, soon, live, editor } = await listApp());
  });

  it('answers 202 with the same body for a new, a pending and a confirmed address, and mails each time', async () => {
    const email = 'Ada@Example.com';
    const first = await signUp(ctx, { email, list: `app:${soon}`, platforms: ['android'], consent: true });
    expect(first.statusCode).toBe(202);
    const mail = await nthMail('ada@example.com', 1);
    expect(mail.subject).toBe('Confirm your subscription: Pocket Orchard');
    expect(mail.text).toContain('Pocket Orchard');
    const again = await signUp(ctx, { email, list: `app:${soon}`, platforms: ['android'], consent: true });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    await nthMail('ada@example.com', 2);
    // Confirmed by the first link: a third sign-up answers alike and mails a new link too.
    expect((await confirm(ctx, tokenIn(mail))).statusCode).toBe(200);
    const third = await signUp(ctx, { email, list: `app:${soon}`, consent: true });
    expect(third.body).toBe(first.body);
    await nthMail('ada@example.com', 3);
    const unknown = await signUp(ctx, { email: 'nobody@example.com', list: 'studio', consent: true });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(first.body);
    // A consent record per sign-up, with the exact wording and the privacy policy version.
    const { items } = await subscribersOf(ctx, editor, 'q=ada%40');
    const detail = await ok<SubscriberDetail>(
      ctx.app.inject({ url: `/api/admin/subscribers/${items[0]!.id}`, headers: { cookie: editor } }),
    );
    expect(detail.consents).toHaveLength(3);
    expect(detail.consents[0]!.wording).toMatch(
      /^I agree to receive emails about Pocket Orchard from .+\. I can unsubscribe at any time\.$/,
    );
    expect(detail.consents[0]!.confirmedAt).not.toBeNull();
    expect(detail.lists[0]).toMatchObject({ list: `app:${soon}`, status: 'confirmed', platforms: ['android'] });
  });

  it('refuses a list that takes no sign-ups, naming the field, and wants consent', async () => {
    expectInvalid(await signUp(ctx, { email: 'a@example.com', list: `app:${live}`, consent: true }), 'list');
    expectInvalid(await signUp(ctx, { email: 'a@example.com', list: 'app:99999', consent: true }), 'list');
    expectInvalid(await signUp(ctx, { email: 'a@example.com', list: 'nope', consent: true }), 'list');
    expectInvalid(await signUp(ctx, { email: 'a@example.com', list: 'studio' }), 'consent');
    expectInvalid(
      await signUp(ctx, { email: 'a@example.com', list: `app:${soon}`, platforms: ['steam'], consent: true }),
      'platforms',
    );
  });

  it('keeps and mails nothing for a filled-in honeypot, and nothing for a suppressed address', async () => {
    await outboxEmptied(ctx);
    const before = smtp.mails.length;
    const bot = await signUp(ctx, { email: 'bot@example.com', list: 'studio', consent: true, website: 'x' });
    expect(bot.statusCode).toBe(202);
    await ctx.database.db.insert(suppressions).values({ emailHash: emailHash(' Gone@Example.com ') });
    const gone = await signUp(ctx, { email: 'gone@example.com', list: 'studio', consent: true });
    expect(gone.statusCode).toBe(202);
    expect(gone.body).toBe(bot.body);
    await outboxEmptied(ctx);
    expect(smtp.mails.length).toBe(before);
    expect((await subscribersOf(ctx, editor, 'q=gone')).total).toBe(0);
    expect((await subscribersOf(ctx, editor, 'q=bot')).total).toBe(0);
  });

  it('never writes an address to the log', async () => {
    await subscribersOf(ctx, editor, 'q=ada%40example.com');
    expect(logLines.join('\n')).not.toMatch(/ada@example|ada%40example|nobody@example/i);
  });
});

describe('the confirmation link', () => {
  let ctx: TestContext;
  let editor: string;
  beforeAll(async () => {
    ({ ctx, editor } = await listApp());
  });

  it('shows a button on GET (confirming nothing), confirms on POST once, then says it is spent', async () => {
    await signUp(ctx, { email: 'bea@example.com', list: 'studio', consent: true });
    const token = tokenIn(await nthMail('bea@example.com', 1));
    const page = await ctx.app.inject({ url: `/subscriptions/confirm?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('Confirm subscription');
    expect((await subscribersOf(ctx, editor, 'q=bea')).items[0]!.lists[0]!.status).toBe('pending');
    const done = await confirm(ctx, token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are subscribed');
    expect((await subscribersOf(ctx, editor, 'q=bea')).items[0]!.lists[0]!.status).toBe('confirmed');
    const [consent] = await ctx.database.db.select().from(subscriptionConsents);
    expect(consent!.confirmedIp).toBeTruthy();
    expect(consent!.tokenHash).toBeNull();
    const spent = await confirm(ctx, token);
    expect(spent.statusCode).toBe(404);
    expect(spent.body).toContain('This link has expired or has already been used');
    expect((await ctx.app.inject({ url: `/subscriptions/confirm?token=${token}` })).statusCode).toBe(404);
  });

  it('expires after 7 days', async () => {
    await signUp(ctx, { email: 'cy@example.com', list: 'studio', consent: true });
    const token = tokenIn(await nthMail('cy@example.com', 1));
    ctx.clock.advance(7 * DAY + 1_000);
    expect((await confirm(ctx, token)).statusCode).toBe(404);
    expectError(
      await ctx.app.inject({ method: 'POST', url: `/api/subscription-confirmations/${token}` }),
      404,
      'NOT_FOUND',
    );
    const rows = await ctx.database.db.query.subscriptions.findMany();
    expect(rows.at(-1)!.status).toBe('pending');
  });
});

describe('unsubscribing', () => {
  let ctx: TestContext;
  let soon: number;
  let editor: string;
  let token: string;
  beforeAll(async () => {
    ({ ctx, soon, editor } = await listApp());
    for (const list of ['studio', `app:${soon}`]) {
      await signUp(ctx, { email: 'dee@example.com', list, consent: true });
    }
    await confirm(ctx, tokenIn(await nthMail('dee@example.com', 1)));
    await confirm(ctx, tokenIn(await nthMail('dee@example.com', 2)));
    const [row] = await ctx.database.db.query.subscribers.findMany();
    token = row!.token;
  });

  const statuses = async () =>
    Object.fromEntries((await subscribersOf(ctx, editor, 'q=dee')).items[0]!.lists.map((l) => [l.list, l.status]));

  it('shows the page with one button and every list; an unknown token is not found', async () => {
    const page = await ctx.app.inject({ url: `/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('Unsubscribe from all');
    expect(page.body).toContain('Unsubscribe from Pocket Orchard');
    const unknown = await ctx.app.inject({ url: `/unsubscribe/${'a'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Link not found');
  });

  it('toggles one list at a time without JavaScript', async () => {
    const off = await formPost(ctx, `/unsubscribe/${token}`, { list: `app:${soon}`, subscribed: '0' });
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('Your choice is saved.');
    expect(await statuses()).toEqual({ studio: 'confirmed', [`app:${soon}`]: 'unsubscribed' });
    await formPost(ctx, `/unsubscribe/${token}`, { list: `app:${soon}`, subscribed: '1' });
    expect(await statuses()).toEqual({ studio: 'confirmed', [`app:${soon}`]: 'confirmed' });
  });

  it('refuses a cross-site toggle, but takes the RFC 8058 one-click POST from anywhere with no cookie', async () => {
    const foreign = { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' };
    const forged = await formPost(ctx, `/unsubscribe/${token}`, { action: 'all' }, foreign);
    expect(forged.statusCode).toBe(403);
    const oneClick = await formPost(ctx, `/unsubscribe/${token}`, { 'List-Unsubscribe': 'One-Click' }, foreign);
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toBe('');
    expect(oneClick.headers['set-cookie']).toBeUndefined();
    expect(await statuses()).toEqual({ studio: 'unsubscribed', [`app:${soon}`]: 'unsubscribed' });
    // Kept for proof after unsubscribing.
    expect((await ctx.database.db.select().from(subscriptionConsents)).length).toBe(2);
  });

  it('takes the one-click POST as multipart too', async () => {
    await formPost(ctx, `/unsubscribe/${token}`, { list: 'studio', subscribed: '1' });
    const boundary = 'xYzZY';
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect((await statuses()).studio).toBe('unsubscribed');
  });

  it('the page\'s "Unsubscribe from all" button leaves every list', async () => {
    await formPost(ctx, `/unsubscribe/${token}`, { list: 'studio', subscribed: '1' });
    const res = await formPost(ctx, `/unsubscribe/${token}`, { action: 'all' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed from every list.');
    expect(await statuses()).toEqual({ studio: 'unsubscribed', [`app:${soon}`]: 'unsubscribed' });
  });
});

describe('signing up without JavaScript', () => {
  let ctx: TestContext;
  let soon: number;
  beforeAll(async () => {
    ({ ctx, soon } = await listApp());
  });

  it('answers with the form and its errors, then with "check your inbox"', async () => {
    const bad = await formPost(ctx, '/subscriptions', { email: 'nope', list: `app:${soon}`, form: 'app-page' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Invalid email address');
    expect(bad.body).toContain('Tell me when Pocket Orchard is out');
    const fields = new URLSearchParams({
      email: 'eve@example.com',
      list: `app:${soon}`,
      consent: 'on',
      form: 'app-page',
    });
    fields.append('platforms', 'ios');
    fields.append('platforms', 'android');
    const good = await formPost(ctx, '/subscriptions', fields);
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('Check your inbox');
    await nthMail('eve@example.com', 1);
  });

  it('reads only text from a body that comes as JSON (objects in place of fields are no address)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/subscriptions',
      headers: { 'content-type': 'application/json', origin: ctx.config.siteUrl },
      payload: { email: [{ a: [{ a: '' }] }], list: 'studio', consent: '\u0001on', platforms: [{}, 'ios'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Invalid email address');
  });

  it('shows the form on a Coming Soon app page and the sign-up page, not on a Live app page', async () => {
    const page = await ctx.app.inject({ url: '/apps/pocket-orchard' });
    expect(page.body).toContain('data-island="subscribe-form"');
    expect(page.body).toContain('Tell me when Pocket Orchard is out');
    const newsletter = await ctx.app.inject({ url: '/subscriptions' });
    expect(newsletter.body).toContain('Get our news by email');
    const live = await ctx.app.inject({ url: '/apps/lantern-drift' });
    expect(live.body).not.toContain('data-island="subscribe-form"');
  });
});

describe('subscribers in the admin', () => {
  let ctx: TestContext;
  let soon: number;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    ({ ctx, soon, admin, editor } = await listApp());
    await signUp(ctx, { email: 'fay@example.com', list: 'studio', consent: true });
    await confirm(ctx, tokenIn(await nthMail('fay@example.com', 1)));
    await signUp(ctx, { email: 'gil@example.com', list: `app:${soon}`, consent: true });
  });

  it('counts each list, and says whether confirmations can be sent', async () => {
    const page = await subscribersOf(ctx, editor);
    expect(page.canConfirm).toBe(true);
    expect(page.counts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ list: 'studio', pending: 0, confirmed: 1, unsubscribed: 0 }),
        expect.objectContaining({ list: `app:${soon}`, appTitle: 'Pocket Orchard', pending: 1 }),
      ]),
    );
    expect((await subscribersOf(ctx, editor, `list=app:${soon}`)).items.map((i) => i.email)).toEqual([
      'gil@example.com',
    ]);
  });

  it('exports the list with its consent records, formulas made plain', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/admin/subscribers.csv?list=studio', headers: { cookie: editor } })).statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({ url: '/api/admin/subscribers.csv?list=studio', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^email,language,list,platforms,status,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^fay@example\.com,,studio,,confirmed,/);
    expect(lines[1]).toContain('I agree to receive emails about');
  });

  it('imports confirmed addresses with their source; suppression wins; reports what it did', async () => {
    await ctx.database.db.insert(suppressions).values({ emailHash: emailHash('hal@example.com') });
    const csv =
      'Email,Name\nivy@example.com,Ivy\nHAL@example.com,Hal\nnot-an-address,X\nfay@example.com,Fay\n=cmd|x,Y\n';
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/subscribers/import',
      headers: { cookie: admin },
      payload: { list: 'studio', csv, source: '' },
    });
    expectInvalid(missing, 'source');
    const report = await ok<ImportReport>(
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/subscribers/import',
        headers: { cookie: admin },
        payload: { list: 'studio', csv, source: 'Mailchimp export, double opt-in, 2025' },
      }),
    );
    expect(report).toMatchObject({ imported: 1, existing: 1, suppressed: 1, invalid: 2 });
    expect((await subscribersOf(ctx, editor, 'q=hal')).total).toBe(0);
    const ivy = (await subscribersOf(ctx, editor, 'q=ivy')).items[0]!;
    const detail = await ok<SubscriberDetail>(
      ctx.app.inject({ url: `/api/admin/subscribers/${ivy.id}`, headers: { cookie: editor } }),
    );
    expect(detail.lists[0]!.status).toBe('confirmed');
    expect(detail.consents[0]).toMatchObject({ form: 'import', source: 'Mailchimp export, double opt-in, 2025' });
  });

  it('removes a subscriber, keeping a hashed suppression so the address is never signed up or imported again', async () => {
    const gil = (await subscribersOf(ctx, editor, 'q=gil')).items[0]!;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/subscribers/${gil.id}`,
      headers: { cookie: editor },
    });
    expect(res.statusCode).toBe(204);
    const rows = await ctx.database.db.select().from(suppressions);
    expect(rows.map((r) => r.emailHash)).toContain(emailHash('gil@example.com'));
    expect(JSON.stringify(rows)).not.toContain('gil@');
    const before = mailsTo('gil@example.com').length;
    expect((await signUp(ctx, { email: 'gil@example.com', list: 'studio', consent: true })).statusCode).toBe(202);
    await outboxEmptied(ctx);
    expect(mailsTo('gil@example.com').length).toBe(before);
    expect((await subscribersOf(ctx, editor, 'q=gil')).total).toBe(0);
    const audit = await ctx.app.inject({
      url: '/api/admin/audit-log?action=subscriber.delete',
      headers: { cookie: admin },
    });
    expect(audit.body).toContain(`Subscriber #${gil.id}`);
    expect(audit.body).not.toContain('gil@');
  });
});

describe('a site that cannot send mail', () => {
  it('takes sign-ups (202) and tells the admin confirmations cannot be sent', async () => {
    const ctx = await createTestApp({}, {});
    const { editor } = await staffSessions(ctx);
    const res = await signUp(ctx, { email: 'jo@example.com', list: 'studio', consent: true });
    expect(res.statusCode).toBe(202);
    expect((await subscribersOf(ctx, editor)).canConfirm).toBe(false);
    expect(await ctx.database.db.select().from(notificationJobs)).toEqual([]);
  });
});
