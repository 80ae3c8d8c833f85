// Campaigns (issue 26) against a real SMTP server: drafts and their versions, "Send me a test" with
// the headers it sent, Send to a list (confirmed subscribers only, never the pending, unsubscribed
// or suppressed; narrowed by platform; queued once however often Send is pressed), the headers and
// unsubscribe link on every list email and on no transactional one, the messages-per-minute
// throttle by the test clock, failures after retries, and the launch draft when an app goes Live.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { startSmtp } from '../../../../tests/setup/mail';
import { appInput, postInput } from '../../../../tests/factories';
import { createTestApp, createUser, login, type TestContext } from '../../../../tests/setup/test-app';
import { api } from '../../../shared/paths';
import {
  campaignApi,
  type Campaign,
  type CampaignSummary,
  type CampaignTestResult,
} from '../../../shared/schemas/campaigns';
import type { App } from '../../../shared/schemas/apps';
import { appList, STUDIO_LIST } from '../../../shared/schemas/lists';
import { auditLog, campaigns, subscribers, subscriptions, suppressions, users } from '../../db/schema';

const FROM = 'studio@example.com';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ctx: TestContext;
let admin: string;
let editor: string;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp({
    contactMaxPerHour: 100,
    notify: {
      smtpUrl: smtp.url,
      emailTo: ['inbox@example.com'],
      emailFrom: FROM,
      webhookUrl: undefined,
      retryDelaysMs: [1_000],
    },
  });
  const adminId = await createUser(ctx.database, 'admin', 'admin-pass', true);
  await ctx.database.db.update(users).set({ email: 'Admin@Example.com' }).where(eq(users.id, adminId));
  await createUser(ctx.database, 'editor', 'editor-pass', false);
  admin = await login(ctx.app, 'admin', 'admin-pass');
  // A second language, so a German subscriber's footer is German.
  await ctx.app.deps.repos.siteSettings.ensure();
  await ctx.app.deps.repos.siteSettings.putLocales({ defaultLocale: 'en', locales: ['de'] });
  editor = await login(ctx.app, 'editor', 'editor-pass');
});
afterAll(async () => smtp?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A subscriber on a list, written straight to the database (helper F owns sign-up). */
async function subscriber(
  list: string,
  status: 'pending' | 'confirmed' | 'unsubscribed',
  {
    platforms = [] as string[],
    locale = null as string | null,
    email = `reader${++seq}-${randomBytes(3).toString('hex')}@example.com`,
  } = {},
) {
  const db = ctx.database.db;
  const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, email));
  const row =
    existing ??
    (
      await db
        .insert(subscribers)
        .values({ email, locale, token: randomBytes(16).toString('hex') })
        .returning()
    )[0]!;
  const appId = list.startsWith('app:') ? Number(list.slice(4)) : null;
  await db.insert(subscriptions).values({ subscriberId: row.id, list, appId, platforms, status });
  return row;
}

const suppress = (email: string) =>
  ctx.database.db
    .insert(suppressions)
    .values({ emailHash: createHash('sha256').update(email.trim().toLowerCase()).digest('hex') });

const draft = (body: Record<string, unknown> = {}) =>
  ok<Campaign>(
    call('POST', campaignApi.list, {
      list: STUDIO_LIST,
      subject: 'News from the studio',
      content:
        '<p>Hello <strong>readers</strong>, see <a href="/apps">our games</a>.</p><img src="/media/demo/shot-1.svg" alt="A shot">',
      ...body,
    }),
    201,
  );

/** A new app's notify-me list (an app list needs its app). */
async function newList() {
  const app = await ok<App>(call('POST', api.apps, appInput({ title: `List app ${++seq}` })), 201);
  return appList(app.id);
}

/** Wakes the sender and waits until it has nothing more to do now. */
async function drain() {
  ctx.app.deps.campaignSender.kick();
  await ctx.app.deps.campaignSender.settled();
}

const mailsTo = (email: string) =>
  smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
/** A header's value as sent (mailparser parses the List-* headers into structures). */
const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');
const parsed = async (email: string) => Promise.all(mailsTo(email).map((m) => simpleParser(m.raw)));

describe('campaign drafts', () => {
  it('creates, lists, edits with a version and deletes a draft; staff only', async () => {
    const created = await draft({ subject: 'First draft' });
    expect(created).toMatchObject({ status: 'draft', list: 'studio', origin: null, version: 1 });
    const list = await ok<CampaignSummary[]>(call('GET', campaignApi.list));
    expect(list.map((c) => c.id)).toContain(created.id);

    const body = { list: STUDIO_LIST, subject: 'Edited', content: '<p>Edited <script>x</script></p>' };
    const edited = await ok<Campaign>(call('PUT', campaignApi.one(created.id), { ...body, version: 1 }));
    expect(edited).toMatchObject({ subject: 'Edited', content: '<p>Edited </p>', version: 2 });
    const stale = expectError(await call('PUT', campaignApi.one(created.id), { ...body, version: 1 }), 409, 'CONFLICT');
    expect(stale).toBeTruthy();

    expectError(await call('POST', campaignApi.list, { ...body, list: 'everyone' }), 422, 'VALIDATION_FAILED');
    expectError(await call('GET', campaignApi.list, undefined, ''), 401, 'UNAUTHENTICATED');

    await ok(call('DELETE', campaignApi.one(created.id), undefined, editor));
    expectError(await call('GET', campaignApi.one(created.id)), 404, 'NOT_FOUND');
    const actions = (await ctx.database.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['campaign.create', 'campaign.update', 'campaign.delete']));
  });

  it('previews the email as it will look, with the unsubscribe link', async () => {
    const created = await draft();
    const preview = await ok<{ html: string; text: string }>(call('GET', campaignApi.preview(created.id)));
    expect(preview.html).toContain(`src="${ctx.config.siteUrl}/media/demo/shot-1.svg"`);
    expect(preview.html).toContain('Unsubscribe');
    expect(preview.text).toContain(`our games (${ctx.config.siteUrl}/apps)`);
  });
});

describe('send me a test', () => {
  it("sends to the staff member's own address and answers the headers it sent", async () => {
    const created = await draft({ subject: 'Test me' });
    const result = await ok<CampaignTestResult>(call('POST', campaignApi.test(created.id)));
    expect(result.to).toBe('Admin@Example.com');
    expect(result.headers).toEqual({
      'List-Unsubscribe': `<${ctx.config.siteUrl}/unsubscribe/test>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    await vi.waitFor(() => expect(mailsTo('admin@example.com')).toHaveLength(1));
    const [mail] = await parsed('admin@example.com');
    expect(mail!.subject).toBe('[Test] Test me');
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Only a test: the campaign is still a draft and has no recipients.
    expect((await ok<Campaign>(call('GET', campaignApi.one(created.id)))).status).toBe('draft');
  });

  it('asks a staff member without an email address to add one', async () => {
    const created = await draft();
    expectError(await call('POST', campaignApi.test(created.id), undefined, editor), 422, 'VALIDATION_FAILED');
  });
});

describe('sending to a list', () => {
  it('mails each confirmed subscriber once, with the headers and a visible unsubscribe link; never the others', async () => {
    const a = await subscriber(STUDIO_LIST, 'confirmed');
    const b = await subscriber(STUDIO_LIST, 'confirmed', { locale: 'de' });
    const pending = await subscriber(STUDIO_LIST, 'pending');
    const gone = await subscriber(STUDIO_LIST, 'unsubscribed');
    const suppressed = await subscriber(STUDIO_LIST, 'confirmed');
    await suppress(suppressed.email.toUpperCase());
    const elsewhere = await subscriber(await newList(), 'confirmed');

    const created = await draft({ subject: 'To the list' });
    expect((await ok<Campaign>(call('GET', campaignApi.one(created.id)))).audience).toBe(2);
    const sent = await ok<CampaignSummary & { queued: number }>(call('POST', campaignApi.send(created.id)));
    expect(sent).toMatchObject({ status: 'sending', queued: 2 });
    // Pressed again (or by a second tab): nothing more is queued.
    expect(await ok<{ queued: number }>(call('POST', campaignApi.send(created.id)))).toMatchObject({ queued: 0 });
    await drain();

    await vi.waitFor(() => expect(mailsTo(a.email).length + mailsTo(b.email).length).toBe(2));
    for (const who of [a, b]) {
      const mails = await parsed(who.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      const link = `${ctx.config.siteUrl}/unsubscribe/${who.token}`;
      expect(header(mail, 'list-unsubscribe')).toBe(`<${link}>`);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.messageId).toBe(`<campaign-${created.id}.${who.id}@${new URL(ctx.config.siteUrl).hostname}>`);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain(link);
    }
    // The footer in the subscriber's language.
    expect((await parsed(b.email))[0]!.text).toContain('Abmelden');
    for (const nobody of [pending, gone, suppressed, elsewhere]) expect(mailsTo(nobody.email)).toEqual([]);

    const done = await ok<Campaign>(call('GET', campaignApi.one(created.id)));
    expect(done).toMatchObject({ status: 'sent', totals: { queued: 0, sending: 0, sent: 2, failed: 0 } });
    expect(done.recipients.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(done.finishedAt).not.toBeNull();
    // A sent campaign can be neither edited nor deleted.
    expectError(await call('DELETE', campaignApi.one(created.id)), 409, 'CONFLICT');
    const sends = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'campaign.send'));
    expect(sends.filter((e) => e.targetId === String(created.id))).toHaveLength(1);
  });

  it("narrows an app's list to the campaign's platforms (a subscription without platforms gets all)", async () => {
    const list = await newList();
    const android = await subscriber(list, 'confirmed', { platforms: ['android'] });
    const ios = await subscriber(list, 'confirmed', { platforms: ['ios'] });
    const both = await subscriber(list, 'confirmed', { platforms: ['ios', 'android'] });
    const any = await subscriber(list, 'confirmed');
    const created = await draft({ list, platforms: ['android'], subject: 'Out on Android' });
    expect(await ok<{ queued: number }>(call('POST', campaignApi.send(created.id)))).toMatchObject({ queued: 3 });
    await drain();
    await vi.waitFor(() =>
      expect(mailsTo(android.email).length + mailsTo(both.email).length + mailsTo(any.email).length).toBe(3),
    );
    expect(mailsTo(ios.email)).toEqual([]);
  });

  it('keeps to the messages-per-minute setting, by the clock', async () => {
    expectError(await call('PUT', campaignApi.settings, { mailPerMinute: 0 }), 422, 'VALIDATION_FAILED');
    await ok(call('PUT', campaignApi.settings, { mailPerMinute: 2 }));
    expect(await ok(call('GET', campaignApi.settings))).toEqual({ mailPerMinute: 2, mailConfigured: true });
    // The minute of the sends before is over.
    ctx.clock.advance(60_000);
    const list = await newList();
    const readers: { email: string }[] = [];
    for (let i = 0; i < 5; i++) readers.push(await subscriber(list, 'confirmed'));
    const created = await draft({ list, subject: 'Slowly' });
    await ok(call('POST', campaignApi.send(created.id)));
    const totals = async () => (await ok<Campaign>(call('GET', campaignApi.one(created.id)))).totals;

    await drain();
    expect(await totals()).toMatchObject({ sent: 2, queued: 3 });
    await drain(); // nothing more within the same minute
    expect(await totals()).toMatchObject({ sent: 2, queued: 3 });
    ctx.clock.advance(60_000);
    await drain();
    expect(await totals()).toMatchObject({ sent: 4, queued: 1 });
    ctx.clock.advance(60_000);
    await drain();
    expect(await totals()).toMatchObject({ sent: 5, queued: 0 });
    expect((await ok<Campaign>(call('GET', campaignApi.one(created.id)))).status).toBe('sent');
    await vi.waitFor(() => expect(readers.every((r) => mailsTo(r.email).length === 1)).toBe(true));
    await ok(call('PUT', campaignApi.settings, { mailPerMinute: 600 }));
    ctx.clock.advance(60_000);
  });

  it('skips a subscriber who left the list after it was queued', async () => {
    const list = await newList();
    const stays = await subscriber(list, 'confirmed');
    const leaves = await subscriber(list, 'confirmed');
    const created = await draft({ list });
    // Queued while the sender is not looking, then one unsubscribes.
    await ctx.app.deps.campaignSender.stop();
    await ok(call('POST', campaignApi.send(created.id)));
    await ctx.database.db
      .update(subscriptions)
      .set({ status: 'unsubscribed' })
      .where(eq(subscriptions.subscriberId, leaves.id));
    ctx.app.deps.campaignSender.start();
    await drain();
    const done = await ok<Campaign>(call('GET', campaignApi.one(created.id)));
    expect(done.status).toBe('sent');
    expect(
      done.recipients.find((r) => r.subscriberId === leaves.id),
      JSON.stringify(done),
    ).toMatchObject({
      status: 'failed',
    });
    await vi.waitFor(() => expect(mailsTo(stays.email)).toHaveLength(1));
    expect(mailsTo(leaves.email)).toEqual([]);
  });
});

describe('a recipient the mail server cannot take', () => {
  it('is tried again after the backoff, then marked failed with the error; the campaign still finishes', async () => {
    const list = await newList();
    const good = await subscriber(list, 'confirmed');
    // No address at all: the mail library refuses it every time.
    const bad = await subscriber(list, 'confirmed', { email: `no address ${randomBytes(3).toString('hex')}` });
    const created = await draft({ list, subject: 'With a bad address' });
    await ok(call('POST', campaignApi.send(created.id)));
    await drain();
    const first = await ok<Campaign>(call('GET', campaignApi.one(created.id)));
    expect(first.status).toBe('sending');
    expect(first.recipients.find((r) => r.subscriberId === bad.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first.recipients.find((r) => r.subscriberId === bad.id)!.lastError).toBeTruthy();
    // The retry falls due by the clock (retryDelaysMs: 1 s); after it, no more tries.
    ctx.clock.advance(1_000);
    await drain();
    const done = await ok<Campaign>(call('GET', campaignApi.one(created.id)));
    expect(done).toMatchObject({ status: 'sent', totals: { sent: 1, failed: 1, queued: 0, sending: 0 } });
    expect(done.recipients.find((r) => r.subscriberId === bad.id)).toMatchObject({ status: 'failed', attempts: 2 });
    await vi.waitFor(() => expect(mailsTo(good.email)).toHaveLength(1));
  });
});

describe('transactional mail', () => {
  it('never carries the list headers (password reset, new-message notice)', async () => {
    await ok(
      ctx.app.inject({
        method: 'POST',
        url: api.passwordReset,
        payload: { login: 'admin' },
        remoteAddress: '10.9.0.1',
      }),
      202,
    ).catch(async () => undefined);
    await ctx.app.deps.staffMail.settled();
    await ok(
      ctx.app.inject({
        method: 'POST',
        url: '/api/messages',
        payload: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', subject: 'Hi', message: 'A question.' },
        remoteAddress: '10.9.0.2',
      }),
      201,
    );
    await vi.waitFor(() => expect(mailsTo('inbox@example.com').length).toBeGreaterThan(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(mailsTo('admin@example.com').length).toBeGreaterThan(1));
    const resets = (await parsed('admin@example.com')).filter((m) => !m.subject?.startsWith('[Test]'));
    expect(resets.length).toBeGreaterThan(0);
    for (const mail of [...resets, ...(await parsed('inbox@example.com'))]) {
      expect(header(mail, 'list-unsubscribe')).toBeUndefined();
      expect(header(mail, 'list-unsubscribe-post')).toBeUndefined();
    }
  });
});

describe('the launch campaign', () => {
  it('is drafted once when an app becomes Live, from its store links and latest post; never sent by itself', async () => {
    const input = appInput({
      title: 'Lantern Drift',
      status: 'Coming Soon',
      googlePlayLink: 'https://play.google.com/store/apps/details?id=com.studio.lantern',
    });
    const app = await ok<App>(call('POST', api.apps, input), 201);
    await ok(
      call('POST', '/api/admin/blogs', { ...postInput(app.id), title: 'How we made it', isPublished: true }),
      201,
    );
    const reader = await subscriber(appList(app.id), 'confirmed');
    const launches = () => ctx.database.db.select().from(campaigns).where(eq(campaigns.appId, app.id));

    await ok(call('PUT', `/api/apps/${app.id}`, { ...input, status: 'Testing' }));
    expect(await launches()).toEqual([]);
    await ok(call('PUT', `/api/apps/${app.id}`, { ...input, status: 'Live' }));
    const [launch, ...more] = await launches();
    expect(more).toEqual([]);
    expect(launch).toMatchObject({
      origin: 'launch',
      list: `app:${app.id}`,
      status: 'draft',
      subject: 'Lantern Drift is out now',
    });
    expect(launch!.content).toContain('href="https://play.google.com/store/apps/details?id=com.studio.lantern"');
    expect(launch!.content).toContain('How we made it');
    // Saved again as Live, or back and Live again: still the one draft.
    await ok(call('PUT', `/api/apps/${app.id}`, { ...input, status: 'Live' }));
    await ok(call('PUT', `/api/apps/${app.id}`, { ...input, status: 'Coming Soon' }));
    await ok(call('PUT', `/api/apps/${app.id}`, { ...input, status: 'Live' }));
    expect(await launches()).toHaveLength(1);
    const logged = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(launch!.id)));
    expect(logged.map((e) => e.action)).toContain('campaign.create');
    await drain();
    expect(mailsTo(reader.email)).toEqual([]);
  });

  it('is drafted when an app goes Live at the time set for it, by the schedule, never sent', async () => {
    const input = appInput({ title: 'Harbour Lights', status: 'Coming Soon' });
    const launchAt = new Date(ctx.clock.now().getTime() + 3_600_000).toISOString();
    // A time in the past, or on an app Live already, is refused by its field.
    expectInvalid(
      await call('POST', api.apps, { ...input, goesLiveAt: ctx.clock.now().toISOString() }),
      'goesLiveAt',
      'Pick a time in the future for the app to go live',
    );
    expectInvalid(
      await call('POST', api.apps, { ...input, status: 'Live', goesLiveAt: launchAt }),
      'goesLiveAt',
      'The app is Live already: clear the time it goes live',
    );
    expectInvalid(
      await call('POST', api.apps, { ...input, goesLiveAt: 'next Tuesday' }),
      'goesLiveAt',
      'Please enter a valid date and time',
    );
    const app = await ok<App>(call('POST', api.apps, { ...input, goesLiveAt: launchAt }), 201);
    expect(app.goesLiveAt).toBe(launchAt);
    // Visitors are not told when (an embargo stays one).
    const seen = await ctx.app.inject({ url: `/api/apps/${app.id}` });
    expect(seen.json<App>().goesLiveAt).toBeNull();
    expect(seen.body).not.toContain(launchAt);
    const reader = await subscriber(appList(app.id), 'confirmed');
    const launches = () => ctx.database.db.select().from(campaigns).where(eq(campaigns.appId, app.id));
    // A save that leaves the time out keeps it.
    const { goesLiveAt: _kept, ...withoutTime } = { ...input, tagline: 'Soon' };
    expect((await ok<App>(call('PUT', `/api/apps/${app.id}`, withoutTime))).goesLiveAt).toBe(launchAt);

    // Not yet: nothing changes.
    ctx.clock.advance(3_599_000);
    await ctx.app.scheduler.runDue();
    expect((await ok<App>(call('GET', `/api/apps/${app.id}`))).status).toBe('Coming Soon');
    expect(await launches()).toEqual([]);
    // Its time: Live, the time cleared, one launch draft, and an audit entry by no one.
    ctx.clock.advance(1_000);
    await ctx.app.scheduler.runDue();
    const live = await ok<App>(call('GET', `/api/apps/${app.id}`));
    expect(live).toMatchObject({ status: 'Live', goesLiveAt: null });
    const [launch, ...more] = await launches();
    expect(more).toEqual([]);
    expect(launch).toMatchObject({ origin: 'launch', status: 'draft', subject: 'Harbour Lights is out now' });
    const logged = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(app.id)));
    expect(logged.find((e) => e.action === 'app.update' && e.actorId === null)).toBeTruthy();
    // Due again (a second instance): nothing more.
    await ctx.app.scheduler.runDue();
    expect(await launches()).toHaveLength(1);
    await drain();
    expect(mailsTo(reader.email)).toEqual([]);

    // Made Live by hand before its time: the time is dropped with it.
    const other = await ok<App>(
      call('POST', api.apps, {
        ...input,
        title: 'Tide Tables',
        goesLiveAt: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
      }),
      201,
    );
    expect(
      (await ok<App>(call('PUT', `/api/apps/${other.id}`, { ...input, title: 'Tide Tables', status: 'Live' })))
        .goesLiveAt,
    ).toBeNull();
  });
});
