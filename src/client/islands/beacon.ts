// The analytics beacon (issue 27): events go to POST /api/events with navigator.sendBeacon, never
// when the visitor asked not to be counted (Do Not Track, Global Privacy Control, or the privacy
// page's "Don't count my visits", kept in localStorage only once they press it).
import type { BrowserEvent } from '../../shared/analytics';
import type { api } from '../../shared/paths';

/** api.events, written out: the paths module would double the weight of the code that sends. */
const EVENTS: typeof api.events = '/api/events';

/** The visitor's own "do not count" choice, set by the privacy page's control ('1'). */
export const OPT_OUT_KEY = 'analytics-opt-out';

declare global {
  interface Navigator {
    /** Global Privacy Control (https://globalprivacycontrol.org); not in every browser's types yet. */
    globalPrivacyControl?: boolean;
  }
}

/** The browser itself says not to track: Do Not Track or Global Privacy Control. */
export const browserSaysNo = (): boolean => navigator.globalPrivacyControl === true || navigator.doNotTrack === '1';

/** The visitor pressed "Don't count my visits" on the privacy page. */
export function optedOut(): boolean {
  try {
    return localStorage.getItem(OPT_OUT_KEY) === '1';
  } catch {
    // Storage refused (a strict privacy mode): nothing was stored, so nothing was asked.
    return false;
  }
}

export function send(events: BrowserEvent | BrowserEvent[]): void {
  if (browserSaysNo() || optedOut() || !navigator.sendBeacon) return;
  navigator.sendBeacon(EVENTS, new Blob([JSON.stringify(events)], { type: 'application/json' }));
}
