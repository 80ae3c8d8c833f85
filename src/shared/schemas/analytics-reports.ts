// The Analytics screen's figures (issue 27): the query (range, app, language, one part), the JSON
// GET /api/admin/analytics answers, the CSV reports and the raw-days setting. The event and report
// names are in ../analytics.ts.
import { wholeDays } from './common';
import { z } from './zod';

export const ANALYTICS_RAW_DAYS_DEFAULT = 30;
export const ANALYTICS_RAW_DAYS_MIN = 1;
export const ANALYTICS_RAW_DAYS_MAX = 365;
/** The default range: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one request reads. */
export const ANALYTICS_MAX_DAYS = 400;
/** Rows a list part answers in JSON (the CSV has every row). */
export const ANALYTICS_TOP = 20;

/** The parts of the figures; `report=` answers one (each chart asks for its own). */
export const ANALYTICS_PARTS = [
  'series',
  'pages',
  'apps',
  'locales',
  'referrers',
  'campaigns',
  'devices',
  'os',
  'countries',
  'stores',
  'outbound',
  'funnel',
  'messages',
  'vitals',
] as const;
export type AnalyticsPart = (typeof ANALYTICS_PARTS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (YYYY-MM-DD) that exists. */
export const isDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isDay(v), `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .transform((v) => v || undefined);

const RAW_DAYS_RULE = `Keep raw events between ${ANALYTICS_RAW_DAYS_MIN} and ${ANALYTICS_RAW_DAYS_MAX} days`;

const filterFields = z.object({
  /** First day (UTC), inclusive; default: 29 days before `to`. */
  from: day('From'),
  /** Last day (UTC), inclusive; default: today. */
  to: day('To'),
  /** One app's figures. */
  app: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'App must be an app id')
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine((v) => v === undefined || (v >= 1 && v <= 2_147_483_647), 'App must be an app id'),
  /** One language's figures. */
  locale: z
    .string()
    .trim()
    .max(16, 'Locale must be a language code')
    .regex(/^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$/, 'Locale must be a language code')
    .optional()
    .transform((v) => v || undefined),
});

const rangeRules = <T extends { from?: string; to?: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'To must not be before From' })
    .refine((f) => !f.from || !f.to || daysBetween(f.from, f.to) <= ANALYTICS_MAX_DAYS, {
      path: ['from'],
      message: `The range must be at most ${ANALYTICS_MAX_DAYS} days`,
    });

export const AnalyticsQuerySchema = rangeRules(
  filterFields.extend({ report: z.enum(ANALYTICS_PARTS, { error: 'Unknown report' }).optional() }),
);
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuerySchema>;

/** The CSV export names the one report it writes. */
export const AnalyticsCsvQuerySchema = rangeRules(
  filterFields.extend({ report: z.enum(ANALYTICS_PARTS, { error: 'Unknown report' }) }),
);

/** A row of a list part: what it is, how often, by how many visitors (distinct per day, summed). */
export const AnalyticsRowSchema = z.object({ key: z.string(), count: z.number(), visitors: z.number() });
export type AnalyticsRow = z.infer<typeof AnalyticsRowSchema>;

export const AnalyticsDaySchema = z.object({ day: z.string(), views: z.number(), visitors: z.number() });
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const VitalRatingSchema = z.enum(['good', 'needs-improvement', 'poor']);
export type VitalRating = z.infer<typeof VitalRatingSchema>;

export const AnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  appId: z.number().nullable(),
  locale: z.string().nullable(),
  /** Some figures in the range are the demo's sample. */
  sample: z.boolean(),
  /** Every day of the range, page views and visitors (days without any are 0). */
  series: z.array(AnalyticsDaySchema).optional(),
  totals: z.object({ views: z.number(), visitors: z.number() }).optional(),
  pages: z.array(AnalyticsRowSchema).optional(),
  apps: z.array(AnalyticsRowSchema.extend({ appId: z.number(), title: z.string() })).optional(),
  locales: z.array(AnalyticsRowSchema).optional(),
  /** key '' is a direct visit (no other site sent it). */
  referrers: z.array(AnalyticsRowSchema).optional(),
  campaigns: z
    .array(AnalyticsRowSchema.extend({ source: z.string(), medium: z.string(), campaign: z.string() }))
    .optional(),
  devices: z.array(AnalyticsRowSchema).optional(),
  os: z.array(AnalyticsRowSchema).optional(),
  countries: z.array(AnalyticsRowSchema).optional(),
  stores: z.array(AnalyticsRowSchema.extend({ store: z.string(), platform: z.string() })).optional(),
  outbound: z.array(AnalyticsRowSchema).optional(),
  /** Per mailing list ('studio', 'app:3'): page visitors (the app's, or the site's) → sign-ups → confirmations. */
  funnel: z
    .array(
      z.object({
        list: z.string(),
        appId: z.number().nullable(),
        title: z.string(),
        visitors: z.number(),
        signups: z.number(),
        confirmations: z.number(),
        /** Sign-ups per visitor (0 without visitors). */
        rate: z.number(),
      }),
    )
    .optional(),
  messages: z.array(AnalyticsRowSchema).optional(),
  /** Per metric and page: the 75th percentile (from the histogram's buckets), samples and Google's rating. */
  vitals: z
    .array(
      z.object({
        metric: z.string(),
        path: z.string(),
        p75: z.number(),
        count: z.number(),
        rating: VitalRatingSchema,
      }),
    )
    .optional(),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const AnalyticsSettingsSchema = z.object({
  rawDays: wholeDays(ANALYTICS_RAW_DAYS_MIN, ANALYTICS_RAW_DAYS_MAX, RAW_DAYS_RULE),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettingsSchema>;

/** What removing the sample took away. */
export const SampleRemovedSchema = z.object({ events: z.number(), totals: z.number() });

/** The query as the API, the CSV link and the screen's address spell it (empty ones left out). */
export function analyticsQuery(query: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') search.set(key, String(value).trim());
  }
  return search.toString();
}
