// The analytics beacon (issue 27): events go to the site itself with navigator.sendBeacon (a
// text/plain string: no preflight, and the browser sends it even as the page closes). Nothing is
// stored in the browser; a visitor who asked not to be counted (Global Privacy Control, Do Not
// Track, or the privacy page's switch) sends nothing. Kept tiny: the loader carries it on every page.
import type { BrowserEvent } from '../../shared/analytics';

/** The privacy page's "do not count me" switch: the one item kept, and only when the visitor asks. */
export const OPT_OUT_KEY = 'analytics-opt-out';

export function send(events: BrowserEvent | BrowserEvent[]): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  try {
    if (nav.globalPrivacyControl || nav.doNotTrack == '1' || localStorage.getItem(OPT_OUT_KEY) == '1') return;
  } catch {
    // Storage refused (GPC and DNT were read first): nothing says this visitor opted out.
  }
  nav.sendBeacon('/api/events', JSON.stringify(events));
}
