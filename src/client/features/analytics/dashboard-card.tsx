// The dashboard's Analytics card (issue 27): the last 7 days' visitors and page views with a small
// sparkline, linking to the Analytics screen. Drawn as a plain SVG polyline, so the dashboard does
// not load the chart library.
import { ChartLine } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { AnalyticsDay } from '../../../shared/schemas/analytics-reports';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useAnalyticsPart, lastDays } from './api';

const W = 120;
const H = 32;

function Sparkline({ series }: { series: AnalyticsDay[] }) {
  const max = Math.max(1, ...series.map((d) => d.visitors));
  const step = series.length > 1 ? W / (series.length - 1) : 0;
  const points = series.map((d, i) => `${(i * step).toFixed(1)},${(H - 2 - (d.visitors / max) * (H - 4)).toFixed(1)}`);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" className="overflow-visible">
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke="var(--chart-1)"
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function AnalyticsDashboardCard() {
  const week = { ...lastDays(7), days: 7 };
  const figures = useAnalyticsPart(week, 'series');
  const totals = figures.data?.totals;
  return (
    <Link
      to={`${paths.admin.analytics}?days=7`}
      className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="analytics-card"
    >
      <Card className="h-full">
        <CardHeader className="flex-row items-center justify-between pb-2">
          <h2 className="text-sm font-medium">Visitors, last 7 days</h2>
          <ChartLine aria-hidden="true" className="size-4 text-muted-foreground" />
        </CardHeader>
        <CardContent className="flex items-end justify-between gap-3">
          <div>
            <p className="text-3xl font-bold">
              {figures.isPending ? <Skeleton className="h-9 w-12" /> : figures.isError ? '–' : totals?.visitors}
            </p>
            <p className="text-xs text-muted-foreground">
              {totals ? `${totals.views} page views${figures.data?.sample ? ' (sample data)' : ''}` : 'Page views'}
            </p>
          </div>
          {figures.data?.series && <Sparkline series={figures.data.series} />}
        </CardContent>
      </Card>
    </Link>
  );
}
