// The App Store and Google Play badges, as Apple's and Google's rules ask: the official artwork
// (drawn to their specification and served by the site), unaltered, at one height, never smaller
// than 40 px, with clear space of a quarter of their height around each; the visitor's own store
// first. The trademark lines go in the footer of every page that shows them (TRADEMARK_LINES).
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { appStoreUrl, googlePlayUrl } from '../../../shared/store-links';
import { storeOrder, type StoreName, type VisitorPlatform } from '../../../shared/visitor-platform';

const BADGES: Record<StoreName, { label: string; src: string; width: number }> = {
  // Both artworks are 40 units high; widths in proportion.
  appStore: { label: 'Download on the App Store', src: paths.storeBadge('app-store'), width: 120 },
  googlePlay: { label: 'Get it on Google Play', src: paths.storeBadge('google-play'), width: 135 },
};

export const TRADEMARK_LINES: Record<StoreName, string> = {
  appStore: 'Apple and the Apple logo are trademarks of Apple Inc., registered in the U.S. and other countries.',
  googlePlay: 'Google Play and the Google Play logo are trademarks of Google LLC.',
};

/** The stores an app is in, each with its address, in the order the visitor should see them. */
export function appStores(app: App, platform: VisitorPlatform): { store: StoreName; href: string }[] {
  const hrefs: Record<StoreName, string | null> = { appStore: appStoreUrl(app), googlePlay: googlePlayUrl(app) };
  return storeOrder(platform).flatMap((store) => (hrefs[store] ? [{ store, href: hrefs[store] }] : []));
}

/** The badges' words: a public page gives its language's (English: the stores' own). */
export interface StoreBadgeWords {
  /** The list's name ('Get Lantern Drift'). */
  list: string;
  /** Each badge's text ('Download on the App Store'). */
  badges: Record<StoreName, string>;
  /** What follows a badge's text: ' (opens in a new tab)'. */
  newTab: string;
}

/** Height 48 px (Apple's minimum is 40); the gap and margin are a quarter of it (12 px), the clear space. */
export function StoreBadges({
  stores,
  appTitle,
  words,
}: {
  stores: { store: StoreName; href: string }[];
  appTitle: string;
  words?: StoreBadgeWords;
}) {
  if (stores.length === 0) return null;
  return (
    <ul
      className="-m-3 flex flex-wrap items-center"
      aria-label={words?.list ?? `Get ${appTitle}`}
      data-testid="store-badges"
    >
      {stores.map(({ store, href }) => {
        const badge = BADGES[store];
        return (
          <li key={store} className="p-3" data-store={store}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              data-track={store}
              className="block rounded-[9px] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              <img
                src={badge.src}
                alt={words ? `${words.badges[store]}${words.newTab}` : `${badge.label} (opens in a new tab)`}
                width={(badge.width * 48) / 40}
                height={48}
                className="block h-12 w-auto"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
