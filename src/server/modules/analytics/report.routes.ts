// The admin's side of visitor analytics (issue 27): the figures of a range as JSON (every part, or the
// one a chart asks for), one report as CSV, the raw-days setting, and removing the demo's sample.
// Administrators only, like the audit log: the figures describe every visitor of the site.
import { Readable } from 'node:stream';
import { OkSchema } from '../../../shared/schemas/common';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PARTS,
  AnalyticsCsvQuerySchema,
  AnalyticsQuerySchema,
  AnalyticsSchema,
  AnalyticsSettingsSchema,
  SampleRemovedSchema,
  type AnalyticsPart,
} from '../../../shared/schemas/analytics-reports';
import { api } from '../../../shared/paths';
import { csvRow, UTF8_BOM } from '../../lib/csv';
import type { AppModule } from '../../types';
import type { AnalyticsParts, AnalyticsRange } from './report.repo';

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Each report's CSV: its header and its rows' cells. */
const CSV: { [P in AnalyticsPart]: { header: string[]; rows: (parts: AnalyticsParts) => unknown[][] } } = {
  series: { header: ['day', 'views', 'visitors'], rows: (p) => p.series!.map((r) => [r.day, r.views, r.visitors]) },
  pages: { header: ['page', 'views', 'visitors'], rows: (p) => p.pages!.map((r) => [r.key, r.count, r.visitors]) },
  apps: {
    header: ['app id', 'app', 'views', 'visitors'],
    rows: (p) => p.apps!.map((r) => [r.appId, r.title, r.count, r.visitors]),
  },
  locales: {
    header: ['language', 'views', 'visitors'],
    rows: (p) => p.locales!.map((r) => [r.key, r.count, r.visitors]),
  },
  referrers: {
    header: ['referrer', 'views', 'visitors'],
    rows: (p) => p.referrers!.map((r) => [r.key || '(direct)', r.count, r.visitors]),
  },
  campaigns: {
    header: ['source', 'medium', 'campaign', 'views', 'visitors'],
    rows: (p) => p.campaigns!.map((r) => [r.source, r.medium, r.campaign, r.count, r.visitors]),
  },
  devices: {
    header: ['device', 'views', 'visitors'],
    rows: (p) => p.devices!.map((r) => [r.key, r.count, r.visitors]),
  },
  os: {
    header: ['operating system', 'views', 'visitors'],
    rows: (p) => p.os!.map((r) => [r.key, r.count, r.visitors]),
  },
  countries: {
    header: ['country', 'views', 'visitors'],
    rows: (p) => p.countries!.map((r) => [r.key, r.count, r.visitors]),
  },
  stores: {
    header: ['store', 'platform', 'clicks', 'visitors'],
    rows: (p) => p.stores!.map((r) => [r.store, r.platform, r.count, r.visitors]),
  },
  outbound: {
    header: ['target', 'clicks', 'visitors'],
    rows: (p) => p.outbound!.map((r) => [r.key, r.count, r.visitors]),
  },
  funnel: {
    header: ['list', 'title', 'visitors', 'sign-ups', 'confirmations', 'conversion rate'],
    rows: (p) => p.funnel!.map((r) => [r.list, r.title, r.visitors, r.signups, r.confirmations, r.rate.toFixed(4)]),
  },
  messages: { header: ['kind', 'messages'], rows: (p) => p.messages!.map((r) => [r.key, r.count]) },
  vitals: {
    header: ['metric', 'page', '75th percentile', 'samples', 'rating'],
    rows: (p) => p.vitals!.map((r) => [r.metric, r.path, r.p75, r.count, r.rating]),
  },
};

export const analyticsReportModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.analyticsReport;
  const settings = deps.repos.analyticsSettings;
  const admin = { onRequest: auth.requireAdmin };

  /** The range asked for, by default the last 30 days to today (the one clock's UTC day). */
  const rangeOf = (query: { from?: string; to?: string; app?: number; locale?: string }): AnalyticsRange => {
    const to = query.to ?? (query.from && query.from > dayOf(deps.now()) ? query.from : dayOf(deps.now()));
    const from = query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS));
    return { from, to, appId: query.app, locale: query.locale };
  };

  app.get(
    api.analytics,
    { ...admin, schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsSchema } } },
    async (request) => {
      const range = rangeOf(request.query);
      const { report } = request.query;
      const parts = await repo.read(range, report ? [report] : ANALYTICS_PARTS);
      return { from: range.from, to: range.to, appId: range.appId ?? null, locale: range.locale ?? null, ...parts };
    },
  );

  app.get(api.analyticsCsv, { ...admin, schema: { querystring: AnalyticsCsvQuerySchema } }, async (request, reply) => {
    const range = rangeOf(request.query);
    const { report } = request.query;
    const parts = await repo.read(range, [report], { all: true });
    const lines = [UTF8_BOM + csvRow(CSV[report].header), ...CSV[report].rows(parts).map(csvRow)];
    const name = `analytics-${report}-${range.from}-${range.to}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(lines));
  });

  app.get(api.analyticsSettings, { ...admin, schema: { response: { 200: AnalyticsSettingsSchema } } }, async () => ({
    rawDays: await settings.rawDays(),
  }));

  app.put(
    api.analyticsSettings,
    { ...admin, schema: { body: AnalyticsSettingsSchema, response: { 200: AnalyticsSettingsSchema } } },
    async (request) => {
      const before = await settings.rawDays();
      const after = request.body.rawDays;
      if (after !== before) {
        await deps.audit.change(request, async (log) => {
          await settings.setRawDays(after);
          log({
            action: 'settings.update',
            targetType: 'settings',
            targetId: 'analytics-raw-days',
            targetLabel: 'Analytics raw events kept',
            changes: { analyticsRawDays: { before, after } },
          });
        });
        // A shorter retention applies at once, not at the next run.
        await deps.analyticsRollup.runNow();
      }
      return { rawDays: after };
    },
  );

  app.delete(
    api.analyticsSample,
    { ...admin, schema: { response: { 200: SampleRemovedSchema.extend(OkSchema.shape) } } },
    async (request) => {
      const removed = await deps.audit.change(request, async (log) => {
        const done = await repo.removeSample();
        log({
          action: 'analytics.sample.remove',
          targetType: 'settings',
          targetId: 'analytics-sample',
          targetLabel: 'Analytics sample data',
          changes: { events: { before: done.events, after: 0 }, totals: { before: done.totals, after: 0 } },
        });
        return done;
      });
      return { success: true as const, ...removed };
    },
  );
};
