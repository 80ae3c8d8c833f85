// Issue 25 item 3: the catalogue at /apps, rendered on the server: the filtered list, each option's
// count and link, the chosen filters with their remove links, the empty state, the order, what is
// indexed, and the page in another language (/de/apps). Decision 116.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../tests/setup/api';
import { useStaffApp } from '../../../tests/setup/test-app';
import { api } from '../../shared/paths';
import type { AppInput } from '../../shared/schemas/apps';
import type { Translation } from '../../shared/schemas/translations';
import { apps } from '../db/schema';
import { productionWeb } from './web';
import { readSitemap } from '../../../tests/setup/sitemap';

const ctx = useStaffApp({}, { web: productionWeb() });
const page = (url: string) => ctx.app.inject({ url });

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** The app cards' titles, in the page's order. */
const cardTitles = (html: string) =>
  [...main(html).matchAll(/<h3 class="text-lg[^"]*"><a href="(?:\/de)?\/apps\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map(
    (m) => m[1],
  );
/** The filters' <nav>. */
const filters = (html: string) => {
  const at = html.indexOf('<nav aria-labelledby="catalogue-filters"');
  return html.slice(at, html.indexOf('</nav>', at));
};
/** The first link (its whole element) whose href is `href`, in `html` (<main> unless given a part). */
const link = (html: string, href: string, part = main(html)) => {
  const at = part.indexOf(`href="${href.replace(/&/g, '&amp;')}"`);
  if (at < 0) return '';
  const start = part.lastIndexOf('<a', at);
  return part.slice(start, part.indexOf('</a>', at) + 4);
};
const text = (element: string) => element.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const noindex = (html: string) => html.includes('<meta name="robots" content="noindex">');

async function make(input: Partial<AppInput>, tags: string[] = []) {
  const app = await ctx.make.makeApp(input);
  if (tags.length) await ctx.database.db.update(apps).set({ accessibilityTags: tags }).where(eq(apps.id, app.id));
  return app;
}

beforeAll(async () => {
  const lantern = await make(
    { title: 'Lantern', kind: 'game', category: 'Puzzle', platforms: ['android', 'ios'], status: 'Live' },
    ['clear-text'],
  );
  await make({ title: 'Orbit', kind: 'game', category: 'Arcade', platforms: ['switch'], status: 'Coming Soon' }, [
    'clear-text',
  ]);
  await make({
    title: 'Pebble',
    kind: 'app',
    category: 'Utilities',
    platforms: ['android'],
    status: 'Live',
    releaseDate: '2025-06-10',
  });
  await make({ title: 'Shade', kind: 'game', platforms: ['android'], status: 'Live', isHidden: true }, ['large-text']);
  // German: the site has it, and Lantern is translated (Orbit and Pebble are not: not in the German list).
  await ok(ctx.send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
  await ok<Translation>(
    ctx.send('PUT', api.translation('app', lantern.id, 'de'), {
      fields: { title: 'Laterne', description: 'Ein Rätselspiel.', tagline: '', longDescription: '' },
      isPublished: true,
    }),
  );
});

describe('the catalogue at /apps', () => {
  it('lists every visible app in the staff order, indexed, with its canonical link', async () => {
    const res = await page('/apps');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Games &amp; Apps<\/h1>/);
    expect(cardTitles(res.body)).toEqual(['Lantern', 'Orbit', 'Pebble']);
    expect(canonical(res.body)).toBe(`${ctx.config.siteUrl}/apps`);
    expect(noindex(res.body)).toBe(false);
    expect(res.body).toContain('<title>Games &amp; Apps | ');
  });

  it('renders a filtered address without JavaScript: its apps, counts with the other filters kept, and links', async () => {
    const res = await page('/apps?platform=android&status=live');
    expect(res.statusCode).toBe(200);
    expect(cardTitles(res.body)).toEqual(['Lantern', 'Pebble']);
    expect(main(res.body)).toMatch(/<h2 id="catalogue-results"[^>]*>2 apps<\/h2>/);
    // Each option's count is what choosing it would list, the other filters kept.
    const ios = link(res.body, '/apps?platform=ios&status=live');
    expect(text(ios)).toBe('iOS1, 1 app');
    expect(ios).toContain('<span aria-hidden="true"');
    expect(text(link(res.body, '/apps?platform=android&status=live&kind=game'))).toBe('Games1, 1 app');
    expect(text(link(res.body, '/apps?platform=android&status=live&tag=clear-text'))).toBe('Clear Text1, 1 app');
    // The chosen options are marked, and link to their removal.
    const live = link(res.body, '/apps?platform=android', filters(res.body));
    expect(text(live)).toBe('Live2, 2 apps');
    expect(live).toContain('aria-current="true"');
    expect(link(res.body, '/apps?status=live', filters(res.body))).toContain('aria-current="true"');
    // An option that would list nothing is shown, not linked; a hidden app counts nowhere.
    expect(link(res.body, '/apps?platform=switch&status=live')).toBe('');
    expect(main(res.body)).toMatch(/Nintendo Switch<span aria-hidden="true"[^>]*>0<\/span>/);
    expect(main(res.body)).not.toContain('Large Text');
    // The current filters, each with its remove link, and one to clear them all.
    expect(link(res.body, '/apps?status=live')).toContain('Android');
    expect(main(res.body)).toContain('aria-label="Remove filter Platform: Android"');
    expect(main(res.body)).toContain('aria-label="Remove filter Status: Live"');
    expect(text(link(res.body, '/apps'))).toBe('Clear all filters');
    // Not indexed: only the bare list is.
    expect(noindex(res.body)).toBe(true);
    expect(res.body).toContain('<title>Games &amp; Apps: Android, Live | ');
  });

  it('reads any spelling of a value, and keeps one page per canonical query', async () => {
    const res = await page('/apps?status=Coming%20Soon&utm_source=x');
    expect(res.statusCode).toBe(200);
    expect(cardTitles(res.body)).toEqual(['Orbit']);
    expect(text(link(res.body, '/apps?status=coming-soon&kind=game'))).toBe('Games1, 1 app');
  });

  it('shows the empty state with a way to clear the filters', async () => {
    const res = await page('/apps?platform=switch&kind=app');
    expect(res.statusCode).toBe(200);
    expect(cardTitles(res.body)).toEqual([]);
    expect(main(res.body)).toContain('No apps match these filters');
    expect(main(res.body)).toMatch(/<h2 id="catalogue-results"[^>]*>0 apps<\/h2>/);
    expect(text(link(res.body, '/apps'))).toBe('Clear all filters');
  });

  it('sorts by release date, newest first, keeping the filters', async () => {
    const res = await page('/apps?sort=release');
    expect(cardTitles(res.body)).toEqual(['Pebble', 'Lantern', 'Orbit']);
    expect(link(res.body, '/apps?sort=release')).toContain('aria-current="true"');
    expect(text(link(res.body, '/apps?kind=game&sort=release'))).toBe('Games2, 2 apps');
    expect(noindex(res.body)).toBe(true);
  });

  it('answers not found for a value that is no option at all', async () => {
    for (const url of ['/apps?platform=xbox', '/apps?tag=big-buttons', '/apps?sort=name']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(main(res.body)).toContain('No Such Filter');
    }
  });

  it('is linked from the home page (not the footer: decision 116), and listed in the sitemap', async () => {
    const home = await page('/');
    expect(main(home.body)).toContain('href="/apps"');
    expect(main(home.body)).toContain('See all games and apps');
    const sitemap = await readSitemap(ctx.app);
    expect(sitemap).toContain(`<loc>${ctx.config.siteUrl}/apps</loc>`);
    expect(sitemap).toContain(`<loc>${ctx.config.siteUrl}/de/apps</loc>`);
  });

  it('is in German at /de/apps: its words, the apps there in German, and links that stay in German', async () => {
    const res = await page('/de/apps?platform=android');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="de"/);
    expect(res.body).toMatch(/<h1[^>]*>Spiele &amp; Apps<\/h1>/);
    expect(cardTitles(res.body)).toEqual(['Laterne']);
    expect(main(res.body)).toContain('Plattform');
    expect(main(res.body)).toContain('Barrierefreiheit');
    expect(text(link(res.body, '/de/apps?platform=android&tag=clear-text'))).toBe('Klarer Text1, 1 App');
    expect(main(res.body)).toMatch(/<a [^>]*href="\/de\/apps"[^>]*>Alle Filter entfernen<\/a>/);
    expect(main(res.body)).toContain('aria-label="Filter Plattform: Android entfernen"');
    const bare = await page('/de/apps');
    expect(canonical(bare.body)).toBe(`${ctx.config.siteUrl}/de/apps`);
  });
});
