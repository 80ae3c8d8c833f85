// Who a counted event is from, and what it says, read from the request at the moment of counting
// (issue 27). The visitor is a hash of the day's salt, the address and the User-Agent; the address
// and the User-Agent themselves are never stored. Device class, operating system and platform are
// read from the User-Agent here and kept instead of it.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import { OUTBOUND_TARGETS, STORES, VITALS, type BrowserEvent } from '../../../shared/analytics';
import { deviceClass, osFamily } from '../../../shared/user-agent';
import { visitorPlatform } from '../../../shared/visitor-platform';
import type { NewAnalyticsEvent } from './events.repo';

/** Hex characters kept of the hash: 128 bits, far from colliding among a day's visitors. */
const VISITOR_HEX = 32;
const UTM_MAX = 100;

/** The day's visitor: sha256 of the salt, the address and the User-Agent, truncated. */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex').slice(0, VISITOR_HEX);
}

/**
 * Whether a request must not be counted, from its headers alone: a bot (isbot, or no User-Agent),
 * or a visitor who asked not to be tracked (Do Not Track, Global Privacy Control). Signed-in staff
 * are known by their session, which the collector checks.
 */
export function declinesCounting(headers: IncomingHttpHeaders): boolean {
  const userAgent = headers['user-agent'];
  if (!userAgent || isbot(userAgent)) return true;
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** What an event row holds besides when and who (the collector adds those, and checks app and locale). */
export type CountedEvent = Omit<NewAnalyticsEvent, 'id' | 'at' | 'day' | 'visitor' | 'sample'>;

/** The host of a referrer from another site; null for direct visits, internal links and other schemes. */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  return host && !ownHosts.includes(host) ? host : null;
}

const TARGETS: Record<BrowserEvent['n'], readonly string[] | null> = {
  pageview: null,
  store: STORES,
  outbound: OUTBOUND_TARGETS,
  vital: VITALS,
};

/** What is wrong with an event the schema let through: a page that is not a path, a target outside its list, a vital's value missing. */
export function eventProblem(event: BrowserEvent): { path: 'p' | 't' | 'v'; message: string } | undefined {
  if (!event.p.startsWith('/') || event.p.startsWith('//'))
    return { path: 'p', message: 'Must be a path of this site' };
  const targets = TARGETS[event.n];
  if (targets && !targets.includes(event.t ?? ''))
    return { path: 't', message: `Must be one of ${targets.join(', ')}` };
  if (!targets && event.t !== undefined) return { path: 't', message: 'A page view has no target' };
  if (event.n === 'vital' && event.v === undefined) return { path: 'v', message: 'A vital needs its value' };
  return undefined;
}

const utm = (query: URLSearchParams, name: string) => query.get(`utm_${name}`)?.trim().slice(0, UTM_MAX) || null;

/** A browser event as it is stored, or undefined when it names nothing the site counts (see eventProblem). */
export function browserEvent(
  event: BrowserEvent,
  userAgent: string,
  ownHosts: readonly string[],
): CountedEvent | undefined {
  if (eventProblem(event)) return undefined;
  const page = new URL(event.p, 'https://site.invalid');
  const row: CountedEvent = {
    name: event.n,
    path: page.pathname.slice(0, 512),
    appId: event.a ?? null,
    locale: event.l ?? '',
    device: deviceClass(userAgent),
    os: osFamily(userAgent),
    // No local country database ships; one could be read here (never a third-party lookup).
    country: null,
  };
  switch (event.n) {
    case 'pageview':
      return {
        ...row,
        referrerHost: referrerHost(event.r, ownHosts),
        utmSource: utm(page.searchParams, 'source'),
        utmMedium: utm(page.searchParams, 'medium'),
        utmCampaign: utm(page.searchParams, 'campaign'),
      };
    case 'store':
      return { ...row, target: event.t, platform: visitorPlatform(userAgent) };
    case 'outbound':
      return { ...row, target: event.t };
    case 'vital':
      return { ...row, target: event.t, value: event.v };
  }
}

/**
 * The headers that decide how a request is counted, for a form without JavaScript that the server
 * sends on to its API route (app.inject): the route then counts the visitor, not the server, and
 * not at all a signed-in staff member (the cookie carries the session; the outer request has passed
 * the same origin check the inner one would).
 */
export function countingHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['user-agent', 'dnt', 'sec-gpc', 'cookie'] as const) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}
