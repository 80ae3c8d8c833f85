// Island: the privacy page's "Don't count my visits" (issue 27). Nothing is stored until the visitor
// presses it; then only 'analytics-opt-out' = '1' in this browser's localStorage, which the beacon
// reads (beacon.ts), and "Count my visits again" removes it. Its code loads on the first interaction
// like every island, so the page's first view cannot know the choice: until then it shows the
// sentence that holds either way (Do Not Track and GPC are honoured) and "Don't count my visits",
// and a press made before the code has loaded means that (decision 125).
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { visitCountingEn } from '../../shared/messages/en-islands';
import { Button } from '../components/ui/button';
import { useIslandT } from '../page-kit/messages';
import { browserSaysNo, OPT_OUT_KEY, optedOut } from './beacon';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = visitCountingEn;

/** 'unknown': as the server rendered it, before this browser was asked. */
type Choice = 'unknown' | 'counted' | 'not-counted';

// The choice as this browser keeps it: changed here, or in another tab ('storage').
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', listener);
  };
}
const stored = (): Choice => (optedOut() ? 'not-counted' : 'counted');
const unknown = (): Choice => 'unknown';

function store(notCounted: boolean): void {
  try {
    if (notCounted) localStorage.setItem(OPT_OUT_KEY, '1');
    else localStorage.removeItem(OPT_OUT_KEY);
  } catch {
    // Storage refused (a strict privacy mode): nothing can be kept, and the state shown says so.
  }
  for (const listener of listeners) listener();
}

export default function VisitCounting() {
  const t = useIslandT(messages);
  const choice = useSyncExternalStore(subscribe, stored, unknown);
  const browserNo = useSyncExternalStore(subscribe, browserSaysNo, () => false);
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  // Each state has its own button (below): after a press, the new one takes the focus.
  useLayoutEffect(() => {
    if (pressed.current) button.current?.focus();
  }, [choice]);

  const undo = choice === 'not-counted';
  return (
    <section aria-labelledby="visit-counting-title" className="mt-12 rounded-xl border bg-card p-5 sm:p-6">
      <h2 id="visit-counting-title" className="text-lg font-semibold">
        {t('visitCounting.title')}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{t('visitCounting.honoured')}</p>
      <p role="status" className="mt-3 text-sm font-medium empty:hidden" data-testid="visit-counting-state">
        {browserNo
          ? t('visitCounting.browserSaysNo')
          : choice === 'counted'
            ? t('visitCounting.counted')
            : choice === 'not-counted'
              ? t('visitCounting.notCounted')
              : ''}
      </p>
      {/* A button per state (the key): a press held while the code loaded (loader.ts) goes to the
          button the visitor read; if this browser had already chosen, that button is gone and the
          press does nothing. Without JavaScript it could do nothing: the sentence above is all. */}
      <Button
        key={undo ? 'count' : 'do-not-count'}
        ref={button}
        variant="outline"
        size="sm"
        className="mt-4 [@media(scripting:none)]:hidden"
        onClick={() => {
          pressed.current = true;
          store(!undo);
        }}
      >
        {undo ? t('visitCounting.optIn') : t('visitCounting.optOut')}
      </Button>
    </section>
  );
}
