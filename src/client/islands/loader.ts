// The only script a public page loads at first (no React): it hydrates each island when the visitor
// first reaches for it, keeps the interaction that woke it, and adds the few
// enhancements static pages need (local dates, image fallbacks, a live "System" theme, prefetching).
import { followSystemTheme } from './theme';
import { ISLAND_TAG, type IslandName } from './names';
import { enhanceDates, enhanceImages, prefetchOnIntent } from './enhance';
import { send } from './beacon';
import type { BrowserEvent } from '../../shared/analytics';
import type { EarlyTaps } from './tap-capture';
import type { IslandMessages } from '../../shared/messages/island-words';
import type { api } from '../../shared/paths';

/** api.islandWords, written out: the paths module would double the loader's weight. */
const WORDS: typeof api.islandWords = '/api/island-words';

/** Each island's component, and the English of its words where it has any. */
const modules: Record<
  IslandName,
  () => Promise<{ default: React.ComponentType<never>; messages?: Record<string, string> }>
> = {
  'theme-menu': () => import('./theme-menu'),
  'mobile-menu': () => import('./mobile-menu'),
  'contact-form': () => import('./contact-form'),
  'screenshot-gallery': () => import('./screenshot-gallery'),
  trailer: () => import('./trailer'),
  'deletion-form': () => import('./deletion-form'),
  'press-request-form': () => import('./press-request-form'),
  'subscribe-form': () => import('./subscribe-form'),
  'visit-counting': () => import('./visit-counting'),
};

const hydrations = new WeakMap<HTMLElement, Promise<void>>();
let wordsOnPage: Promise<IslandMessages> | undefined;

/**
 * The islands' words in the page's language, which an island names (data-intl) when its words there
 * are not its English: fetched once, when the first such island wakes. A failure is that island's
 * failure to load, and is forgotten: the next island to wake asks again.
 */
function words(locale: string | undefined): Promise<IslandMessages> | undefined {
  if (!locale) return;
  return (wordsOnPage ??= fetch(`${WORDS}/${locale}`)
    .then((r) => (r.ok ? (r.json() as Promise<IslandMessages>) : Promise.reject(new Error(`HTTP ${r.status}`))))
    .catch((error: unknown) => {
      wordsOnPage = undefined;
      throw error;
    }));
}

/**
 * Hydrates an island once. Resolves when React handles its events, or when its code could not
 * load: the island is then left as plain HTML (links, and forms the server handles, still work).
 */
function hydrate(island: HTMLElement): Promise<void> {
  let done = hydrations.get(island);
  if (done) return done;
  const name = island.dataset.island as IslandName;
  done = Promise.all([modules[name](), import('./hydrate'), words(island.dataset.intl)])
    .then(([module, runtime, language]) =>
      runtime.hydrateIsland(
        island,
        name,
        module.default,
        JSON.parse(island.dataset.props ?? '{}') as never,
        module.messages,
        language,
      ),
    )
    .then(
      () => island.setAttribute('data-hydrated', 'true'),
      (error: unknown) => {
        island.setAttribute('data-hydrated', 'failed');
        console.warn(`The ${name} island could not load:`, error);
      },
    );
  hydrations.set(island, done);
  return done;
}

const islandOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>(`${ISLAND_TAG}:not([data-hydrated])`) : null;

// Any sign of intent starts loading the island's code, so it is usually ready by the click.
for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
  document.addEventListener(
    type,
    (event) => {
      const island = islandOf(event.target);
      if (island) void hydrate(island);
    },
    { capture: true, passive: true },
  );
}

// A button pressed before its island is ready is pressed again once it is (mouse, touch or key);
// pressed twice meanwhile, once (as a send button disabled while sending would be). A link an
// island takes over (a trailer's play link, data-island-action) is held the same way.
const held = new Set<HTMLElement>();
document.addEventListener(
  'click',
  (event) => {
    const island = islandOf(event.target);
    const button = (event.target as Element).closest?.<HTMLElement>('button, a[data-island-action]');
    if (!island || !button || !island.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.has(button)) return;
    held.add(button);
    void hydrate(island).then(() => {
      held.delete(button);
      button.click();
    });
  },
  true,
);

// Presses made before this script arrived, kept by the page's inline capture (tap-capture.ts): its
// listener goes, and each is pressed again so that the listener above holds it like any other.
const early: EarlyTaps | undefined = window.__islandTaps;
if (early) {
  window.removeEventListener('click', early.listener, true);
  for (const button of early) button.click();
}

// A form sent before its island is ready is handed to the island once it is; if the code cannot
// load, the browser sends it the plain way (the server validates it the same).
document.addEventListener(
  'submit',
  (event) => {
    const island = islandOf(event.target);
    const form = event.target as HTMLFormElement;
    if (!island) return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter;
    void hydrate(island).then(() => form.requestSubmit(submitter));
  },
  true,
);

// Visitor analytics (issue 27): the page view, and a click on a marked link (a store badge, the
// trailer, a press-kit download). Bubbling only: a press an island holds until it hydrates is
// counted once, when it is pressed again. The page's app is in <body data-app> (server-rendered).
const count = (n: BrowserEvent['n'], t?: string) =>
  send({
    n,
    p: location.pathname + location.search,
    r: document.referrer,
    a: +document.body.dataset.app! || undefined,
    l: document.documentElement.lang,
    t,
  });
document.addEventListener('click', (event) => {
  const t = (event.target as Element).closest?.<HTMLElement>('[data-track]')?.dataset.track;
  if (t) count(t == 'trailer' || t == 'press-kit' ? 'outbound' : 'store', t);
});

// This script is async (a streamed page is usable before it has all arrived): the listeners above
// hold interactions at once; what reads the page waits until it is all there.
followSystemTheme();
prefetchOnIntent();
const whenParsed = () => {
  // One page view per page load (from a cached page too: the browser counts, not the server).
  count('pageview');
  enhanceDates();
  enhanceImages();
  // The offer of another language (language-choice.ts) is loaded only where it may be needed: the
  // page has other languages and the browser's first language is not the page's.
  const lang = document.documentElement.lang;
  if (document.querySelector('link[hreflang]') && !navigator.language.startsWith(lang))
    void import('./language-choice').then((choice) => choice.offerLanguage());
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed, { once: true });
else whenParsed();

// Real-user speed (issue 27, decision 125): the Web Vitals code loads after the first view, once the
// page is idle a few seconds after 'load', or at the visitor's first press, whichever comes first.
const measure = () => void import('./vitals');
addEventListener('load', () => setTimeout(() => (window.requestIdleCallback ?? setTimeout)(measure), 3000), {
  once: true,
});
for (const type of ['pointerdown', 'keydown']) addEventListener(type, measure, { once: true, capture: true });
