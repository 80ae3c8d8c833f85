// Small enhancements of static HTML that need no React.
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * Blog dates in the visitor's locale and time zone (SPEC §9); the server writes them in en-US, UTC.
 * A date of a page in another language (data-local-date="de") stays in that language, in the
 * visitor's time zone (this is first-view code: kept this short).
 */
export function enhanceDates(): void {
  for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-local-date]')) {
    time.textContent = new Date(time.dateTime).toLocaleDateString(time.dataset.localDate || undefined, DATE_OPTIONS);
  }
}

/** Images with a fallback swap to it when they fail, including those that failed before this ran. */
export function enhanceImages(): void {
  const swap = (img: HTMLImageElement) => {
    const fallback = img.dataset.fallback;
    if (fallback && img.getAttribute('src') !== fallback) img.src = fallback;
  };
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) swap(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    if (img.complete && img.naturalWidth === 0) swap(img);
  }
}

/** Pages that are worth fetching ahead: the site's own public pages, not the admin, API or files. */
const PAGE = /^\/(?!admin-page|api\/|media\/|assets\/|og\/)[^.]*$/;

/**
 * Browsers with Speculation Rules prefetch from the rules in the page's head; others get a
 * <link rel="prefetch"> when the pointer or a finger reaches a link, so the next page is instant.
 */
export function prefetchOnIntent(): void {
  if (HTMLScriptElement.supports?.('speculationrules')) return;
  const done = new Set<string>([location.pathname]);
  const prefetch = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || link.origin !== location.origin || !PAGE.test(link.pathname) || done.has(link.pathname)) return;
    done.add(link.pathname);
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = link.pathname;
    document.head.append(hint);
  };
  document.addEventListener('pointerover', prefetch, { passive: true });
  document.addEventListener('touchstart', prefetch, { passive: true });
}
