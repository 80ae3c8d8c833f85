// Visitor analytics in the admin (issue 27): the range and filters as the address keeps them, each
// chart's own read of its part (the bench times them one by one), the CSV links, the raw-days
// setting and removing the demo's sample. Administrators only.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import {
  ANALYTICS_DEFAULT_DAYS,
  analyticsQuery,
  isDay,
  type Analytics,
  type AnalyticsPart,
  type AnalyticsSettings,
} from '../../../shared/schemas/analytics-reports';
import { errorMessage, http } from '../../lib/http';

/** The presets of the range picker, in days (today included). */
export const RANGE_PRESETS = [7, 30, 90] as const;

/** What the screen shows: a range of UTC days and the filters. */
export interface AnalyticsView {
  from: string;
  to: string;
  /** A preset's length, or null for a custom range. */
  days: number | null;
  app?: string;
  locale?: string;
}

const DAY_MS = 86_400_000;
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** The `days` days up to and including today (UTC, as the server counts). */
export function lastDays(days: number, now = new Date()) {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/**
 * The view from the address: ?days=7|30|90 (30 when absent), or ?from=&to= for a custom range, with
 * ?app= and ?locale=. Anything unreadable falls back to the default.
 */
export function viewFromParams(params: URLSearchParams, now = new Date()): AnalyticsView {
  const app = params.get('app') || undefined;
  const locale = params.get('locale') || undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isDay(from) && isDay(to) && from <= to) return { from, to, days: null, app, locale };
  const preset = RANGE_PRESETS.find((d) => String(d) === params.get('days')) ?? ANALYTICS_DEFAULT_DAYS;
  return { ...lastDays(preset, now), days: preset, app, locale };
}

const queryOf = (view: AnalyticsView, report: AnalyticsPart) =>
  analyticsQuery({ from: view.from, to: view.to, app: view.app, locale: view.locale, report });

/** Every analytics read starts with this key: removing the sample refreshes them all. */
const analyticsKey = [api.analytics] as const;

/** One part of the figures (one chart's). */
export const useAnalyticsPart = (view: AnalyticsView, report: AnalyticsPart, enabled = true) =>
  useQuery<Analytics>({
    queryKey: [...analyticsKey, queryOf(view, report)],
    queryFn: () => http.get(`${api.analytics}?${queryOf(view, report)}`),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The CSV of one report, with the view's range and filters (a plain link: the browser downloads it). */
export const analyticsCsvHref = (view: AnalyticsView, report: AnalyticsPart) =>
  `${api.analyticsCsv}?${queryOf(view, report)}`;

export function useRemoveSample() {
  return useMutation({
    mutationFn: () => http.delete<{ events: number; totals: number }>(api.analyticsSample),
    meta: {
      invalidates: [analyticsKey],
      success: () => ({ title: 'Sample data removed', description: 'Only visits counted on this site remain.' }),
      error: (error) => ({ title: 'Failed to remove the sample data', description: errorMessage(error) }),
    },
  });
}

const settingsKey = [api.analyticsSettings] as const;

export const useAnalyticsSettings = () =>
  useQuery<AnalyticsSettings>({ queryKey: settingsKey, queryFn: () => http.get(api.analyticsSettings) });

export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyticsSettings) => http.put<AnalyticsSettings>(api.analyticsSettings, input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: {
      success: (reply: unknown) => ({
        title: 'Analytics setting saved',
        description: `Raw events are kept for ${(reply as AnalyticsSettings).rawDays} days.`,
      }),
      error: (error) => ({ title: 'Failed to save the setting', description: errorMessage(error) }),
    },
  });
}
