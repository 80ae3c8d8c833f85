// The demo's sample figures (issue 27): a month of clearly labelled events, made with the demo
// content and only then.
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { analyticsEvents, apps } from '../../db/schema';
import { seed } from '../../seed/seed';
import { SAMPLE_DAYS } from './demo-analytics';

let ctx: TestContext;
const quiet = { info: () => {} };
const SEEDED_AT = new Date('2026-03-15T10:00:00Z');

const rows = () => ctx.database.db.select().from(analyticsEvents);
const counts = async () =>
  Object.fromEntries(
    (
      await ctx.database.db
        .select({ name: analyticsEvents.name, n: count() })
        .from(analyticsEvents)
        .groupBy(analyticsEvents.name)
    ).map((r) => [r.name, r.n]),
  );

beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);

describe('sample analytics with the demo content', () => {
  it('are not made without the demo content', async () => {
    await seed(ctx.database.db, { ...ctx.config, seedDemoContent: false }, quiet, () => SEEDED_AT);
    expect(await rows()).toHaveLength(0);
  });

  it('are a month of sample events of every kind, made with the demo content', async () => {
    const started = performance.now();
    const result = await seed(ctx.database.db, { ...ctx.config, seedDemoContent: true }, quiet, () => SEEDED_AT);
    console.log(`demo content with sample analytics seeded in ${Math.round(performance.now() - started)} ms`);
    expect(result.demoContentCreated).toBe(true);

    const events = await rows();
    expect(events.length).toBeGreaterThan(3000);
    expect(events.length).toBeLessThan(15_000);
    expect(events.every((e) => e.sample)).toBe(true);
    const byName = await counts();
    expect(Object.keys(byName).sort()).toEqual([
      'confirm',
      'message',
      'outbound',
      'pageview',
      'signup',
      'store',
      'vital',
    ]);
    expect(byName.confirm).toBeLessThan(byName.signup!);

    // The thirty days before the seed's, none on or after it.
    const days = [...new Set(events.map((e) => e.day))].sort();
    expect(days).toHaveLength(SAMPLE_DAYS);
    expect(days[0]).toBe('2026-02-13');
    expect(days.at(-1)).toBe('2026-03-14');
    for (const e of events) expect(e.at.toISOString().slice(0, 10), `${e.name} ${e.id}`).toBe(e.day);
  });

  it('look like real visits: the demo apps’ pages, both languages, phones and desktops, referrers and campaigns', async () => {
    const events = await rows();
    const views = events.filter((e) => e.name === 'pageview');
    const demoApps = await ctx.database.db.select({ id: apps.id, slug: apps.slug }).from(apps);
    for (const app of demoApps.slice(0, 2))
      expect(views.some((v) => v.path === `/apps/${app.slug}` && v.appId === app.id)).toBe(true);
    expect(views.some((v) => v.path === '/de' && v.locale === 'de')).toBe(true);
    expect(new Set(views.map((v) => v.locale))).toEqual(new Set(['en', 'de']));
    expect(new Set(views.map((v) => v.device))).toEqual(new Set(['phone', 'tablet', 'desktop']));
    expect(new Set(views.map((v) => v.referrerHost)).size).toBeGreaterThan(3);
    expect(views.filter((v) => v.utmCampaign).length).toBeGreaterThan(50);
    // Fewer visitors than views, more than one a day.
    const visitors = new Set(views.map((v) => `${v.day} ${v.visitor}`)).size;
    expect(visitors).toBeLessThan(views.length);
    expect(visitors).toBeGreaterThan(views.length / 3);

    const stores = events.filter((e) => e.name === 'store');
    expect(new Set(stores.map((e) => e.target))).toEqual(new Set(['appStore', 'googlePlay']));
    expect(stores.every((e) => e.appId !== null && ['ios', 'android', 'other'].includes(e.platform!))).toBe(true);
    const vitals = events.filter((e) => e.name === 'vital');
    expect(new Set(vitals.map((e) => e.target))).toEqual(new Set(['LCP', 'INP', 'CLS', 'TTFB']));
    expect(vitals.every((e) => e.value !== null && e.value >= 0)).toBe(true);
    expect(vitals.filter((e) => e.target === 'CLS').every((e) => e.value! < 1)).toBe(true);
    const signups = events.filter((e) => e.name === 'signup');
    expect(signups.some((e) => e.target === `app:${e.appId}`)).toBe(true);
  });

  it('are not made again on the next start', async () => {
    const before = (await rows()).length;
    const result = await seed(ctx.database.db, { ...ctx.config, seedDemoContent: true }, quiet, () => SEEDED_AT);
    expect(result.demoContentCreated).toBe(false);
    expect((await rows()).length).toBe(before);
    const [real] = await ctx.database.db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.sample, false), sql`true`));
    expect(real!.n).toBe(0);
  });
});
