// The admin's figures (issue 27): administrators only; every part of a range, or one; the filters per
// app and language; today's events read live beside rolled-up days and the same figures once every
// day is rolled up; vitals' 75th percentile and rating; validation; the CSV per report; the raw-days
// setting; removing the sample.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsRollups } from '../../db/schema';
import { api } from '../../../shared/paths';
import { analyticsQuery, type Analytics } from '../../../shared/schemas/analytics-reports';
import { expectError, expectInvalid, expectUnauthenticated, ok } from '../../../../tests/setup/api';
import { dayFrom, insertEvents, type TestEvent } from '../../../../tests/setup/analytics-events';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { rollUpDay } from './rollup';

const ctx = useStaffApp();
const db = () => ctx.app.deps.database.db;
const day = (n: number) => dayFrom(ctx.clock.now(), n);

const figures = async (query: Record<string, string | number | undefined> = {}) =>
  ok<Analytics>(ctx.get(`${api.analytics}?${analyticsQuery(query)}`, ctx.admin));

let appId: number;

/** A query the route refuses: 400 in the one error shape, naming the field. */
function expectBadQuery(res: Parameters<typeof expectError>[0], path: string, message?: string) {
  const body = expectError(res, 400, 'BAD_REQUEST');
  const issue = body.issues?.find((i) => i.path === path);
  expect(issue, res.body).toBeDefined();
  if (message !== undefined) expect(issue!.message).toBe(message);
}

/** Three days of visits: two apps, two languages, a phone and a desktop, referrers, a campaign, badges, a funnel. */
function visits(): TestEvent[] {
  const events: TestEvent[] = [];
  for (const n of [-2, -1, 0]) {
    const d = day(n);
    events.push(
      { day: d, visitor: `a${n}`, path: '/', device: 'desktop', os: 'Windows', locale: 'en' },
      { day: d, visitor: `a${n}`, path: `/apps/space-cats`, appId, device: 'desktop', os: 'Windows', locale: 'en' },
      {
        day: d,
        visitor: `b${n}`,
        path: '/de/apps/space-cats',
        appId,
        locale: 'de',
        device: 'phone',
        os: 'iOS',
        referrerHost: 'news.example',
        utmSource: 'news',
        utmMedium: 'email',
        utmCampaign: 'launch',
      },
      {
        day: d,
        visitor: `b${n}`,
        name: 'store',
        target: 'appStore',
        platform: 'ios',
        appId,
        locale: 'de',
        path: '/de/apps/space-cats',
      },
      {
        day: d,
        visitor: `a${n}`,
        name: 'store',
        target: 'googlePlay',
        platform: 'other',
        appId,
        locale: 'en',
        path: '/apps/space-cats',
      },
      { day: d, visitor: `b${n}`, name: 'signup', target: `app:${appId}`, appId, locale: 'de' },
      { day: d, visitor: '', name: 'confirm', target: `app:${appId}`, appId, locale: 'de' },
      { day: d, visitor: `a${n}`, name: 'outbound', target: 'trailer', appId, locale: 'en', path: '/apps/space-cats' },
      { day: d, visitor: '', name: 'message', target: 'contact', locale: 'en' },
      { day: d, visitor: `a${n}`, name: 'vital', target: 'LCP', value: 1000 + 1000 * (n + 2), path: '/' },
    );
  }
  // A fourth LCP on / (today): 1000, 2000, 3000, 4100 → 75th percentile in the 3000 bucket.
  events.push({ day: day(0), visitor: 'c', name: 'vital', target: 'LCP', value: 4100, path: '/' });
  events.push({ day: day(0), visitor: 'c', name: 'vital', target: 'CLS', value: 0.02, path: '/about' });
  return events;
}

beforeAll(async () => {
  ctx.clock.set(new Date(`${ctx.clock.start.toISOString().slice(0, 10)}T12:00:00Z`));
  appId = (await ctx.make.makeApp({ title: 'Space Cats' })).id;
  await insertEvents(db(), visits());
});

describe('GET /api/admin/analytics', () => {
  it('is for administrators', async () => {
    for (const url of [api.analytics, `${api.analyticsCsv}?report=pages`, api.analyticsSettings]) {
      expectUnauthenticated(await ctx.get(url));
      expectError(await ctx.get(url, ctx.editor), 403, 'FORBIDDEN');
    }
    expectError(await ctx.send('PUT', api.analyticsSettings, { rawDays: 10 }), 403, 'FORBIDDEN');
    expectError(await ctx.send('DELETE', api.analyticsSample), 403, 'FORBIDDEN');
  });

  it('answers the last 30 days by default, every day in the series, with each part', async () => {
    const all = await figures();
    expect(all).toMatchObject({ from: day(-29), to: day(0), appId: null, locale: null, sample: false });
    expect(all.series).toHaveLength(30);
    expect(all.series!.slice(-3)).toEqual([
      { day: day(-2), views: 3, visitors: 2 },
      { day: day(-1), views: 3, visitors: 2 },
      { day: day(0), views: 3, visitors: 2 },
    ]);
    expect(all.totals).toEqual({ views: 9, visitors: 6 });
    expect(all.pages).toEqual([
      { key: '/', count: 3, visitors: 3 },
      { key: '/apps/space-cats', count: 3, visitors: 3 },
      { key: '/de/apps/space-cats', count: 3, visitors: 3 },
    ]);
    expect(all.apps).toEqual([{ key: String(appId), appId, title: 'Space Cats', count: 6, visitors: 6 }]);
    expect(all.locales).toEqual([
      { key: 'en', count: 6, visitors: 3 },
      { key: 'de', count: 3, visitors: 3 },
    ]);
    expect(all.referrers).toEqual([
      { key: '', count: 6, visitors: 3 },
      { key: 'news.example', count: 3, visitors: 3 },
    ]);
    expect(all.campaigns).toEqual([
      { key: 'news\temail\tlaunch', source: 'news', medium: 'email', campaign: 'launch', count: 3, visitors: 3 },
    ]);
    expect(all.devices).toEqual([
      { key: 'desktop', count: 6, visitors: 3 },
      { key: 'phone', count: 3, visitors: 3 },
    ]);
    expect(all.os!.map((r) => r.key)).toEqual(['Windows', 'iOS']);
    expect(all.countries).toEqual([]);
    expect(all.stores).toEqual([
      { key: 'appStore\tios', store: 'appStore', platform: 'ios', count: 3, visitors: 3 },
      { key: 'googlePlay\tother', store: 'googlePlay', platform: 'other', count: 3, visitors: 3 },
    ]);
    expect(all.outbound).toEqual([{ key: 'trailer', count: 3, visitors: 3 }]);
    expect(all.funnel).toEqual([
      { list: `app:${appId}`, appId, title: 'Space Cats', visitors: 6, signups: 3, confirmations: 3, rate: 0.5 },
    ]);
    expect(all.messages).toEqual([{ key: 'contact', count: 3, visitors: 0 }]);
    expect(all.vitals).toEqual([
      { metric: 'LCP', path: '/', p75: 3000, count: 4, rating: 'needs-improvement' },
      { metric: 'CLS', path: '/about', p75: 0.02, count: 1, rating: 'good' },
    ]);
  });

  it('filters by app and by language, and answers one part when asked', async () => {
    const app = await figures({ app: appId });
    expect(app.totals).toEqual({ views: 6, visitors: 6 });
    expect(app.pages!.map((p) => p.key).sort()).toEqual(['/apps/space-cats', '/de/apps/space-cats']);
    const de = await figures({ locale: 'de' });
    expect(de.totals).toEqual({ views: 3, visitors: 3 });
    expect(de.devices).toEqual([{ key: 'phone', count: 3, visitors: 3 }]);
    const both = await figures({ app: appId, locale: 'en', report: 'stores' });
    expect(Object.keys(both).sort()).toEqual(['appId', 'from', 'locale', 'sample', 'stores', 'to']);
    expect(both.stores).toEqual([
      { key: 'googlePlay\tother', store: 'googlePlay', platform: 'other', count: 3, visitors: 3 },
    ]);
    const none = await figures({ app: appId + 1000 });
    expect(none.totals).toEqual({ views: 0, visitors: 0 });
    const range = await figures({ from: day(-1), to: day(-1), report: 'series' });
    expect(range.series).toEqual([{ day: day(-1), views: 3, visitors: 2 }]);
  });

  it('reads the same figures when past days are rolled up and today is live, and when all are', async () => {
    const week = { from: day(-6), to: day(0) };
    const filtered = { ...week, app: appId, locale: 'de' };
    const [before, filteredBefore] = [await figures(week), await figures(filtered)];
    await rollUpDay(db(), day(-2), ctx.clock.now());
    await rollUpDay(db(), day(-1), ctx.clock.now());
    expect(await figures(week)).toEqual(before);
    expect(await figures(filtered)).toEqual(filteredBefore);
    await rollUpDay(db(), day(0), ctx.clock.now());
    expect(await figures(week)).toEqual(before);
    expect(await figures(filtered)).toEqual(filteredBefore);
    // Today is live again (the periodic run never rolls it up).
    await db()
      .delete(analyticsDaily)
      .where(eq(analyticsDaily.day, day(0)));
    await db()
      .delete(analyticsRollups)
      .where(eq(analyticsRollups.day, day(0)));
  });

  it('refuses a bad range, app, language or report with the usual error shape', async () => {
    const bad = (query: Record<string, string>) => ctx.get(`${api.analytics}?${analyticsQuery(query)}`, ctx.admin);
    expectBadQuery(await bad({ from: '2026-02-30' }), 'from', 'From must be a date (YYYY-MM-DD)');
    expectBadQuery(await bad({ from: day(0), to: day(-1) }), 'to', 'To must not be before From');
    expectBadQuery(await bad({ from: day(-400), to: day(0) }), 'from', 'The range must be at most 400 days');
    expectBadQuery(await bad({ app: 'x' }), 'app', 'App must be an app id');
    expectBadQuery(await bad({ app: '0' }), 'app');
    expectBadQuery(await bad({ locale: 'not a language' }), 'locale');
    expectBadQuery(await bad({ report: 'everything' }), 'report', 'Unknown report');
    expectBadQuery(await ctx.get(api.analyticsCsv, ctx.admin), 'report');
    // 400 days, both counted, is the most.
    await ok(bad({ from: day(-399), to: day(0), report: 'series' }));
  });
});

describe('the CSV per report', () => {
  it('writes one report with its header, every row, and the range in its name', async () => {
    const res = await ctx.get(
      `${api.analyticsCsv}?${analyticsQuery({ report: 'stores', from: day(-6), to: day(0) })}`,
      ctx.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="analytics-stores-${day(-6)}-${day(0)}.csv"`);
    expect(res.body).toBe('\uFEFFstore,platform,clicks,visitors\r\nappStore,ios,3,3\r\ngooglePlay,other,3,3\r\n');
    const referrers = await ctx.get(`${api.analyticsCsv}?report=referrers`, ctx.admin);
    expect(referrers.body).toContain('(direct),6,3\r\n');
    const funnel = await ctx.get(`${api.analyticsCsv}?report=funnel`, ctx.admin);
    expect(funnel.body).toContain(`app:${appId},Space Cats,6,3,3,0.5000\r\n`);
  });
});

describe('the raw-days setting', () => {
  it('is 30 by default, between 1 and 365, and audit-logged when changed', async () => {
    expect(await ok(ctx.get(api.analyticsSettings, ctx.admin))).toEqual({ rawDays: 30 });
    const rule = 'Keep raw events between 1 and 365 days';
    for (const rawDays of [0, 366, 1.5, 'x']) {
      expectInvalid(await ctx.send('PUT', api.analyticsSettings, { rawDays }, ctx.admin), 'rawDays', rule);
    }
    expect(await ok(ctx.send('PUT', api.analyticsSettings, { rawDays: 90 }, ctx.admin))).toEqual({ rawDays: 90 });
    expect(await ok(ctx.get(api.analyticsSettings, ctx.admin))).toEqual({ rawDays: 90 });
    const [entry] = await ok<{ action: string; changes: unknown }[]>(
      ctx.get(`${api.auditLog}?target=settings:analytics-raw-days`, ctx.admin),
    );
    expect(entry).toMatchObject({
      action: 'settings.update',
      changes: { analyticsRawDays: { before: 30, after: 90 } },
    });
  });
});

describe('removing the sample', () => {
  it('takes the sample rows from the raw events and the totals, and nothing else', async () => {
    const d = day(-20);
    await insertEvents(db(), [
      { day: d, visitor: 's1', sample: true },
      { day: d, visitor: 's2', sample: true },
      { day: day(0), visitor: 's3', sample: true },
    ]);
    await rollUpDay(db(), d, ctx.clock.now());
    const withSample = await figures({ report: 'series' });
    expect(withSample.sample).toBe(true);
    expect(withSample.totals).toEqual({ views: 12, visitors: 9 });
    const removed = await ok<{ success: true; events: number; totals: number }>(
      ctx.send('DELETE', api.analyticsSample, undefined, ctx.admin),
    );
    expect(removed).toMatchObject({ success: true, events: 3 });
    expect(removed.totals).toBeGreaterThan(0);
    const after = await figures({ report: 'series' });
    expect(after.sample).toBe(false);
    expect(after.totals).toEqual({ views: 9, visitors: 6 });
  });
});
