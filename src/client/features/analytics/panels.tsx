// The Analytics screen's panels: each reads its own part of the figures (one request per chart) and
// shows it as a chart with a table alternative and its CSV.
import type { ReactNode } from 'react';
import { VITAL_THRESHOLDS, VITALS, type Vital } from '../../../shared/analytics';
import type { Analytics, AnalyticsPart } from '../../../shared/schemas/analytics-reports';
import { QueryState } from '../../components/query-state';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { analyticsCsvHref, useAnalyticsPart, type AnalyticsView } from './api';
import { ChartCard, type TableColumn } from './chart-card';
import { HorizontalBars, VisitsChart, VitalBars, type BarSeries } from './charts';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
/** "1 visitor", "1,204 visitors". */
const counted = (n: number, noun: string) => `${fmt(n)} ${noun}${n === 1 ? '' : 's'}`;
const fmt = (n: number) => number.format(n);

const STORE_NAMES: Record<string, string> = { appStore: 'App Store', googlePlay: 'Google Play' };
const PLATFORM_NAMES: Record<string, string> = { ios: 'iOS', android: 'Android', other: 'Other' };
const VITAL_UNITS: Record<Vital, string> = { LCP: ' ms', INP: ' ms', CLS: '', TTFB: ' ms' };
const RATING_WORDS = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;

/** One part's read and its loading and failure states; the loaded figures reach `children`. */
function Part({
  view,
  part,
  title,
  children,
}: {
  view: AnalyticsView;
  part: AnalyticsPart;
  title: string;
  children: (data: Analytics) => ReactNode;
}) {
  const query = useAnalyticsPart(view, part);
  return (
    <QueryState
      query={query}
      errorStyle="inline"
      error={`Failed to load ${title.toLowerCase()}`}
      loading={
        <Card aria-busy="true" aria-label={`${title}: loading`}>
          <CardContent className="space-y-3 p-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-40 w-full" />
          </CardContent>
        </Card>
      }
    >
      {children}
    </QueryState>
  );
}

const countColumns = (
  label: string,
  count = 'Views',
): TableColumn<{ label: string; count: number; visitors: number }>[] => [
  { label, cell: (r) => r.label },
  { label: count, cell: (r) => fmt(r.count), numeric: true },
  { label: 'Visitors', cell: (r) => fmt(r.visitors), numeric: true },
];
const VIEWS: BarSeries[] = [{ key: 'count', name: 'Views' }];

export function VisitsPanel({ view }: { view: AnalyticsView }) {
  return (
    <Part view={view} part="series" title="Visitors and page views">
      {(data) => (
        <ChartCard
          title="Visitors and page views"
          description={`${counted(data.totals!.visitors, 'visitor')}, ${counted(data.totals!.views, 'page view')}`}
          csvHref={analyticsCsvHref(view, 'series')}
          rows={data.series!}
          columns={[
            { label: 'Day', cell: (r) => r.day },
            { label: 'Page views', cell: (r) => fmt(r.views), numeric: true },
            { label: 'Visitors', cell: (r) => fmt(r.visitors), numeric: true },
          ]}
          chart={<VisitsChart series={data.series!} />}
        />
      )}
    </Part>
  );
}

/** A list part (key, count, visitors) as horizontal bars. */
export function ListPanel({
  view,
  part,
  title,
  keyLabel,
  countLabel = 'Views',
  label = (key) => key,
  description,
}: {
  view: AnalyticsView;
  part: 'pages' | 'locales' | 'referrers' | 'devices' | 'os' | 'countries' | 'outbound' | 'messages';
  title: string;
  keyLabel: string;
  countLabel?: string;
  label?: (key: string) => string;
  description?: string;
}) {
  return (
    <Part view={view} part={part} title={title}>
      {(data) => {
        const rows = (data[part] ?? []).map((r) => ({ ...r, label: label(r.key) }));
        return (
          <ChartCard
            title={title}
            description={description}
            csvHref={analyticsCsvHref(view, part)}
            rows={rows}
            columns={countColumns(keyLabel, countLabel)}
            chart={<HorizontalBars rows={rows} series={[{ key: 'count', name: countLabel }]} />}
          />
        );
      }}
    </Part>
  );
}

export function AppsPanel({ view }: { view: AnalyticsView }) {
  return (
    <Part view={view} part="apps" title="Top apps">
      {(data) => {
        const rows = (data.apps ?? []).map((r) => ({ ...r, label: r.title }));
        return (
          <ChartCard
            title="Top apps"
            description="Page views of all of an app's pages together."
            csvHref={analyticsCsvHref(view, 'apps')}
            rows={rows}
            columns={countColumns('App')}
            chart={<HorizontalBars rows={rows} series={VIEWS} />}
          />
        );
      }}
    </Part>
  );
}

export function CampaignsPanel({ view }: { view: AnalyticsView }) {
  return (
    <Part view={view} part="campaigns" title="Campaigns">
      {(data) => {
        const rows = (data.campaigns ?? []).map((r) => ({
          ...r,
          label: [r.source, r.medium, r.campaign].filter(Boolean).join(' / '),
        }));
        return (
          <ChartCard
            title="Campaigns"
            description="Visits tagged with utm_source, utm_medium and utm_campaign."
            csvHref={analyticsCsvHref(view, 'campaigns')}
            rows={rows}
            columns={[
              { label: 'Source', cell: (r) => r.source || '–' },
              { label: 'Medium', cell: (r) => r.medium || '–' },
              { label: 'Campaign', cell: (r) => r.campaign || '–' },
              { label: 'Views', cell: (r) => fmt(r.count), numeric: true },
              { label: 'Visitors', cell: (r) => fmt(r.visitors), numeric: true },
            ]}
            chart={<HorizontalBars rows={rows} series={VIEWS} />}
          />
        );
      }}
    </Part>
  );
}

export function StoresPanel({ view }: { view: AnalyticsView }) {
  return (
    <Part view={view} part="stores" title="Store clicks">
      {(data) => {
        const stores = data.stores ?? [];
        const platforms = [...new Set(stores.map((s) => s.platform))].sort();
        const rows = [...new Set(stores.map((s) => s.store))].map((store) => ({
          label: STORE_NAMES[store] ?? store,
          ...Object.fromEntries(
            platforms.map((p) => [p, stores.find((s) => s.store === store && s.platform === p)?.count ?? 0]),
          ),
        }));
        return (
          <ChartCard
            title="Store clicks"
            description="Badge presses by store and the visitor's platform."
            csvHref={analyticsCsvHref(view, 'stores')}
            rows={stores}
            columns={[
              { label: 'Store', cell: (r) => STORE_NAMES[r.store] ?? r.store },
              { label: 'Platform', cell: (r) => PLATFORM_NAMES[r.platform] ?? r.platform },
              { label: 'Clicks', cell: (r) => fmt(r.count), numeric: true },
              { label: 'Visitors', cell: (r) => fmt(r.visitors), numeric: true },
            ]}
            chart={
              <HorizontalBars
                rows={rows}
                stacked
                series={platforms.map((p) => ({ key: p, name: PLATFORM_NAMES[p] ?? p }))}
              />
            }
          />
        );
      }}
    </Part>
  );
}

export function FunnelPanel({ view }: { view: AnalyticsView }) {
  return (
    <Part view={view} part="funnel" title="Notify-me funnel">
      {(data) => {
        const rows = (data.funnel ?? []).map((r) => ({ ...r, label: r.title }));
        return (
          <ChartCard
            title="Notify-me funnel"
            description="Visitors of an app's pages, then sign-ups, then confirmed addresses."
            csvHref={analyticsCsvHref(view, 'funnel')}
            rows={rows}
            columns={[
              { label: 'List', cell: (r) => r.title },
              { label: 'Visitors', cell: (r) => fmt(r.visitors), numeric: true },
              { label: 'Sign-ups', cell: (r) => fmt(r.signups), numeric: true },
              { label: 'Confirmed', cell: (r) => fmt(r.confirmations), numeric: true },
              { label: 'Conversion', cell: (r) => percent.format(r.rate), numeric: true },
            ]}
            chart={
              <HorizontalBars
                rows={rows}
                series={[
                  { key: 'visitors', name: 'Visitors' },
                  { key: 'signups', name: 'Sign-ups' },
                  { key: 'confirmations', name: 'Confirmed' },
                ]}
              />
            }
          />
        );
      }}
    </Part>
  );
}

export function VitalsPanel({ view }: { view: AnalyticsView }) {
  return (
    <Part view={view} part="vitals" title="Web Vitals">
      {(data) => {
        const vitals = data.vitals ?? [];
        const metrics = VITALS.filter((m) => vitals.some((v) => v.metric === m));
        return (
          <ChartCard
            title="Web Vitals"
            description="How fast pages were for real visitors: the 75th percentile per page, beside Google's good and poor thresholds."
            csvHref={analyticsCsvHref(view, 'vitals')}
            rows={vitals}
            columns={[
              { label: 'Page', cell: (r) => `${r.metric} ${r.path}` },
              {
                label: '75th percentile',
                cell: (r) => `${fmt(r.p75)}${VITAL_UNITS[r.metric as Vital] ?? ''}`,
                numeric: true,
              },
              { label: 'Rating', cell: (r) => RATING_WORDS[r.rating] },
              { label: 'Samples', cell: (r) => fmt(r.count), numeric: true },
            ]}
            chart={
              <div className="grid gap-6 lg:grid-cols-2">
                {metrics.map((metric) => {
                  const { good, poor } = VITAL_THRESHOLDS[metric];
                  const unit = VITAL_UNITS[metric];
                  return (
                    <div key={metric}>
                      <p className="mb-1 text-sm font-medium">
                        {metric}{' '}
                        <span className="font-normal text-muted-foreground">
                          good ≤ {good}
                          {unit}, poor &gt; {poor}
                          {unit}
                        </span>
                      </p>
                      <VitalBars
                        rows={vitals
                          .filter((v) => v.metric === metric)
                          .map((v) => ({ label: v.path, p75: v.p75, rating: v.rating }))}
                        good={good}
                        poor={poor}
                        unit={unit.trim()}
                      />
                    </div>
                  );
                })}
              </div>
            }
          />
        );
      }}
    </Part>
  );
}
