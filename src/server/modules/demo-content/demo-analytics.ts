// The demo's sample figures (issue 27): a month of made-up visits to the demo studio's pages, so the
// Analytics screen shows something on a fresh start. Every row is analytics_events.sample = true
// (the screen labels them, one click removes them). Written by a handful of INSERT … SELECT over
// generate_series, deterministic (hashes of the day and the row stand for chance), so the start
// stays fast: about 6,700 rows in about a second on PGlite.
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { paths } from '../../../shared/paths';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import type { SeededDemo } from './demo-translations';

/** Days of sample visits, ending the day before the seed's. */
export const SAMPLE_DAYS = 30;

interface SamplePage {
  path: string;
  appId: number | null;
}

/** The pages visits land on, each repeated by how often it is visited. */
function samplePages(demo: SeededDemo): SamplePage[] {
  const pages: SamplePage[] = [];
  const add = (path: string, appId: number | null, weight: number) => {
    for (let i = 0; i < weight; i++) pages.push({ path, appId });
  };
  add(paths.home, null, 8);
  add(paths.apps, null, 3);
  add(paths.blogIndex, null, 2);
  add(paths.about, null, 1);
  add(paths.contact, null, 1);
  add(paths.privacy, null, 1);
  add(paths.press, null, 1);
  for (const [i, app] of demo.apps.entries()) {
    // The first games are the popular ones.
    add(paths.app(app.slug), app.id, i < 2 ? 6 : 3);
    if (app.hasPages) add(paths.appSupport(app.slug), app.id, 1);
  }
  const appOf = new Map(demo.apps.map((a) => [a.slug, a.id]));
  for (const post of demo.posts)
    add(paths.blogPost(post.id), post.appSlug === null ? null : (appOf.get(post.appSlug) ?? null), 1);
  return pages;
}

/** A whole number in [0, n) that looks random but is the same every time for the same `seed` text. */
const chance = (seed: SQL, n: number) => sql`((hashtext(${seed})::bigint + 2147483648) % ${sql.raw(String(n))})`;

const INSERT = sql`insert into analytics_events
  (at, day, name, visitor, path, app_id, locale, referrer_host, utm_source, utm_medium, utm_campaign,
   device, os, target, platform, value, sample)`;

/** Inserts the sample events for the demo `demo`, seeded at `at`; returns how many rows were written. */
export async function seedSampleAnalytics(db: Db, demo: SeededDemo, at: Date): Promise<number> {
  const today = at.toISOString().slice(0, 10);
  const pages = samplePages(demo);
  const pageRows = sql.join(
    pages.map((p, i) => sql`(${sql.raw(String(i))}, ${p.path}::text, ${p.appId}::int)`),
    sql`, `,
  );
  const appPaths = sql.join(
    demo.apps.map((a) => sql`${paths.app(a.slug)}`),
    sql`, `,
  );

  // Page views: 70 to 150 a day, more at weekends and more lately; a quarter in German; about three
  // views for each two visitors; referrers, campaigns, devices and systems in believable shares.
  // None after 23:00, so what follows a view (at most half an hour later) is on the same day.
  await db.execute(sql`
    with views as (
      select d, i, n,
        ${chance(sql`d::text || ':' || i::text || ':page'`, pages.length)} as page,
        ${chance(sql`d::text || ':' || i::text || ':lang'`, 100)} as lang,
        ${chance(sql`d::text || ':' || i::text || ':ref'`, 100)} as ref,
        ${chance(sql`d::text || ':' || i::text || ':utm'`, 100)} as utm,
        ${chance(sql`d::text || ':' || i::text || ':device'`, 100)} as dev,
        ${chance(sql`d::text || ':' || i::text || ':os'`, 100)} as os,
        ${chance(sql`d::text || ':' || i::text || ':second'`, 82_800)} as second,
        ${chance(sql`d::text || ':' || i::text || ':who'`, 1_000_000)} as who
      from generate_series(1, ${SAMPLE_DAYS}::int) as d,
        lateral (select 70 + 2 * (${SAMPLE_DAYS}::int - d) + case when d % 7 in (0, 6) then 25 else 0 end as n) as c,
        lateral generate_series(1, c.n) as i
    ),
    pages(idx, path, app_id) as (values ${pageRows})
    ${INSERT}
    select
      ${`${today}T00:00:00Z`}::timestamptz - make_interval(days => v.d) + make_interval(secs => v.second),
      ${today}::date - v.d,
      'pageview',
      md5('sample:' || v.d::text || ':' || (v.who % (v.n * 2 / 3))::text),
      case when v.lang < 25 then '/de' || case when p.path = '/' then '' else p.path end else p.path end,
      p.app_id,
      case when v.lang < 25 then 'de' else 'en' end,
      case
        when v.ref < 45 then null
        when v.ref < 65 then 'www.google.com'
        when v.ref < 73 then 'duckduckgo.com'
        when v.ref < 83 then 'www.reddit.com'
        when v.ref < 90 then 'news.ycombinator.com'
        else 'toucharcade.com'
      end,
      case when v.utm < 6 then 'newsletter' when v.utm < 11 then 'instagram' when v.utm < 13 then 'bluesky' end,
      case when v.utm < 6 then 'email' when v.utm < 13 then 'social' end,
      case when v.utm < 6 then 'autumn-news' when v.utm < 11 then 'lantern-drift-launch' when v.utm < 13 then 'devlog' end,
      case when v.dev < 55 then 'phone' when v.dev < 62 then 'tablet' else 'desktop' end,
      case
        when v.dev < 62 then case when v.os < 55 then 'iOS' else 'Android' end
        when v.os < 58 then 'Windows'
        when v.os < 88 then 'macOS'
        when v.os < 96 then 'Linux'
        else 'ChromeOS'
      end,
      null, null, null, true
    from views v join pages p on p.idx = v.page`);

  // What visitors did on the pages they viewed: the same visitor, device and language.
  const from = sql`from analytics_events e where e.sample and e.name = 'pageview'`;
  const odds = (salt: string, n: number) => chance(sql`e.id::text || ${`:${salt}`}`, n);
  const unlocalized = sql`regexp_replace(e.path, '^/de(?=/|$)', '')`;
  const plain = sql`case when ${unlocalized} = '' then '/' else ${unlocalized} end`;
  await db.execute(sql`
    ${INSERT}
    -- Store badges pressed on an app's page: the store of the visitor's phone, either from a desktop.
    select e.at + interval '40 seconds', e.day, 'store', e.visitor, e.path, e.app_id, e.locale,
      null, null, null, null, e.device, e.os,
      case when e.os = 'iOS' then 'appStore' when e.os = 'Android' then 'googlePlay'
        when ${odds('store', 2)} = 0 then 'appStore' else 'googlePlay' end,
      case when e.os = 'iOS' then 'ios' when e.os = 'Android' then 'android' else 'other' end,
      null::float8, true
    ${from} and ${plain} in (${appPaths}) and ${odds('badge', 100)} < 9
    union all
    -- Trailers played on an app's page, press kits downloaded from the press page.
    select e.at + interval '20 seconds', e.day, 'outbound', e.visitor, e.path, e.app_id, e.locale,
      null, null, null, null, e.device, e.os,
      case when ${plain} = ${paths.press} then 'press-kit' else 'trailer' end, null, null, true
    ${from} and ((${plain} in (${appPaths}) and ${odds('trailer', 100)} < 6)
      or (${plain} = ${paths.press} and ${odds('kit', 100)} < 25))
    union all
    -- Notify-me sign-ups from an app's page, newsletter sign-ups from the home page.
    select e.at + interval '90 seconds', e.day, 'signup', e.visitor, '', e.app_id, e.locale,
      null, null, null, null, null, null,
      case when e.app_id is null then 'studio' else 'app:' || e.app_id::text end, null, null, true
    ${from} and ((${plain} in (${appPaths}) and ${odds('signup', 100)} < 3)
      or (${plain} = '/' and ${odds('news', 100)} < 1))
    union all
    -- Messages sent from the contact page.
    select e.at + interval '3 minutes', e.day, 'message', e.visitor, '', null, e.locale,
      null, null, null, null, null, null, 'contact', null, null, true
    ${from} and ${plain} = ${paths.contact} and ${odds('message', 100)} < 12
    union all
    -- Web Vitals from one view in four: slower on phones, a few poor pages.
    select e.at + interval '30 seconds', e.day, 'vital', e.visitor, e.path, e.app_id, e.locale,
      null, null, null, null, e.device, e.os, m.metric,
      null,
      case m.metric
        when 'LCP' then 700 + ${odds('lcp', 1600)} + case when e.device = 'phone' then ${odds('lcp-phone', 1800)} else 0 end
        when 'INP' then 24 + ${odds('inp', 180)} + case when e.device = 'phone' then ${odds('inp-phone', 160)} else 0 end
        when 'CLS' then ${odds('cls', 100)}::float8 / 100 * case when ${odds('cls-bad', 10)} = 0 then 0.4 else 0.08 end
        else 60 + ${odds('ttfb', 500)} + case when ${odds('ttfb-slow', 20)} = 0 then 1200 else 0 end
      end,
      true
    from analytics_events e cross join (values ('LCP'), ('INP'), ('CLS'), ('TTFB')) as m(metric)
    where e.sample and e.name = 'pageview' and ${odds('vitals', 4)} = 0`);

  // Sign-ups confirmed from the mail's link (no visitor: a link in a mail is not a page view).
  await db.execute(sql`
    ${INSERT}
    select e.at + interval '25 minutes', e.day, 'confirm', '', '', e.app_id, e.locale,
      null, null, null, null, null, null, e.target, null, null, true
    from analytics_events e
    where e.sample and e.name = 'signup' and ${chance(sql`e.id::text || ':confirm'`, 100)} < 70`);

  const [row] = await db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.sample, true));
  return row?.n ?? 0;
}
