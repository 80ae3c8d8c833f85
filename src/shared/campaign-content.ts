// What a campaign's editor can insert (issue 26), and the launch campaign's first draft: an app's
// store pages as links (the badges' own words), its screenshots, its latest post. Used by the admin's
// editor and by the server when an app goes Live. The HTML is of the kinds the rich text keeps.
import { paths } from './paths';
import { appStoreUrl, googlePlayUrl } from './store-links';
import type { App } from './schemas/apps';

type StoreApp = Pick<App, 'appStoreLink' | 'appleAppId' | 'googlePlayLink' | 'googlePlayPackage' | 'webAppLink'>;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The app's stores, each a link with its badge's words (App Store, Google Play, the web app). */
export function storeLinks(app: StoreApp): { label: string; href: string }[] {
  const links: { label: string; href: string }[] = [];
  const appStore = appStoreUrl(app);
  const googlePlay = googlePlayUrl(app);
  if (appStore) links.push({ label: 'Download on the App Store', href: appStore });
  if (googlePlay) links.push({ label: 'Get it on Google Play', href: googlePlay });
  if (app.webAppLink) links.push({ label: 'Play in your browser', href: app.webAppLink });
  return links;
}

/** The store links as one paragraph ('' when the app is in no store). */
export function storeLinksHtml(app: StoreApp): string {
  const links = storeLinks(app);
  if (!links.length) return '';
  return `<p>${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join(' · ')}</p>`;
}

/** Up to `max` screenshots, each an image with the app's name as its text. */
export function screenshotsHtml(app: Pick<App, 'title' | 'screenshots'>, max = 3): string {
  return app.screenshots
    .slice(0, max)
    .map((src, i) => `<img src="${escapeHtml(src)}" alt="${escapeHtml(`${app.title}, screenshot ${i + 1}`)}">`)
    .join('');
}

export interface LaunchPost {
  id: number;
  slug: string;
  title: string;
}

/** The launch campaign's first draft: the news, the stores, a screenshot and the latest post. */
export function launchCampaign(
  app: Pick<App, 'title' | 'screenshots'> & StoreApp,
  post: LaunchPost | null,
  siteUrl: string,
): { subject: string; content: string } {
  const title = escapeHtml(app.title);
  const parts = [
    `<h2>${title} is out now</h2>`,
    `<p>You asked us to tell you when ${title} came out: it is here.</p>`,
    storeLinksHtml(app),
    screenshotsHtml(app, 1),
  ];
  if (post) {
    parts.push(
      `<p>Read more: <a href="${escapeHtml(siteUrl + paths.readablePost(post))}">${escapeHtml(post.title)}</a></p>`,
    );
  }
  return { subject: `${app.title} is out now`, content: parts.filter(Boolean).join('') };
}
