// Visitor analytics without cookies (issue 27): the events the site counts, what the browser may
// send about them, the daily reports they add up to, and Google's Web Vitals thresholds. One list
// shared by the beacon, POST /api/events, the rollup, GET /api/admin/analytics and the screen.
import { z } from './schemas/zod';

/**
 * Events the site counts. The browser sends the first four (POST /api/events); the server records
 * the rest itself when they happen (a notify-me or newsletter sign-up, its confirmation, a contact
 * or press-copy message).
 */
export const BROWSER_EVENTS = ['pageview', 'store', 'outbound', 'vital'] as const;
export const SERVER_EVENTS = ['signup', 'confirm', 'message'] as const;
export const EVENT_NAMES = [...BROWSER_EVENTS, ...SERVER_EVENTS] as const;
export type BrowserEventName = (typeof BROWSER_EVENTS)[number];
export type EventName = (typeof EVENT_NAMES)[number];

export const STORES = ['appStore', 'googlePlay'] as const;
export const OUTBOUND_TARGETS = ['trailer', 'press-kit'] as const;
export const MESSAGE_KINDS = ['contact', 'press'] as const;
export const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type Vital = (typeof VITALS)[number];
export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICES)[number];

/**
 * Google's thresholds: at or under `good` is good, over `poor` is poor, between needs improvement
 * (https://web.dev/articles/vitals). Milliseconds, CLS unitless.
 */
export const VITAL_THRESHOLDS: Record<Vital, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * One event as the browser sends it; short field names keep the beacon small.
 * n: name; p: the page's path and query (UTM tags are read from it); r: document.referrer;
 * a: the page's app id; l: the page's language; t: the target (a STORES, OUTBOUND_TARGETS or
 * VITALS value); v: a vital's value.
 */
export const BrowserEventSchema = z
  .object({
    n: z.enum(BROWSER_EVENTS),
    p: z.string().max(512),
    r: z.string().max(512).optional(),
    a: z.number().int().positive().max(2_147_483_647).optional(),
    l: z.string().max(16).optional(),
    t: z.string().max(32).optional(),
    v: z.number().finite().min(0).max(3_600_000).optional(),
  })
  .strict();
export type BrowserEvent = z.infer<typeof BrowserEventSchema>;
/** POST /api/events takes one event or up to ten (a page's vitals come together); 4 KB at most. */
export const EventsBodySchema = z.union([BrowserEventSchema, z.array(BrowserEventSchema).min(1).max(10)]);
export const EVENTS_BODY_LIMIT = 4096;

/**
 * The daily reports (analytics_daily.report) and what their key is:
 * - total:    '' — page views, and visitors who viewed a page
 * - page:     the path
 * - app:      the app id (page views of all of an app's pages)
 * - locale:   the page's language
 * - referrer: the entry referrer's host ('' for direct)
 * - campaign: utm source, medium and campaign joined by a tab
 * - device:   a DEVICES value
 * - os:       the operating system family
 * - country:  an ISO code
 * - store:    store and visitor platform joined by a tab ('appStore\tios')
 * - outbound: an OUTBOUND_TARGETS value
 * - signup:   the list key ('studio', 'app:3')
 * - confirm:  the list key
 * - message:  a MESSAGE_KINDS value
 * - vital:    metric, path and histogram bucket joined by tabs ('LCP\t/\t2400'); the bucket is the
 *             lower bound of VITAL_BUCKETS' interval, so a 75th percentile adds up across days
 */
export const REPORTS = [
  'total',
  'page',
  'app',
  'locale',
  'referrer',
  'campaign',
  'device',
  'os',
  'country',
  'store',
  'outbound',
  'signup',
  'confirm',
  'message',
  'vital',
] as const;
export type Report = (typeof REPORTS)[number];
export const KEY_SEPARATOR = '\t';

/** The vitals histogram's bucket width: fine enough for a readable 75th percentile. */
export const VITAL_BUCKET: Record<Vital, number> = { LCP: 100, INP: 8, CLS: 0.01, TTFB: 50 };
