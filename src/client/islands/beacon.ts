// The analytics beacon (issue 27): events go to the site itself with navigator.sendBeacon (a
// text/plain string: no preflight, and the browser sends it even as the page closes). Nothing is
// stored in the browser; a visitor who asked not to be counted (Global Privacy Control, Do Not
// Track, or the privacy page's "Don't count my visits") sends nothing. Kept tiny: the loader
// carries it on every page.
import type { BrowserEvent } from '../../shared/analytics';
import type { api } from '../../shared/paths';

/** api.events, written out: the paths module would double the weight of the code that sends. */
const EVENTS: typeof api.events = '/api/events';

/** The privacy page's "do not count me" switch: the one item kept, and only when the visitor asks. */
export const OPT_OUT_KEY = 'analytics-opt-out';

declare global {
  interface Navigator {
    /** Global Privacy Control (https://globalprivacycontrol.org); not in every browser's types yet. */
    globalPrivacyControl?: boolean;
  }
}

/** The browser itself says not to track: Do Not Track or Global Privacy Control. */
export const browserSaysNo = (): boolean => navigator.globalPrivacyControl == true || navigator.doNotTrack == '1';

/** The visitor pressed "Don't count my visits" on the privacy page. */
export function optedOut(): boolean {
  try {
    return localStorage.getItem(OPT_OUT_KEY) == '1';
  } catch {
    // Storage refused (a strict privacy mode): nothing was stored, so nothing was asked.
    return false;
  }
}

export function send(events: BrowserEvent | BrowserEvent[]): void {
  if (!browserSaysNo() && !optedOut()) navigator.sendBeacon(EVENTS, JSON.stringify(events));
}
