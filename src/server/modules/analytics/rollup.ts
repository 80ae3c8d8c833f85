// Adding up (issue 27): the raw events of a day become its daily totals (analytics_daily), one row per
// report, key, app and language, with GROUPING SETS so a filtered chart reads rows of its own. The same
// SQL answers today's figures live (the report repo), so today and a rolled-up day add up alike.
import { sql, type SQL } from 'drizzle-orm';
import { REPORTS, VITAL_BUCKET, VITALS, type Report } from '../../../shared/analytics';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** One day's totals run under this transaction-scoped advisory lock: two instances never write one day at once. */
const ROLLUP_LOCK = 720_041_227;

/** The vital's histogram bucket (its lower bound), as text: 'LCP' 2431 → '2400', 'CLS' 0.137 → '0.13'. */
const bucketOf = (): SQL => {
  const width = sql.join(
    VITALS.map((metric) => sql`when ${metric} then ${VITAL_BUCKET[metric]}::float8`),
    sql` `,
  );
  // The epsilon keeps 0.29 / 0.01 (28.999…) in the 0.29 bucket; float8 → numeric prints it short.
  return sql`((floor(e.value / (case e.target ${width} end) + 1e-9) * (case e.target ${width} end))::numeric)::text`;
};

/** What each report's key is for one event; null when the event is not in that report. */
const KEYS: Record<Report, () => SQL> = {
  total: () => sql`case when e.name = 'pageview' then '' end`,
  page: () => sql`case when e.name = 'pageview' then e.path end`,
  app: () => sql`case when e.name = 'pageview' then e.app_id::text end`,
  locale: () => sql`case when e.name = 'pageview' and e.locale <> '' then e.locale end`,
  referrer: () => sql`case when e.name = 'pageview' then coalesce(e.referrer_host, '') end`,
  campaign: () =>
    sql`case when e.name = 'pageview' and coalesce(e.utm_source, e.utm_medium, e.utm_campaign) is not null
      then concat_ws(E'\t', coalesce(e.utm_source, ''), coalesce(e.utm_medium, ''), coalesce(e.utm_campaign, '')) end`,
  device: () => sql`case when e.name = 'pageview' then e.device end`,
  os: () => sql`case when e.name = 'pageview' then e.os end`,
  country: () => sql`case when e.name = 'pageview' then e.country end`,
  store: () =>
    sql`case when e.name = 'store' and e.target is not null then e.target || E'\t' || coalesce(e.platform, 'other') end`,
  outbound: () => sql`case when e.name = 'outbound' then e.target end`,
  signup: () => sql`case when e.name = 'signup' then e.target end`,
  confirm: () => sql`case when e.name = 'confirm' then e.target end`,
  message: () => sql`case when e.name = 'message' then e.target end`,
  vital: () =>
    sql`case when e.name = 'vital' and e.value is not null and e.target in (${sql.join(
      VITALS.map((v) => sql`${v}`),
      sql`, `,
    )}) then e.target || E'\t' || e.path || E'\t' || ${bucketOf()} end`,
};

/** Which events a report reads: its rows come from these names only (the index is on day and name). */
const NAMES: Record<Report, string> = {
  total: 'pageview',
  page: 'pageview',
  app: 'pageview',
  locale: 'pageview',
  referrer: 'pageview',
  campaign: 'pageview',
  device: 'pageview',
  os: 'pageview',
  country: 'pageview',
  store: 'store',
  outbound: 'outbound',
  signup: 'signup',
  confirm: 'confirm',
  message: 'message',
  vital: 'vital',
};

export interface EventKeyOptions {
  /** Only these reports (default: every one). */
  reports?: readonly Report[];
  /** Only one app's events (the live read of a filtered chart). */
  appId?: number;
  /** Only one language's events. */
  locale?: string;
  /** Only these days of the range (the live read: the days whose totals are not written yet). */
  days?: readonly string[];
}

/**
 * Each event of the days once per report it belongs to: (day, report, key, app_id, locale, visitor,
 * sample). One pass over the events; a report's rows are the events of its name that give a key.
 */
export function eventKeysSql(fromDay: string, toDay: string, options: EventKeyOptions = {}): SQL {
  const reports = options.reports ?? REPORTS;
  const names = [...new Set(reports.map((r) => NAMES[r]))];
  const values = sql.join(
    reports.map((report) => sql`(${report}::text, ${KEYS[report]()})`),
    sql`, `,
  );
  const filters: SQL[] = [
    sql`e.day between ${fromDay}::date and ${toDay}::date`,
    sql`e.name in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  ];
  if (options.appId !== undefined) filters.push(sql`e.app_id = ${options.appId}`);
  if (options.locale !== undefined) filters.push(sql`e.locale = ${options.locale}`);
  if (options.days) {
    filters.push(
      options.days.length
        ? sql`e.day in (${sql.join(
            options.days.map((d) => sql`${d}::date`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  return sql`select e.day, k.report, k.key, e.app_id, e.locale, e.visitor, e.sample
    from analytics_events e
    cross join lateral (values ${values}) as k(report, key)
    where ${sql.join(filters, sql` and `)} and k.key is not null`;
}

/**
 * analytics_daily's rows for the days, from the raw events: each (report, key) once for all apps and
 * languages (app_id 0, locale ''), per app, per language and per both. Visitors are distinct per day
 * (the salt changes daily); events without a visitor (a confirmation by mail link) count, not visit.
 */
export function dailyRowsSql(fromDay: string, toDay: string, options: EventKeyOptions = {}): SQL {
  return sql`select k.day::text as day, k.report, k.key,
      case when grouping(k.app_id) = 1 then 0 else k.app_id end as app_id,
      case when grouping(k.locale) = 1 then '' else k.locale end as locale,
      count(*)::int as count,
      count(distinct nullif(k.visitor, ''))::int as visitors,
      k.sample
    from (${eventKeysSql(fromDay, toDay, options)}) k
    group by grouping sets (
      (k.day, k.report, k.key, k.sample),
      (k.day, k.report, k.key, k.sample, k.app_id),
      (k.day, k.report, k.key, k.sample, k.locale),
      (k.day, k.report, k.key, k.sample, k.app_id, k.locale)
    )
    having (grouping(k.app_id) = 1 or k.app_id is not null) and (grouping(k.locale) = 1 or k.locale <> '')`;
}

/** Replaces one day's totals with those of its raw events and marks the day rolled up, in one transaction. */
export async function rollUpDay(db: Db, day: string, rolledAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    await tx.execute(sql`insert into analytics_daily (day, report, key, app_id, locale, count, visitors, sample)
      select day::date, report, key, app_id, locale, count, visitors, sample from (${dailyRowsSql(day, day)}) d`);
    await tx.execute(sql`insert into analytics_rollups (day, rolled_at) values (${day}::date, ${rolledAt.toISOString()}::timestamptz)
      on conflict (day) do update set rolled_at = excluded.rolled_at`);
  });
}

/**
 * Closed days with raw events whose totals are not written yet, oldest first: every distinct day
 * before `beforeDay` (one index probe per day), less those in analytics_rollups.
 */
export async function daysToRollUp(db: Db, beforeDay: string): Promise<string[]> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`with recursive days as (
        select (select min(day) from analytics_events where day < ${beforeDay}::date) as day
        union all
        select (select min(day) from analytics_events where day > days.day and day < ${beforeDay}::date)
        from days where days.day is not null
      )
      select d.day::text as day from days d
      where d.day is not null and not exists (select 1 from analytics_rollups r where r.day = d.day)
      order by d.day`),
  );
  return rows.map((r) => r.day);
}

/** Removes raw events of days before `beforeDay` whose totals are written; how many. Totals stay. */
export async function removeRolledUpEvents(db: Db, beforeDay: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (
        delete from analytics_events e
        where e.day < ${beforeDay}::date and exists (select 1 from analytics_rollups r where r.day = e.day)
        returning 1
      ) select count(*)::int as n from gone`),
  );
  return rows[0]?.n ?? 0;
}
