// The Analytics screen's charts (recharts, in the screen's own chunk). Colours are the admin theme's
// CSS variables, so each chart follows light and dark; the charts are hidden from screen readers
// (ChartCard gives each a table) and take no focus.
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsDay, VitalRating } from '../../../shared/schemas/analytics-reports';

export const CHART_COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)'];
export const RATING_COLORS: Record<VitalRating, string> = {
  good: 'var(--chart-good)',
  'needs-improvement': 'var(--chart-warn)',
  poor: 'var(--chart-poor)',
};

const tick = { fill: 'var(--muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--card)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--card-foreground)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--card-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--card-foreground)' },
  cursor: { fill: 'var(--muted)', stroke: 'var(--border)' },
};
const legendStyle = { fontSize: 12, color: 'var(--muted-foreground)' };
const shortDay = (day: string) => day.slice(5);
/** Up to the next round figure (4600 → 5000, 575 → 600, 0.2875 → 0.3), so the axis ticks read well. */
const niceCeil = (value: number) => {
  const step = 10 ** Math.floor(Math.log10(value)) / 2;
  return Number((Math.ceil(value / step) * step).toPrecision(6));
};
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Views and visitors per day. */
export function VisitsChart({ series }: { series: AnalyticsDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={tick} stroke="var(--border)" minTickGap={24} />
        <YAxis allowDecimals={false} tick={tick} stroke="var(--border)" />
        <Tooltip {...tooltipStyle} />
        <Legend wrapperStyle={legendStyle} itemSorter={null} />
        <Area
          type="monotone"
          dataKey="views"
          name="Page views"
          stroke="var(--chart-1)"
          fill="var(--chart-1)"
          fillOpacity={0.15}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Area
          type="monotone"
          dataKey="visitors"
          name="Visitors"
          stroke="var(--chart-2)"
          fill="var(--chart-2)"
          fillOpacity={0.15}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

export interface BarSeries {
  key: string;
  name: string;
}

/** Horizontal bars, one row per label: top pages, apps, referrers, campaigns, the funnel. */
export function HorizontalBars<T extends { label: string }>({
  rows,
  series,
  stacked = false,
}: {
  rows: T[];
  series: BarSeries[];
  stacked?: boolean;
}) {
  const height = Math.max(120, rows.length * (stacked || series.length === 1 ? 32 : 22 * series.length + 10) + 48);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={tick} stroke="var(--border)" />
        <YAxis
          type="category"
          dataKey="label"
          width={120}
          tick={tick}
          tickFormatter={(v: string) => clip(v, 18)}
          stroke="var(--border)"
          interval={0}
        />
        <Tooltip {...tooltipStyle} />
        {series.length > 1 && <Legend wrapperStyle={legendStyle} itemSorter={null} />}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={CHART_COLORS[i % CHART_COLORS.length]}
            stackId={stacked ? 'one' : undefined}
            radius={stacked ? 0 : [0, 4, 4, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One metric's 75th percentile per page, coloured by rating, beside the good and poor lines. */
export function VitalBars({
  rows,
  good,
  poor,
  unit,
}: {
  rows: { label: string; p75: number; rating: VitalRating }[];
  good: number;
  poor: number;
  unit: string;
}) {
  const max = niceCeil(Math.max(poor * 1.15, ...rows.map((r) => r.p75)));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 32 + 56)}>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 16, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, max]} tick={tick} stroke="var(--border)" unit={unit} />
        <YAxis
          type="category"
          dataKey="label"
          width={120}
          tick={tick}
          tickFormatter={(v: string) => clip(v, 18)}
          stroke="var(--border)"
          interval={0}
        />
        <Tooltip {...tooltipStyle} />
        <ReferenceLine
          x={good}
          stroke="var(--chart-good)"
          strokeDasharray="4 2"
          label={{ value: 'good', position: 'top', fill: 'var(--muted-foreground)', fontSize: 11 }}
        />
        <ReferenceLine
          x={poor}
          stroke="var(--chart-poor)"
          strokeDasharray="4 2"
          label={{ value: 'poor', position: 'top', fill: 'var(--muted-foreground)', fontSize: 11 }}
        />
        <Bar dataKey="p75" name="75th percentile" radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false}>
          {rows.map((r) => (
            <Cell key={r.label} fill={RATING_COLORS[r.rating]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
