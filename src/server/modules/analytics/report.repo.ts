// Reading the figures (issue 27): each part of GET /api/admin/analytics from the daily totals of the
// days already rolled up (analytics_daily, by its (report, app_id, locale, day) index) plus the raw
// events of the days that are not (today, and yesterday until its rollup), added up by the same SQL
// as the rollup: today's visits show at once and a day reads the same before and after its rollup.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { KEY_SEPARATOR, VITAL_THRESHOLDS, VITALS, type Report, type Vital } from '../../../shared/analytics';
import {
  ANALYTICS_TOP,
  type Analytics,
  type AnalyticsPart,
  type AnalyticsRow,
  type VitalRating,
} from '../../../shared/schemas/analytics-reports';
import type { Db } from '../../db/client';
import { apps } from '../../db/schema';
import { eventKeysSql } from './rollup';
import { rowsOf } from '../../db/rows';

/** A resolved query: the range's days (UTC) and the filters. */
export interface AnalyticsRange {
  from: string;
  to: string;
  appId?: number;
  locale?: string;
}

/** The parts' answers, as in the JSON. */
export type AnalyticsParts = Omit<Analytics, 'from' | 'to' | 'appId' | 'locale' | 'sample'>;

const DAY_MS = 86_400_000;

/** Each day from `from` to `to`. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** Google's rating of a 75th percentile. */
export function ratingOf(metric: Vital, p75: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return p75 <= good ? 'good' : p75 > poor ? 'poor' : 'needs-improvement';
}

/**
 * The 75th percentile of a histogram: the lower bound of the bucket that holds the value three
 * quarters of the way up (within one bucket's width of the exact figure).
 */
export function p75Of(buckets: { bucket: number; count: number }[]): number {
  const sorted = [...buckets].sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((n, b) => n + b.count, 0);
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= rank) return b.bucket;
  }
  return sorted.at(-1)?.bucket ?? 0;
}

const split = (key: string, parts: number) => {
  const fields = key.split(KEY_SEPARATOR);
  return Array.from({ length: parts }, (_, i) => fields[i] ?? '');
};

export function analyticsReportRepo(db: Db) {
  /** The range's days whose totals are not written yet: their figures come from the raw events. */
  const liveDays = async (range: AnalyticsRange): Promise<string[]> =>
    rowsOf<{ day: string }>(
      await db.execute(sql`select d::date::text as day
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
        where not exists (select 1 from analytics_rollups r where r.day = d::date)`),
    ).map((r) => r.day);

  /**
   * One report's figures added up by key (or by day): the rolled-up days' rows of the filter's
   * grouping set, and the live days' events grouped the same way (visitors distinct per day).
   */
  const sumBy = async (
    range: AnalyticsRange,
    live: readonly string[],
    report: Report,
    by: 'key' | 'day',
    limit?: number,
  ): Promise<AnalyticsRow[]> => {
    const group = by === 'key' ? sql`key` : sql`day::text`;
    const liveRows = live.length
      ? sql`union all
        select k.day, k.key, count(*)::int as count, count(distinct nullif(k.visitor, ''))::int as visitors,
          bool_or(k.sample) as sample
        from (${eventKeysSql(range.from, range.to, { reports: [report], appId: range.appId, locale: range.locale, days: live })}) k
        group by k.day, k.key`
      : sql``;
    const rows = rowsOf<AnalyticsRow & { sample: boolean }>(
      await db.execute(sql`select ${group} as key, sum(count)::int as count, sum(visitors)::int as visitors,
          bool_or(sample) as sample
        from (
          select day, key, count, visitors, sample from analytics_daily
          where report = ${report} and app_id = ${range.appId ?? 0} and locale = ${range.locale ?? ''}
            and day between ${range.from}::date and ${range.to}::date
          ${liveRows}
        ) r
        group by ${group}
        order by ${by === 'key' ? sql`count desc, key` : sql`key`}
        ${limit ? sql`limit ${limit}` : sql``}`),
    );
    if (rows.some((r) => r.sample)) sampled.add(range);
    return rows.map(({ sample: _sample, ...row }) => row);
  };
  /** The ranges whose reads met sample rows (a read's own rows say so; no second scan of the events). */
  const sampled = new WeakSet<AnalyticsRange>();

  const titles = async (ids: number[]): Promise<Map<number, string>> => {
    if (!ids.length) return new Map();
    const rows = await db.select({ id: apps.id, title: apps.title }).from(apps).where(inArray(apps.id, ids));
    return new Map(rows.map((r) => [r.id, r.title]));
  };
  const titleOf = (names: Map<number, string>, id: number) => names.get(id) ?? `App ${id}`;

  type Reader = (range: AnalyticsRange, live: readonly string[], limit?: number) => Promise<Partial<AnalyticsParts>>;
  const plain =
    (report: Report, part: keyof AnalyticsParts): Reader =>
    async (range, live, limit) => ({ [part]: await sumBy(range, live, report, 'key', limit) });

  const READERS: Record<AnalyticsPart, Reader> = {
    async series(range, live) {
      const rows = new Map((await sumBy(range, live, 'total', 'day')).map((r) => [r.key, r]));
      const series = daysOf(range.from, range.to).map((day) => ({
        day,
        views: rows.get(day)?.count ?? 0,
        visitors: rows.get(day)?.visitors ?? 0,
      }));
      const totals = series.reduce((t, d) => ({ views: t.views + d.views, visitors: t.visitors + d.visitors }), {
        views: 0,
        visitors: 0,
      });
      return { series, totals };
    },
    pages: plain('page', 'pages'),
    async apps(range, live, limit) {
      const rows = (await sumBy(range, live, 'app', 'key', limit)).filter((r) => /^\d+$/.test(r.key));
      const names = await titles(rows.map((r) => Number(r.key)));
      return { apps: rows.map((r) => ({ ...r, appId: Number(r.key), title: titleOf(names, Number(r.key)) })) };
    },
    locales: plain('locale', 'locales'),
    referrers: plain('referrer', 'referrers'),
    async campaigns(range, live, limit) {
      const rows = await sumBy(range, live, 'campaign', 'key', limit);
      return {
        campaigns: rows.map((r) => {
          const [source, medium, campaign] = split(r.key, 3);
          return { ...r, source: source!, medium: medium!, campaign: campaign! };
        }),
      };
    },
    devices: plain('device', 'devices'),
    os: plain('os', 'os'),
    countries: plain('country', 'countries'),
    async stores(range, live, limit) {
      const rows = await sumBy(range, live, 'store', 'key', limit);
      return {
        stores: rows.map((r) => {
          const [store, platform] = split(r.key, 2);
          return { ...r, store: store!, platform: platform! };
        }),
      };
    },
    outbound: plain('outbound', 'outbound'),
    async funnel(range, live, limit) {
      const [views, signups, confirms] = await Promise.all([
        sumBy(range, live, 'app', 'key'),
        sumBy(range, live, 'signup', 'key'),
        sumBy(range, live, 'confirm', 'key'),
      ]);
      const lists = new Set<string>();
      for (const r of views) if (/^\d+$/.test(r.key)) lists.add(`app:${r.key}`);
      for (const r of [...signups, ...confirms]) lists.add(r.key);
      const appIds = [...lists].flatMap((l) => (/^app:\d+$/.test(l) ? [Number(l.slice(4))] : []));
      const names = await titles(appIds);
      const countOf = (rows: AnalyticsRow[], key: string) => rows.find((r) => r.key === key)?.count ?? 0;
      // The studio's lists sign up from any page: their visitors are the site's.
      const siteVisitors =
        signups.some((r) => !r.key.startsWith('app:')) || confirms.some((r) => !r.key.startsWith('app:'))
          ? (await READERS.series(range, live)).totals!.visitors
          : 0;
      const funnel = [...lists].map((list) => {
        const appId = /^app:\d+$/.test(list) ? Number(list.slice(4)) : null;
        const visitors = appId === null ? siteVisitors : (views.find((r) => r.key === String(appId))?.visitors ?? 0);
        const signed = countOf(signups, list);
        return {
          list,
          appId,
          title: appId === null ? (list === 'studio' ? 'Studio newsletter' : list) : titleOf(names, appId),
          visitors,
          signups: signed,
          confirmations: countOf(confirms, list),
          rate: visitors ? signed / visitors : 0,
        };
      });
      funnel.sort((a, b) => b.signups - a.signups || b.visitors - a.visitors || a.list.localeCompare(b.list));
      return { funnel: limit ? funnel.slice(0, limit) : funnel };
    },
    messages: plain('message', 'messages'),
    async vitals(range, live, limit) {
      const rows = await sumBy(range, live, 'vital', 'key');
      const pages = new Map<string, { metric: Vital; path: string; buckets: { bucket: number; count: number }[] }>();
      for (const r of rows) {
        const [metric, path, bucket] = split(r.key, 3) as [Vital, string, string];
        if (!VITALS.includes(metric)) continue;
        const id = `${metric}${KEY_SEPARATOR}${path}`;
        const page = pages.get(id) ?? { metric, path, buckets: [] };
        page.buckets.push({ bucket: Number(bucket), count: r.count });
        pages.set(id, page);
      }
      const vitals = [...pages.values()].map(({ metric, path, buckets }) => {
        const p75 = p75Of(buckets);
        return { metric, path, p75, count: buckets.reduce((n, b) => n + b.count, 0), rating: ratingOf(metric, p75) };
      });
      vitals.sort(
        (a, b) =>
          b.count - a.count || VITALS.indexOf(a.metric) - VITALS.indexOf(b.metric) || a.path.localeCompare(b.path),
      );
      return { vitals: limit ? vitals.slice(0, limit * VITALS.length) : vitals };
    },
  };

  return {
    /**
     * The parts asked for (default: every one), lists cut to the top ANALYTICS_TOP rows unless
     * `all` (the CSV), and whether any of the range's figures are the demo's sample.
     */
    async read(
      range: AnalyticsRange,
      parts: readonly AnalyticsPart[],
      { all = false }: { all?: boolean } = {},
    ): Promise<AnalyticsParts & { sample: boolean }> {
      const live = await liveDays(range);
      const limit = all ? undefined : ANALYTICS_TOP;
      const read = { ...range };
      const answers = await Promise.all(parts.map((part) => READERS[part](read, live, limit)));
      const sample = sampled.has(read) || (await hasSample(read));
      return Object.assign({ sample }, ...answers) as AnalyticsParts & { sample: boolean };
    },

    /** Removes the demo's sample figures from the raw events and the totals; how many rows of each. */
    async removeSample(): Promise<{ events: number; totals: number }> {
      return db.transaction(async (tx) => {
        const count = async (statement: SQL) => rowsOf<{ n: number }>(await tx.execute(statement))[0]?.n ?? 0;
        const events = await count(
          sql`with gone as (delete from analytics_events where sample returning 1) select count(*)::int as n from gone`,
        );
        const totals = await count(
          sql`with gone as (delete from analytics_daily where sample returning 1) select count(*)::int as n from gone`,
        );
        return { events, totals };
      });
    },
  };

  /** Sample totals in the range: a day with sample events always has its site-wide total row. */
  async function hasSample(range: AnalyticsRange): Promise<boolean> {
    const [row] = rowsOf<{ sample: boolean }>(
      await db.execute(sql`select exists (select 1 from analytics_daily
          where report = 'total' and app_id = 0 and locale = '' and sample
            and day between ${range.from}::date and ${range.to}::date) as sample`),
    );
    return Boolean(row?.sample);
  }
}
export type AnalyticsReportRepo = ReturnType<typeof analyticsReportRepo>;
