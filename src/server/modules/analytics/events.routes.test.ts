// Counting without cookies (issue 27): POST /api/events answers 204 and writes nothing at once; the
// batch lands with a daily-salted visitor hash (one visitor a day, another the next day), without
// bots, Do Not Track, Global Privacy Control or signed-in staff; sizes and names are checked and the
// rate limit answers 429; public pages set no cookie; the raw address and User-Agent are nowhere in
// the database or its backup; badge clicks, sign-ups, confirmations and messages land with their app;
// the salts go 48 hours after their day.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EVENTS_BODY_LIMIT, type BrowserEvent } from '../../../shared/analytics';
import { injectFactories } from '../../../../tests/factories';
import { expectError } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { startSmtp } from '../../../../tests/setup/mail';
import {
  createPeerApp,
  createTestApp,
  restartTestApp,
  staffSessions,
  type TestContext,
} from '../../../../tests/setup/test-app';
import { analyticsEvents, analyticsSalts } from '../../db/schema';
import { exportArchive } from '../../../../tests/setup/backup-archive';
import { productionWeb } from '../../ssr/web';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const DAY = 86_400_000;
const START = new Date('2026-11-20T10:00:00Z');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ctx: TestContext;
let editor: string;
let appId: number;
let appSlug: string;
let soonId: number;

const LIMIT = 40;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestApp(
    {
      contactMaxPerHour: 1_000,
      // The beacon's limit per address (EVENTS_PER_MINUTE, 300 by default), lower to test it quickly.
      eventsPerMinute: LIMIT,
      notify: {
        smtpUrl: smtp.url,
        emailTo: [],
        emailFrom: 'studio@example.com',
        webhookUrl: undefined,
        retryDelaysMs: [50],
      },
    },
    { web: productionWeb(), clock: fixedClock(START) },
  );
  ({ editor } = await staffSessions(ctx));
  const make = injectFactories(ctx.app, editor).makeApp;
  const live = await make({ title: 'Lantern Drift', status: 'Live' });
  const soon = await make({ title: 'Pocket Orchard', status: 'Coming Soon', platforms: ['ios', 'android'] });
  appId = live.id;
  appSlug = live.slug;
  soonId = soon.id;
});
afterAll(async () => smtp?.close());

beforeEach(async () => {
  ctx.clock.set(START);
  await ctx.app.deps.analyticsCollector.flush();
  await ctx.database.db.delete(analyticsEvents);
});

let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

interface Beacon {
  body: BrowserEvent | BrowserEvent[] | string;
  from?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  contentType?: string;
}

/** A beacon as navigator.sendBeacon sends a string: text/plain, same origin. */
const beacon = ({
  body,
  from = nextAddress(),
  userAgent = DESKTOP,
  headers = {},
  contentType = 'text/plain;charset=UTF-8',
}: Beacon) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: from,
    headers: { 'content-type': contentType, 'user-agent': userAgent, origin: ctx.config.siteUrl, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const pageview = (p = '/', extra: Partial<BrowserEvent> = {}): BrowserEvent => ({
  n: 'pageview',
  p,
  l: 'en',
  ...extra,
});

/** What the collector has taken in, written. */
async function stored() {
  await ctx.app.deps.analyticsCollector.flush();
  return ctx.database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
}

describe('POST /api/events', () => {
  it('answers 204 with no cookie, and the page view lands normalised once the batch is written', async () => {
    const res = await beacon({
      body: pageview('/apps/lantern-drift?utm_source=%20newsletter%20&utm_medium=email&utm_campaign=launch&x=1', {
        a: appId,
        r: 'https://news.example.org/story?id=7',
      }),
      userAgent: IPHONE,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      name: 'pageview',
      day: '2026-11-20',
      path: '/apps/lantern-drift',
      appId,
      locale: 'en',
      referrerHost: 'news.example.org',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'launch',
      device: 'phone',
      os: 'iOS',
      country: null,
      target: null,
      platform: null,
      sample: false,
    });
    expect(row!.at.toISOString()).toBe(START.toISOString());
    expect(row!.visitor).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes JSON as well, and an array of events', async () => {
    const res = await beacon({
      body: [
        { n: 'vital', p: '/', t: 'LCP', v: 1830 },
        { n: 'vital', p: '/', t: 'CLS', v: 0.02 },
      ],
      contentType: 'application/json',
    });
    expect(res.statusCode).toBe(204);
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.target, r.value])).toEqual([
      ['vital', 'LCP', 1830],
      ['vital', 'CLS', 0.02],
    ]);
  });

  it('keeps a referrer only when it is another site, and only known apps and languages', async () => {
    await beacon({ body: pageview('/about', { r: `${ctx.config.siteUrl}/blog` }) });
    await beacon({ body: pageview('/about', { r: '' }) });
    await beacon({ body: pageview('/about', { r: 'android-app://com.google.android.gm/' }) });
    await beacon({ body: pageview('/about', { a: 2_000_000, l: 'xx' }) });
    const rows = await stored();
    expect(rows.map((r) => r.referrerHost)).toEqual([null, null, null, null]);
    expect(rows[3]).toMatchObject({ appId: null, locale: '' });
  });

  it('counts the same visitor once a day, and as another visitor the next day (a new salt)', async () => {
    const from = nextAddress();
    await beacon({ body: pageview('/'), from });
    await beacon({ body: pageview('/about'), from });
    await beacon({ body: pageview('/'), from: nextAddress() });
    ctx.clock.set(new Date(START.getTime() + DAY));
    await beacon({ body: pageview('/'), from });
    const rows = await stored();
    const visitorsOn = (day: string) => new Set(rows.filter((r) => r.day === day).map((r) => r.visitor));
    expect(visitorsOn('2026-11-20').size).toBe(2);
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
    expect(visitorsOn('2026-11-21').size).toBe(1);
    expect(rows[3]!.visitor).not.toBe(rows[0]!.visitor);
    const salts = await ctx.database.db.select().from(analyticsSalts);
    const days = salts.map((s) => s.day);
    expect(days).toContain('2026-11-20');
    expect(days).toContain('2026-11-21');
    expect(new Set(salts.map((s) => s.salt)).size).toBe(salts.length);
  });

  it('does not count bots, Do Not Track, Global Privacy Control or signed-in staff, and answers them alike', async () => {
    const answers = await Promise.all([
      beacon({ body: pageview(), userAgent: GOOGLEBOT }),
      beacon({ body: pageview(), userAgent: '' }),
      beacon({ body: pageview(), headers: { dnt: '1' } }),
      beacon({ body: pageview(), headers: { 'sec-gpc': '1' } }),
      beacon({ body: pageview(), headers: { cookie: editor } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await stored()).toEqual([]);
    // A cookie that names no session is a visitor like any other.
    await beacon({ body: pageview(), headers: { cookie: 'sid=not-a-session' } });
    expect(await stored()).toHaveLength(1);
  });

  it('refuses unknown names and targets, malformed and oversized bodies, and stores none of them', async () => {
    const bad: [Beacon['body'], number][] = [
      [{ n: 'purchase', p: '/' } as never, 422],
      [{ n: 'store', p: '/', t: 'steam' }, 422],
      [{ n: 'outbound', p: '/', t: 'https://elsewhere.example' }, 422],
      [{ n: 'vital', p: '/', t: 'LCP' }, 422],
      [{ n: 'pageview', p: 'https://elsewhere.example/' }, 422],
      [{ n: 'pageview', p: '/', extra: 1 } as never, 422],
      [Array.from({ length: 11 }, () => pageview()), 422],
      ['{"n":', 400],
      [JSON.stringify(pageview(`/${'a'.repeat(EVENTS_BODY_LIMIT)}`)), 413],
    ];
    for (const [body, status] of bad) {
      const res = await beacon({ body });
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
    }
    const tooBig = await beacon({
      body: `[${Array(10)
        .fill(JSON.stringify(pageview(`/${'b'.repeat(500)}`)))
        .join(',')}]`,
    });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(await stored()).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const res = await beacon({ body: pageview(), headers: { origin: 'https://elsewhere.example' } });
    expectError(res, 403, 'FORBIDDEN');
    expect(await stored()).toEqual([]);
  });

  it('answers 429 past the set number of requests a minute from one address (EVENTS_PER_MINUTE)', async () => {
    const from = nextAddress();
    for (let i = 0; i < LIMIT; i++) {
      const res = await beacon({ body: pageview(), from });
      expect(res.statusCode).toBe(204);
    }
    const over = await beacon({ body: pageview(), from });
    expectError(over, 429, 'TOO_MANY_REQUESTS');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await beacon({ body: pageview() })).toHaveProperty('statusCode', 204);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'counts a visitor once however many instances see them (one salt a day, shared)',
    async () => {
      const peer = await createPeerApp(ctx);
      const from = nextAddress();
      await beacon({ body: pageview('/'), from });
      const other = await peer.app.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress: from,
        headers: { 'content-type': 'text/plain', 'user-agent': DESKTOP },
        payload: JSON.stringify(pageview('/about')),
      });
      expect(other.statusCode).toBe(204);
      await peer.app.deps.analyticsCollector.flush();
      const rows = await stored();
      expect(rows.map((r) => r.path).sort()).toEqual(['/', '/about']);
      expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
    },
  );

  it('lands a store badge click with its app, store and the visitor platform', async () => {
    await beacon({ body: { n: 'store', p: `/apps/${appSlug}`, a: appId, t: 'appStore' }, userAgent: IPHONE });
    await beacon({ body: { n: 'store', p: `/apps/${appSlug}`, a: appId, t: 'googlePlay' }, userAgent: PIXEL });
    await beacon({ body: { n: 'outbound', p: `/apps/${appSlug}`, a: appId, t: 'trailer' }, userAgent: DESKTOP });
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.appId, r.target, r.platform, r.device, r.os])).toEqual([
      ['store', appId, 'appStore', 'ios', 'phone', 'iOS'],
      ['store', appId, 'googlePlay', 'android', 'phone', 'Android'],
      ['outbound', appId, 'trailer', null, 'desktop', 'Windows'],
    ]);
  });
});

describe('the server’s own events', () => {
  it('records a sign-up and its confirmation per list, and contact and press-copy messages', async () => {
    const from = nextAddress();
    const headers = { 'user-agent': PIXEL, origin: ctx.config.siteUrl };
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      remoteAddress: from,
      headers,
      payload: { email: 'reader@example.com', list: `app:${soonId}`, consent: true },
    });
    expect(signUp.statusCode, signUp.body).toBe(202);
    const token = await confirmationToken('reader@example.com');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/subscription-confirmations/${token}`,
      remoteAddress: from,
      headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: from,
      headers,
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        subject: 'Hi',
        message: 'Hello, studio!',
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const press = await ctx.app.inject({
      method: 'POST',
      url: '/api/press-requests',
      remoteAddress: from,
      headers,
      payload: { name: 'Nellie Bly', email: 'nellie@example.com', outlet: 'The Paper', appId },
    });
    expect(press.statusCode, press.body).toBe(201);
    const rows = await stored();
    // A sign-up in the default language is in its code; a message's language is not known.
    expect(rows.map((r) => [r.name, r.target, r.appId, r.locale])).toEqual([
      ['signup', `app:${soonId}`, soonId, 'en'],
      ['confirm', `app:${soonId}`, soonId, 'en'],
      ['message', 'contact', null, ''],
      ['message', 'press', appId, ''],
    ]);
    // One visitor throughout: the same address and browser on one day.
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
  });

  it('counts a form sent without JavaScript as its visitor, and not at all when staff send it signed in', async () => {
    const send = (cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/contact',
        remoteAddress: nextAddress(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': DESKTOP,
          origin: ctx.config.siteUrl,
          ...(cookie ? { cookie } : {}),
        },
        payload: new URLSearchParams({
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.com',
          subject: 'Hello',
          message: 'Sent the plain way.',
        }).toString(),
      });
    const signedIn = await send(editor);
    expect(signedIn.statusCode, signedIn.body).toBe(303);
    expect(await stored()).toEqual([]);
    const visitor = await send();
    expect(visitor.statusCode, visitor.body).toBe(303);
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.target])).toEqual([['message', 'contact']]);
    expect(rows[0]!.visitor).not.toBe('');
  });

  it('does not record a sign-up from a visitor who asked not to be tracked', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      remoteAddress: nextAddress(),
      headers: { 'user-agent': DESKTOP, 'sec-gpc': '1' },
      payload: { email: 'quiet@example.com', list: 'studio', consent: true },
    });
    expect(res.statusCode).toBe(202);
    expect(await stored()).toEqual([]);
  });
});

async function confirmationToken(address: string): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const mail = smtp.mails.find((m) => m.to.includes(address));
    const found = mail && /\/subscriptions\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (found) return found[1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no confirmation mail to ${address}`);
}

describe('nothing kept on the visitor, nothing kept of them', () => {
  it('sets no cookie on public pages', async () => {
    for (const url of ['/', `/apps/${appSlug}`, '/privacy']) {
      const res = await ctx.app.inject({ url, headers: { 'user-agent': DESKTOP } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('marks an app’s pages with their app, for the beacon', async () => {
    const page = await ctx.app.inject({ url: `/apps/${appSlug}` });
    expect(page.body).toContain(`<body data-app="${appId}">`);
    const home = await ctx.app.inject({ url: '/' });
    expect(home.body).toContain('<body>');
  });

  it('keeps the raw address and User-Agent nowhere in the database or its backup', async () => {
    const address = '203.0.113.199';
    const userAgent = `${DESKTOP} RawAgentMarker/1.0`;
    await beacon({ body: pageview('/'), from: address, userAgent });
    await beacon({ body: { n: 'store', p: '/', a: appId, t: 'appStore' }, from: address, userAgent });
    expect(await stored()).toHaveLength(2);
    for (const table of ['analytics_events', 'analytics_salts', 'analytics_daily', 'analytics_rollups']) {
      const rows = await ctx.database.db.execute(
        sql`select row_to_json(t)::text as json from ${sql.identifier(table)} t`,
      );
      const text = (rows as unknown as { rows: { json: string }[] }).rows.map((r) => r.json).join('\n');
      expect(text, table).not.toContain(address);
      expect(text, table).not.toContain('RawAgentMarker');
    }
    const backup = (await exportArchive(ctx.database.db, ctx.clock.now())).toString('utf8');
    expect(backup).not.toContain(address);
    expect(backup).not.toContain('RawAgentMarker');
    // The salts are not in backups: one would outlive its 48 hours there.
    expect(backup).not.toContain('analytics_salts');
  });

  it('deletes a day’s salt 48 hours after the day ends', async () => {
    const collector = ctx.app.deps.analyticsCollector;
    await beacon({ body: pageview('/') });
    await stored();
    const days = async () => (await ctx.database.db.select().from(analyticsSalts)).map((s) => s.day).sort();
    expect(await days()).toContain('2026-11-20');
    // 2026-11-20 ends at 21 00:00; it is kept until 23 00:00.
    ctx.clock.set(new Date('2026-11-22T23:59:59Z'));
    await collector.tick();
    expect(await days()).toContain('2026-11-20');
    ctx.clock.set(new Date('2026-11-23T00:00:00Z'));
    await collector.tick();
    expect(await days()).not.toContain('2026-11-20');
    expect(await days()).not.toContain('2026-11-19');
  });
});

describe('shutdown', () => {
  it('writes what was counted before the app closes', async () => {
    // The batch writer's loop runs every second: stopped, so only the shutdown can write these.
    await ctx.app.deps.analyticsCollector.stop();
    await beacon({ body: pageview('/before-shutdown') });
    await beacon({ body: pageview('/before-shutdown') });
    expect(await ctx.database.db.select().from(analyticsEvents)).toEqual([]);
    Object.assign(ctx, await restartTestApp(ctx));
    const rows = await ctx.database.db.select().from(analyticsEvents);
    expect(rows.map((r) => r.path)).toEqual(['/before-shutdown', '/before-shutdown']);
  });
});
