// Deletion requests on a site that sends mail (issue 21), against a real SMTP server: the visitor's
// address is confirmed by the emailed link (a page that works without JavaScript) before the request
// counts, and its due date runs from then; the confirmation email carries none of the visitor's text;
// they are emailed when it is done or rejected, with the staff's note, and only once confirmed;
// confirmation emails are limited per address and per day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, ok } from '../../../../tests/setup/api';
import { startSmtp, type ReceivedMail } from '../../../../tests/setup/mail';
import { injectFactories } from '../../../../tests/factories';
import { fixedClock } from '../../../../tests/setup/clock';
import { createTestApp, login, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import type { Config } from '../../config';
import type {
  DeletionConfirmation,
  DeletionReceipt,
  DeletionRequest,
  DeletionRequestDetail,
} from '../../../shared/schemas/app-pages';
import { deletionRequests, notificationJobs } from '../../db/schema';
import { productionWeb } from '../../ssr/web';

const DAY = 86_400_000;

const APP = {
  title: 'Lantern Drift',
  description: 'A calm boat game.',
  icon: 'https://example.com/icon.png',
  screenshots: ['https://example.com/shot.png'],
};
const PAGES = { accountDeletion: true, deletionDays: 30 };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp?.close());

async function mailingApp(overrides: Partial<Config> = {}) {
  const ctx = await createTestApp(
    {
      contactMaxPerHour: 1_000,
      notify: {
        smtpUrl: smtp.url,
        emailTo: ['studio@example.com'],
        emailFrom: 'studio@example.com',
        webhookUrl: undefined,
        retryDelaysMs: [50],
      },
      ...overrides,
    },
    { web: productionWeb(), clock: fixedClock() },
  );
  const staff = await staffSessions(ctx);
  const { id } = await injectFactories(ctx.app, staff.editor).makeApp(APP);
  await ok(
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/apps/${id}/pages`,
      headers: { cookie: staff.editor },
      payload: PAGES,
    }),
  );
  return { ctx, appId: id, ...staff };
}

/** Every queued mail has been handed to the SMTP server (which keeps it before it answers). */
const outboxEmptied = (ctx: TestContext) =>
  expect.poll(async () => (await ctx.database.db.select().from(notificationJobs)).length).toBe(0);

let ip = 0;
const ask = (ctx: TestContext, appId: number, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/apps/${appId}/deletion-requests`,
    payload,
    remoteAddress: `10.21.0.${++ip}`,
  });

/** The mails to `address` received so far. */
const mailsTo = (address: string) =>
  smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));

/** Waits for the `n`th mail to `address` and returns it. */
async function nthMail(address: string, n: number): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(n);
  return mailsTo(address)[n - 1]!;
}

const linkIn = (mail: ReceivedMail) => {
  const found = /https?:\/\/\S+\/delete-account\/confirm\/([0-9a-f]{64})/.exec(mail.text);
  if (!found) throw new Error(`no confirmation link in:\n${mail.text}`);
  return { url: found[0], path: new URL(found[0]).pathname, token: found[1]! };
};

/** A plain form POST from one of the site's pages (no JavaScript), as a browser sends it. */
const formPost = (ctx: TestContext, url: string, fields: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.config.siteUrl },
    payload: new URLSearchParams(fields).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Staff sign in again after the clock moved past their session's life. */
const signIn = (ctx: TestContext) => login(ctx.app, 'editor', 'editor-pass');

const list = async (ctx: TestContext, cookie: string, query = '') =>
  ctx.app.inject({ url: `/api/admin/deletion-requests?${query}`, headers: { cookie } });

const detail = (ctx: TestContext, cookie: string, id: number) =>
  ok<DeletionRequestDetail>(ctx.app.inject({ url: `/api/admin/deletion-requests/${id}`, headers: { cookie } }));

describe('the confirmation link', () => {
  let ctx: TestContext;
  let appId: number;
  let editor: string;
  beforeAll(async () => {
    ({ ctx, appId, editor } = await mailingApp());
  });

  it('is emailed; the request waits unconfirmed (not open, never overdue) until the link’s page confirms it, then counts from there', async () => {
    ctx.clock.offsetMs = 0;
    const receipt = await ok<DeletionReceipt>(
      ask(ctx, appId, { email: 'ada@example.com', accountId: 'player-42', note: 'Please.' }),
      201,
    );
    expect(receipt).toMatchObject({ emailed: true, days: 30 });
    const mail = await nthMail('ada@example.com', 1);
    expect(mail.subject).toBe(`Confirm your request to delete your Lantern Drift account (${receipt.reference})`);
    expect(mail.text).toContain(`Your reference: ${receipt.reference}`);
    const link = linkIn(mail);
    expect(link.url.startsWith(`${ctx.config.siteUrl}/apps/lantern-drift/delete-account/confirm/`)).toBe(true);
    // Only a hash of the link's secret is stored.
    const [row] = await ctx.database.db.select().from(deletionRequests);
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenHash).not.toBe(link.token);
    expect(JSON.stringify(row)).not.toContain(link.token);

    // Staff see it marked as unconfirmed; it is not open (the dashboard's count) and, days later,
    // not overdue either.
    const [listed] = (await list(ctx, editor)).json<DeletionRequest[]>();
    expect(listed).toMatchObject({ reference: receipt.reference, confirmation: 'awaiting', confirmedAt: null });
    expect((await list(ctx, editor, 'status=open')).headers['x-total-count']).toBe('0');
    expect((await list(ctx, editor, 'status=unconfirmed')).headers['x-total-count']).toBe('1');
    ctx.clock.offsetMs = 3 * DAY;
    expect((await list(ctx, editor, 'status=overdue')).headers['x-total-count']).toBe('0');

    // Three days on, the link's page names the request and asks; opening it confirms nothing.
    const page = await ctx.app.inject({ url: link.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toContain('no-store');
    // The secret is not passed on to other sites (the page's own form still posts with its origin).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('<meta name="robots" content="noindex');
    expect(page.body).toContain(receipt.reference);
    expect(page.body).toMatch(/<form[^>]*method="post"/);
    // The head (canonical address, share card) does not repeat the secret.
    expect(page.body.slice(0, page.body.indexOf('</head>'))).not.toContain(link.token);
    expect((await detail(ctx, editor, listed!.id)).confirmation).toBe('awaiting');

    // The button: a plain form POST to the page (no JavaScript), answered with the page confirmed.
    const posted = await formPost(ctx, link.path);
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['x-robots-tag']).toContain('noindex');
    expect(posted.body).toContain('Request confirmed');

    // The due date runs from the confirmation: 30 days from three days on.
    const confirmed = await detail(ctx, editor, listed!.id);
    expect(confirmed.confirmation).toBe('confirmed');
    const confirmedAt = ctx.clock.now().getTime();
    expect(confirmed.dueAt).toBe(new Date(confirmedAt + 30 * DAY).toISOString());
    expect(confirmed.confirmedAt).toBe(new Date(confirmedAt).toISOString());
    // The trail records it, by the visitor.
    expect(confirmed.events.map((e) => [e.actorName, e.fromStatus, e.toStatus, e.note])).toEqual([
      ['Visitor', null, 'new', ''],
      ['Visitor', 'new', 'new', 'Email address confirmed by the emailed link'],
    ]);
    expect((await list(ctx, editor, 'status=open')).headers['x-total-count']).toBe('1');

    // Once: the link is spent, by the page and by the API alike.
    const again = await formPost(ctx, link.path);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link has expired or has already been used');
    expectError(await ctx.app.inject({ url: `/api/deletion-confirmations/${link.token}` }), 404, 'NOT_FOUND');
    expect((await ctx.app.inject({ url: link.path })).statusCode).toBe(404);
    // Overdue by the clock once 30 days have passed since the confirmation, not since the request.
    ctx.clock.offsetMs = 3 * DAY + 29 * DAY;
    expect((await list(ctx, await signIn(ctx), 'status=overdue')).headers['x-total-count']).toBe('0');
    ctx.clock.offsetMs = 3 * DAY + 31 * DAY;
    expect((await list(ctx, await signIn(ctx), 'status=overdue')).headers['x-total-count']).toBe('1');
    ctx.clock.offsetMs = 0;
  });

  it('confirms through the API too, and expires after 7 days (the request stays, marked as expired)', async () => {
    ctx.clock.offsetMs = 0;
    const first = await ok<DeletionReceipt>(ask(ctx, appId, { email: 'bea@example.com' }), 201);
    const second = await ok<DeletionReceipt>(ask(ctx, appId, { email: 'cy@example.com' }), 201);
    const beaLink = linkIn(await nthMail('bea@example.com', 1));
    const cyLink = linkIn(await nthMail('cy@example.com', 1));

    const shown = await ok<DeletionConfirmation>(
      ctx.app.inject({ url: `/api/deletion-confirmations/${beaLink.token}` }),
    );
    expect(shown).toEqual({
      reference: first.reference,
      appTitle: 'Lantern Drift',
      appSlug: 'lantern-drift',
      days: 30,
      dueAt: null,
      // The language its page is written in: the site's default here (issue 24).
      locale: 'en',
    });
    const done = await ok<DeletionConfirmation>(
      ctx.app.inject({ method: 'POST', url: `/api/deletion-confirmations/${beaLink.token}` }),
    );
    expect(done.reference).toBe(first.reference);
    expect(done.dueAt).toBe(new Date(ctx.clock.now().getTime() + 30 * DAY).toISOString());

    // Cy waits eight days: the link no longer works, and the request is marked as expired.
    ctx.clock.offsetMs = 8 * DAY;
    expectError(
      await ctx.app.inject({ method: 'POST', url: `/api/deletion-confirmations/${cyLink.token}` }),
      404,
      'NOT_FOUND',
    );
    const page = await ctx.app.inject({ url: cyLink.path });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link has expired or has already been used');
    const cy = (await list(ctx, await signIn(ctx), 'status=unconfirmed')).json<DeletionRequest[]>();
    expect(cy.find((r) => r.reference === second.reference)).toMatchObject({ confirmation: 'expired', overdue: false });
    // A made-up or malformed link is not found either.
    expectError(await ctx.app.inject({ url: `/api/deletion-confirmations/${'0'.repeat(64)}` }), 404, 'NOT_FOUND');
    expect((await ctx.app.inject({ url: '/api/deletion-confirmations/nope' })).statusCode).toBe(400);
    ctx.clock.offsetMs = 0;
  });
});

describe('the confirmation email', () => {
  it('carries none of the visitor’s text: no note, no account id, nothing typed but the address', async () => {
    const { ctx, appId } = await mailingApp();
    const hostile = {
      email: 'victim@example.com',
      accountId: 'Verify-now https://evil.example/login',
      note: 'URGENT: your bank account is locked, call +1 555 0100 or visit https://phish.example/reset',
    };
    const receipt = await ok<DeletionReceipt>(ask(ctx, appId, hostile), 201);
    const mail = await nthMail('victim@example.com', 1);
    const raw = mail.raw.replace(/=\r?\n/g, '');
    for (const text of [
      'evil.example',
      'Verify-now',
      'phish.example',
      'URGENT',
      'bank account is locked',
      '555 0100',
    ]) {
      expect(raw).not.toContain(text);
      expect(mail.text).not.toContain(text);
      expect(mail.subject).not.toContain(text);
    }
    // What it does say: fixed text, the app's name, the reference and the link.
    expect(mail.text).toContain('Lantern Drift');
    expect(mail.text).toContain(receipt.reference);
    linkIn(mail);
  });
});

describe('the done and rejected emails', () => {
  let ctx: TestContext;
  let appId: number;
  let editor: string;
  let admin: string;
  beforeAll(async () => {
    ({ ctx, appId, editor, admin } = await mailingApp());
  });

  /** A request by `email`, confirmed by its link; its id. */
  async function confirmedRequest(email: string): Promise<number> {
    const receipt = await ok<DeletionReceipt>(ask(ctx, appId, { email }), 201);
    const { token } = linkIn(await nthMail(email, 1));
    await ok(ctx.app.inject({ method: 'POST', url: `/api/deletion-confirmations/${token}` }));
    const found = (await list(ctx, editor)).json<DeletionRequest[]>().find((r) => r.reference === receipt.reference);
    return found!.id;
  }
  const patch = (id: number, cookie: string, payload: object) =>
    ok<DeletionRequestDetail>(
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/deletion-requests/${id}`, headers: { cookie }, payload }),
    );

  it('tells a confirmed visitor it is done, with the note of the change that made it so', async () => {
    const id = await confirmedRequest('done@example.com');
    await patch(id, editor, { status: 'in_progress', note: 'Looking into it.' });
    const changed = await patch(id, admin, { status: 'done', note: 'Removed from the game server and backups.' });
    const mail = await nthMail('done@example.com', 2);
    expect(mail.subject).toBe(`Your Lantern Drift account has been deleted (${changed.reference})`);
    expect(mail.text).toContain('We have deleted your Lantern Drift account and data');
    expect(mail.text).toContain('Removed from the game server and backups.');
    expect(mail.text).not.toContain('Looking into it.');
    // In progress tells nothing; a later note on the closed request sends nothing more.
    await patch(id, admin, { status: 'done', note: 'A note for the trail.' });
    await outboxEmptied(ctx);
    expect(mailsTo('done@example.com')).toHaveLength(2);
    await expect.poll(async () => (await ctx.database.db.select().from(notificationJobs)).length).toBe(0);
  });

  it('tells a confirmed visitor it was rejected, with the note', async () => {
    const id = await confirmedRequest('rejected@example.com');
    const changed = await patch(id, editor, { status: 'rejected', note: 'We found no account with this address.' });
    const mail = await nthMail('rejected@example.com', 2);
    expect(mail.subject).toBe(
      `Your request to delete your Lantern Drift account was not carried out (${changed.reference})`,
    );
    expect(mail.text).toContain('We found no account with this address.');
  });

  it('writes nothing to an address that was never confirmed', async () => {
    await ok<DeletionReceipt>(ask(ctx, appId, { email: 'never@example.com' }), 201);
    await nthMail('never@example.com', 1);
    const found = (await list(ctx, editor, 'status=unconfirmed')).json<DeletionRequest[]>();
    const id = found.find((r) => r.email === 'never@example.com')!.id;
    await patch(id, editor, { status: 'rejected', note: 'Not confirmed.' });
    await outboxEmptied(ctx);
    expect(mailsTo('never@example.com')).toHaveLength(1);
  });
});

describe('the mail limits', () => {
  it('sends a few confirmations per address per day; more are answered alike but not emailed', async () => {
    const { ctx, appId, editor } = await mailingApp({ deletionMails: { perAddress: 2, perDay: 100 } });
    const receipts: DeletionReceipt[] = [];
    for (const email of ['Target@Example.com', 'target@example.com', 'TARGET@example.com', 'target@example.com']) {
      const res = await ask(ctx, appId, { email });
      expect(res.statusCode).toBe(201);
      receipts.push(res.json<DeletionReceipt>());
    }
    // The same answer for all four (no oracle), but two emails.
    expect(receipts.map((r) => r.emailed)).toEqual([true, true, true, true]);
    await nthMail('target@example.com', 2);
    await outboxEmptied(ctx);
    expect(mailsTo('target@example.com')).toHaveLength(2);
    // The held ones are stored, unconfirmed, for staff to see.
    expect((await list(ctx, editor, 'status=unconfirmed')).headers['x-total-count']).toBe('4');
    // Another address still gets its link; the next day, the first does again.
    await ok(ask(ctx, appId, { email: 'other@example.com' }), 201);
    await nthMail('other@example.com', 1);
  });

  it('stops at the day’s cap across all addresses with a plain 429, storing nothing', async () => {
    const { ctx, appId, editor } = await mailingApp({ deletionMails: { perAddress: 3, perDay: 3 } });
    for (let i = 0; i < 3; i++) expect((await ask(ctx, appId, { email: `cap${i}@example.com` })).statusCode).toBe(201);
    const over = await ask(ctx, appId, { email: 'cap3@example.com' });
    expectError(over, 429, 'TOO_MANY_REQUESTS');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toBe(
      'We cannot take more deletion requests today. Please try again tomorrow, or write to us.',
    );
    expect((await list(ctx, editor)).headers['x-total-count']).toBe('3');
    for (let i = 0; i < 3; i++) await nthMail(`cap${i}@example.com`, 1);
    expect(mailsTo('cap3@example.com')).toHaveLength(0);
    // Without JavaScript, the form says the same with the page.
    const page = await formPost(ctx, '/apps/lantern-drift/delete-account', { email: 'cap4@example.com' }, '10.21.9.9');
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('We cannot take more deletion requests today.');
  });
});

describe('in the language the visitor asked in (issue 24)', () => {
  let ctx: TestContext;
  let appId: number;
  let editor: string;
  let admin: string;
  const put = (type: string, item: string, locale: string, body: object) =>
    ok(
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/translations/${type}/${item}/${locale}`,
        headers: { cookie: editor },
        payload: body,
      }),
    );
  const deletionPart = (isPublished: boolean) =>
    put('app-page', `${appId}-deletion`, 'de', { fields: { deletionDeleted: '', deletionKept: '' }, isPublished });
  const htmlLang = (html: string) => /<html[^>]*lang="([^"]+)"/.exec(html)?.[1];
  const german = (date: Date | string) =>
    new Date(date).toLocaleDateString('de', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const requestBy = async (email: string) =>
    (await list(ctx, editor)).json<DeletionRequest[]>().find((r) => r.email === email)!;

  beforeAll(async () => {
    ({ ctx, appId, editor, admin } = await mailingApp());
    await ok(
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/locales',
        headers: { cookie: admin },
        payload: { defaultLocale: 'en', locales: ['de'] },
      }),
    );
    await put('app', String(appId), 'de', {
      fields: { title: 'Laternenflug', description: 'Ein ruhiges Bootsspiel.', tagline: '', longDescription: '' },
      isPublished: true,
    });
    await deletionPart(true);
  });

  it('writes the email, the link’s page and the outcome in German to a visitor who asked on the German page', async () => {
    ctx.clock.offsetMs = 0;
    // Without JavaScript, from the German page.
    const sent = await formPost(ctx, '/de/apps/lantern-drift/delete-account', { email: 'ute@example.com' });
    expect(sent.statusCode).toBe(200);
    const mail = await nthMail('ute@example.com', 1);
    const { reference } = await requestBy('ute@example.com');
    expect(mail.subject).toBe(`Bestätige deine Anfrage, dein Konto bei Laternenflug zu löschen (${reference})`);
    expect(mail.raw).toMatch(/^Content-Language: de$/im);
    const expires = new Date(ctx.clock.now().getTime() + 7 * DAY);
    expect(mail.text).toContain(`bestätige es bis zum ${german(expires)}, indem du diesen Link öffnest:`);
    expect(mail.text).toContain(`Deine Referenz: ${reference}`);
    // The page it points to is the German one (published in German); the link carries no language.
    expect(mail.text).toContain(
      `Was gelöscht wird und was bleibt: ${ctx.config.siteUrl}/de/apps/lantern-drift/delete-account`,
    );
    expect(mail.text).not.toMatch(/We received|Your reference/);
    const link = linkIn(mail);
    expect(link.path.startsWith('/apps/lantern-drift/delete-account/confirm/')).toBe(true);

    // The link's page is in German: its words, its language, the app's German name, German links.
    const page = await ctx.app.inject({ url: link.path });
    expect(page.statusCode).toBe(200);
    expect(htmlLang(page.body)).toBe('de');
    for (const text of [
      'Bestätige deine Löschanfrage | ',
      'Bestätige deine Anfrage</h1>',
      'Bestätige, dass wir dein Konto bei Laternenflug und seine Daten löschen sollen.',
      'innerhalb von 30 Tagen',
      'Meine Anfrage bestätigen',
      'href="/de/apps/lantern-drift"',
      'href="/de/apps/lantern-drift/delete-account"',
    ])
      expect(page.body).toContain(text);
    // The button still posts to the link's own address.
    expect(page.body).toContain(`action="${link.path}"`);
    expect(page.body).not.toContain('Confirm my request');

    ctx.clock.offsetMs = DAY;
    const confirmed = await formPost(ctx, link.path);
    expect(confirmed.statusCode).toBe(200);
    expect(htmlLang(confirmed.body)).toBe('de');
    const due = new Date(ctx.clock.now().getTime() + 30 * DAY);
    expect(confirmed.body).toContain('Anfrage bestätigt');
    expect(confirmed.body).toContain(
      `Wir löschen dein Konto bei Laternenflug und seine Daten spätestens bis zum <strong>${german(due)}</strong>`,
    );
    expect(confirmed.body).not.toContain('Request confirmed');

    // Staff see the language; the outcome is written in it, the staff's note as they wrote it.
    const request = await requestBy('ute@example.com');
    expect(request.locale).toBe('de');
    await ok(
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/deletion-requests/${request.id}`,
        headers: { cookie: await signIn(ctx) },
        payload: { status: 'done', note: 'Removed from the server.' },
      }),
    );
    const outcome = await nthMail('ute@example.com', 2);
    expect(outcome.subject).toBe(`Dein Konto bei Laternenflug wurde gelöscht (${reference})`);
    expect(outcome.text).toContain('Wir haben dein Konto bei Laternenflug und seine Daten gelöscht');
    expect(outcome.text).toContain('Unsere Anmerkung:\nRemoved from the server.');
    ctx.clock.offsetMs = 0;
  });

  it('takes the language from the island’s JSON; the default or one the site lacks writes in the default', async () => {
    ctx.clock.offsetMs = 0;
    editor = await signIn(ctx);
    await ok(ask(ctx, appId, { email: 'jo@example.com', locale: 'de' }), 201);
    expect((await nthMail('jo@example.com', 1)).subject).toContain('Bestätige deine Anfrage');
    for (const [email, locale] of [
      ['en@example.com', 'en'],
      ['fr@example.com', 'fr'],
      ['xx@example.com', 'not a language'],
    ] as const) {
      await ok(ask(ctx, appId, { email, locale }), 201);
      const mail = await nthMail(email, 1);
      expect(mail.subject).toMatch(/^Confirm your request to delete your Lantern Drift account/);
      expect(mail.text).toContain(
        `What is deleted and what is kept: ${ctx.config.siteUrl}/apps/lantern-drift/delete-account`,
      );
      expect((await requestBy(email)).locale).toBeNull();
      const page = await ctx.app.inject({ url: linkIn(mail).path });
      expect(htmlLang(page.body)).toBe('en');
      expect(page.body).toContain('Confirm my request');
    }
  });

  it('links the default language’s deletion page when the German one is not published', async () => {
    ctx.clock.offsetMs = 0;
    editor = await signIn(ctx);
    await deletionPart(false);
    await ok(ask(ctx, appId, { email: 'kim@example.com', locale: 'de' }), 201);
    const mail = await nthMail('kim@example.com', 1);
    expect(mail.subject).toContain('Bestätige deine Anfrage');
    expect(mail.text).toContain(
      `Was gelöscht wird und was bleibt: ${ctx.config.siteUrl}/apps/lantern-drift/delete-account`,
    );
    const page = await ctx.app.inject({ url: linkIn(mail).path });
    expect(htmlLang(page.body)).toBe('de');
    expect(page.body).toContain('href="/apps/lantern-drift/delete-account"');
    await deletionPart(true);
  });
});
