// Real-user speed (issue 27): the visitor's Core Web Vitals for this page, measured by the
// web-vitals package and sent once, together, when the page is hidden or left. Loaded by the island
// loader only after the first view is done (decision 125), so it weighs nothing on it.
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { BrowserEvent, Vital } from '../../shared/analytics';
import { send } from './beacon';

/** Milliseconds to the millisecond; CLS (unitless) to four places. */
const rounded = (metric: Metric) =>
  metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);

/** Starts measuring; the module does so once, when the loader first imports it. */
function measureVitals(): void {
  const path = location.pathname;
  const latest = new Map<Vital, number>();
  // Every change is kept as it comes, so the batch is whole whichever listener runs first at the end.
  const keep = (metric: Metric) => latest.set(metric.name as Vital, rounded(metric));
  const options = { reportAllChanges: true };
  onTTFB(keep, options);
  onLCP(keep, options);
  onCLS(keep, options);
  onINP(keep, options);

  // Once per page: a visitor who comes back to the tab is not counted twice.
  let sent = false;
  const flush = () => {
    if (sent || latest.size === 0) return;
    sent = true;
    send([...latest].map(([t, v]): BrowserEvent => ({ n: 'vital', p: path, t, v })));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}

measureVitals();
