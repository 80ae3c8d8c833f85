// Adding up (issue 27): a day's raw events become its totals, visitors distinct per day, once for the
// whole site and per app, per language and per both; vitals go to histogram buckets; the periodic
// run rolls up closed days only, is idempotent, and removes raw events past their retention only once
// their day is rolled up, keeping the totals.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsEvents, analyticsRollups } from '../../db/schema';
import { dayFrom, insertEvents } from '../../../../tests/setup/analytics-events';
import { onPostgres } from '../../../../tests/setup/servers';
import { createPeerApp, useStaffApp } from '../../../../tests/setup/test-app';
import { dailyRowsSql, daysToRollUp, removeRolledUpEvents, rollUpDay } from './rollup';

const ctx = useStaffApp();
// Noon: the run's "closed days" do not depend on the hour the tests run at.
beforeAll(() => ctx.clock.set(new Date(`${ctx.clock.start.toISOString().slice(0, 10)}T12:00:00Z`)));
const db = () => ctx.app.deps.database.db;
const day = (n: number) => dayFrom(ctx.clock.now(), n);

const daily = async (d: string, report: string) =>
  (
    await db()
      .select({
        key: analyticsDaily.key,
        appId: analyticsDaily.appId,
        locale: analyticsDaily.locale,
        count: analyticsDaily.count,
        visitors: analyticsDaily.visitors,
      })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.day, d), eq(analyticsDaily.report, report)))
  )
    .map((r) => `${r.key}|${r.appId}|${r.locale}|${r.count}|${r.visitors}`)
    .sort();
/** Expected rows, in the order `daily` sorts them (code points: the engines' collations differ). */
const rows = (...lines: string[]) => lines.sort();

const eventDays = async () =>
  (await db().selectDistinct({ day: analyticsEvents.day }).from(analyticsEvents).orderBy(analyticsEvents.day)).map(
    (r) => r.day,
  );

describe('rolling up a day', () => {
  it('counts views and distinct visitors (the same visitor once, events without one not at all)', async () => {
    const d = day(-50);
    await insertEvents(db(), [
      { day: d, visitor: 'a' },
      { day: d, visitor: 'a' },
      { day: d, visitor: 'a', path: '/about' },
      { day: d, visitor: 'b' },
      { day: d, visitor: '', name: 'confirm', target: 'studio' },
      { day: d, visitor: 'a', name: 'signup', target: 'studio' },
    ]);
    await rollUpDay(db(), d, ctx.clock.now());
    expect(await daily(d, 'total')).toEqual(rows('|0||4|2'));
    expect(await daily(d, 'page')).toEqual(rows('/|0||3|2', '/about|0||1|1'));
    expect(await daily(d, 'signup')).toEqual(rows('studio|0||1|1'));
    expect(await daily(d, 'confirm')).toEqual(rows('studio|0||1|0'));
  });

  it('writes each key for all apps and languages, per app, per language and per both', async () => {
    const d = day(-49);
    await insertEvents(db(), [
      { day: d, visitor: 'a', appId: 1, locale: 'de', path: '/de/apps/one' },
      { day: d, visitor: 'b', appId: 1, locale: 'en', path: '/apps/one' },
      { day: d, visitor: 'b', appId: 2, locale: 'en', path: '/apps/two' },
      // No app and no language: in the site's totals only.
      { day: d, visitor: 'c', locale: '' },
    ]);
    await rollUpDay(db(), d, ctx.clock.now());
    expect(await daily(d, 'total')).toEqual(
      rows('|0||4|3', '|0|de|1|1', '|0|en|2|1', '|1||2|2', '|1|de|1|1', '|1|en|1|1', '|2||1|1', '|2|en|1|1'),
    );
    expect(await daily(d, 'app')).toEqual(
      rows(
        '1|0||2|2',
        '1|0|de|1|1',
        '1|0|en|1|1',
        '1|1||2|2',
        '1|1|de|1|1',
        '1|1|en|1|1',
        '2|0||1|1',
        '2|0|en|1|1',
        '2|2||1|1',
        '2|2|en|1|1',
      ),
    );
    expect(await daily(d, 'locale')).toContain('de|0||1|1');
  });

  it('keys referrers, campaigns, devices, store clicks and vitals as the contract says', async () => {
    const d = day(-48);
    await insertEvents(db(), [
      { day: d, referrerHost: 'news.example', utmSource: 'news', utmMedium: 'email', device: 'phone', os: 'iOS' },
      { day: d, visitor: 'b', utmCampaign: 'launch', device: 'desktop', os: 'Windows' },
      { day: d, name: 'store', target: 'appStore', platform: 'ios', appId: 3 },
      { day: d, name: 'outbound', target: 'trailer' },
      { day: d, name: 'message', target: 'contact', visitor: '' },
      { day: d, name: 'vital', target: 'LCP', value: 2431 },
      { day: d, name: 'vital', target: 'LCP', value: 2400 },
      { day: d, name: 'vital', target: 'CLS', value: 0.29 },
      { day: d, name: 'vital', target: 'CLS', value: 0.137 },
      { day: d, name: 'vital', target: 'INP', value: 7.9, path: '/about' },
      { day: d, name: 'vital', target: 'TTFB', value: 0 },
    ]);
    await rollUpDay(db(), d, ctx.clock.now());
    expect(await daily(d, 'referrer')).toEqual(rows('|0||1|1', 'news.example|0||1|1'));
    expect(await daily(d, 'campaign')).toEqual(rows('\t\tlaunch|0||1|1', 'news\temail\t|0||1|1'));
    expect(await daily(d, 'device')).toEqual(rows('desktop|0||1|1', 'phone|0||1|1'));
    expect(await daily(d, 'os')).toEqual(rows('iOS|0||1|1', 'Windows|0||1|1'));
    expect(await daily(d, 'store')).toEqual(rows('appStore\tios|0||1|1', 'appStore\tios|3||1|1'));
    expect(await daily(d, 'outbound')).toEqual(rows('trailer|0||1|1'));
    expect(await daily(d, 'message')).toEqual(rows('contact|0||1|0'));
    expect(await daily(d, 'vital')).toEqual(
      rows(
        'CLS\t/\t0.13|0||1|1',
        'CLS\t/\t0.29|0||1|1',
        'INP\t/about\t0|0||1|1',
        'LCP\t/\t2400|0||2|1',
        'TTFB\t/\t0|0||1|1',
      ),
    );
  });

  it('keeps sample events apart and rewrites a day whole when rolled up again', async () => {
    const d = day(-47);
    await insertEvents(db(), [{ day: d }, { day: d, visitor: 's', sample: true }]);
    await rollUpDay(db(), d, ctx.clock.now());
    await insertEvents(db(), [{ day: d, visitor: 'late' }]);
    await rollUpDay(db(), d, ctx.clock.now());
    const totals = await db()
      .select({ count: analyticsDaily.count, visitors: analyticsDaily.visitors, sample: analyticsDaily.sample })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.day, d), eq(analyticsDaily.report, 'total'), eq(analyticsDaily.appId, 0)))
      .orderBy(analyticsDaily.sample);
    expect(totals).toEqual([
      { count: 2, visitors: 2, sample: false },
      { count: 1, visitors: 1, sample: true },
    ]);
    const [rollup] = await db().select().from(analyticsRollups).where(eq(analyticsRollups.day, d));
    expect(rollup?.rolledAt).toEqual(ctx.clock.now());
  });

  it('dailyRowsSql answers a range of days at once, each day apart', async () => {
    const found = (
      (await db().execute(
        sql`select day, count from (${dailyRowsSql(day(-50), day(-49))}) d where report = 'total' and app_id = 0 and locale = '' order by day`,
      )) as unknown as { rows: { day: string; count: number }[] }
    ).rows;
    expect(found).toEqual([
      { day: day(-50), count: 4 },
      { day: day(-49), count: 4 },
    ]);
  });
});

describe('the periodic run', () => {
  it('rolls up each closed day not yet rolled up, never today, and is idempotent', async () => {
    await insertEvents(db(), [{ day: day(-3) }, { day: day(-1) }, { day: day(0) }]);
    // Just after midnight, yesterday is not closed yet: its last batched events may still land.
    expect(await daysToRollUp(db(), day(-1))).toEqual([day(-3)]);
    const run = await ctx.app.deps.analyticsRollup.runNow();
    expect(run.rolledUp).toEqual([day(-3), day(-1)]);
    expect((await ctx.app.deps.analyticsRollup.runNow()).rolledUp).toEqual([]);
    expect(await daysToRollUp(db(), day(1))).toEqual([day(0)]);
  });

  it('removes raw events past the retention only once their day is rolled up, and keeps the totals', async () => {
    const old = day(-40);
    await insertEvents(db(), [{ day: old }, { day: old, visitor: 'b' }]);
    // Not rolled up yet: retention leaves it.
    expect(await removeRolledUpEvents(db(), day(-30))).toBe(0);
    expect(await eventDays()).toContain(old);
    const run = await ctx.app.deps.analyticsRollup.runNow();
    expect(run.rolledUp).toEqual([old]);
    // Everything rolled up and older than 30 days goes: the days of the first tests too.
    expect(run.removed).toBeGreaterThanOrEqual(2);
    expect((await eventDays()).filter((d) => d < day(-30))).toEqual([]);
    expect(await daily(old, 'total')).toEqual(rows('|0||2|2'));
    expect(await daily(day(-50), 'total')).toEqual(['|0||4|2']);
    // Younger raw events stay.
    expect(await eventDays()).toEqual([day(-3), day(-1), day(0)]);
  });

  it.runIf(onPostgres)('is safe on several instances: two rolling up the same day at once write it once', async () => {
    const peer = await createPeerApp(ctx);
    const d = day(-10);
    await insertEvents(db(), [{ day: d }, { day: d, visitor: 'b' }, { day: d, visitor: 'b', appId: 4 }]);
    const runs = await Promise.all([ctx.app.deps.analyticsRollup.runNow(), peer.app.deps.analyticsRollup.runNow()]);
    // Each rolled up what it found; the day's rows are one set whichever wrote last.
    expect(runs.flatMap((r) => r.rolledUp)).toContain(d);
    expect(await daily(d, 'total')).toEqual(rows('|0||3|2', '|4||1|1'));
  });
});
