import type { Page } from '@playwright/test';
import { demoApps, demoHome } from '../../src/server/modules/demo-content/seed-data';
import { requestFactories } from '../factories';
import { expect, expectAccessible, staffApi, test } from './fixtures';

const SITE = 'Northpaw Studio';
const DEFAULT_SCREENSHOT = '/media/demo/default-screenshot.svg';
const DEFAULT_ICON = '/media/demo/default-icon.svg';

/** Badge colour per status (SPEC §4); anything else is grey. */
const COLOURS: Record<string, { colour: string; bg: string }> = {
  Live: { colour: 'green', bg: 'bg-green-100' },
  Testing: { colour: 'blue', bg: 'bg-blue-100' },
  'In Development': { colour: 'yellow', bg: 'bg-yellow-100' },
  'In Design': { colour: 'purple', bg: 'bg-purple-100' },
  'Coming Soon': { colour: 'grey', bg: 'bg-gray-200' },
};

/** The card's icon links: app field and accessible name. */
const LINKS = [
  { field: 'googlePlayLink', name: 'Get it on Google Play (opens in a new tab)' },
  { field: 'appStoreLink', name: 'Download on the App Store (opens in a new tab)' },
  { field: 'webAppLink', name: 'Play in browser (opens in a new tab)' },
  { field: 'githubRepoLink', name: 'GitHub repository (opens in a new tab)' },
  { field: 'twitterLink', name: 'X (Twitter) (opens in a new tab)' },
  { field: 'instagramLink', name: 'Instagram (opens in a new tab)' },
  { field: 'facebookLink', name: 'Facebook (opens in a new tab)' },
] as const;

/** What the API says of a demo app (its pictures are uploaded at first start). */
interface DemoAppReply {
  id: number;
  title: string;
  icon: string;
  screenshots: string[];
}

const card = (page: Page, title: string) =>
  page.getByTestId('app-card').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test.describe('home page', () => {
  test('shows the hero, the featured title and every app card', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small games, made with care');
    await expect(page.getByRole('heading', { name: 'Featured Games' })).toBeVisible();
    await expect(page.getByTestId('app-card')).toHaveCount(6);
    await expectAccessible(page);
  });

  test('hero and featured section come from the home content', async ({ page, request }) => {
    const home = await (await request.get('/api/home-content')).json();
    // The demo content is what the fresh database holds.
    expect(home).toMatchObject({
      heroTitle: demoHome.heroTitle,
      heroSubtitle: demoHome.heroSubtitle,
      heroContent: demoHome.heroContent,
      featuredAppTitle: 'Featured Games',
      ctaText: demoHome.ctaText,
    });

    await page.goto('/');
    const hero = page.locator('main section').first();
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);
    await expect(hero.getByText(home.heroSubtitle, { exact: true })).toBeVisible();
    await expect(hero.getByText(home.heroContent, { exact: true })).toBeVisible();

    const featured = page.getByRole('region', { name: 'Featured Games' });
    await expect(featured.getByRole('heading', { level: 2 })).toHaveText('Featured Games');
    await expect(featured.getByText('Explore our games', { exact: true })).toBeVisible();

    await expect(page).toHaveTitle(`${home.heroTitle} | ${SITE}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^We're a team of four in Bristol/,
    );
  });

  // Without any home content (a state the API cannot make): src/server/ssr/pages.test.ts.
  test('leaves out the hero texts and the call to action when the home content has none', async ({ page, request }) => {
    // The part of the fallback the API can set up: the optional texts emptied (the page itself
    // stays anonymous: `request` does not share the page's cookies).
    const staff = await staffApi(request);
    const original = (await (await staff.get('/api/home-content')).json()) as Record<string, unknown>;
    const { heroTitle, heroSubtitle, heroContent, introTitle, introContent, featuredAppTitle, ctaText } = original;
    const body = { heroTitle, heroSubtitle, heroContent, introTitle, introContent, featuredAppTitle, ctaText };
    const res = await staff.put('/api/home-content', {
      data: { ...body, heroSubtitle: '', heroContent: '', ctaText: '' },
    });
    expect(res.status(), await res.text()).toBe(200);
    try {
      await page.goto('/');
      await expect(page.getByTestId('app-card')).toHaveCount(6);
      const hero = page.locator('main section').first();
      await expect(hero.getByRole('heading', { level: 1 })).toHaveText(String(heroTitle));
      await expect(hero.locator('p')).toHaveCount(0);
      const featured = page.getByRole('region', { name: String(featuredAppTitle) });
      await expect(featured.getByRole('heading', { level: 2 })).toHaveText(String(featuredAppTitle));
      await expect(featured.getByText(String(ctaText))).toHaveCount(0);
      await expect(featured.locator('h2 + p')).toHaveCount(0);
    } finally {
      expect((await staff.put('/api/home-content', { data: body })).status()).toBe(200);
    }
    await page.goto('/');
    await expect(page.locator('main section').first().getByText(String(heroSubtitle), { exact: true })).toBeVisible();
  });

  test('shows one card per app, in order, with title, description and screenshot', async ({ page, request }) => {
    const apps = (await (await request.get('/api/apps')).json()) as DemoAppReply[];
    await page.goto('/');
    const cards = page.getByTestId('app-card');
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(demoApps.map((a) => a.title));
    for (const demo of demoApps) {
      const app = apps.find((a) => a.title === demo.title)!;
      const c = card(page, demo.title);
      await expect(c.getByText(demo.description, { exact: true })).toBeVisible();
      await expect(c.getByRole('img', { name: `Screenshot of ${demo.title}` })).toHaveAttribute(
        'src',
        app.screenshots[0]!,
      );
      await expect(c.getByRole('img', { name: `${demo.title} icon` })).toHaveAttribute('src', app.icon);
    }
  });

  test('uploaded images come as AVIF and WebP variants, sized, lazy below the first row', async ({ page, request }) => {
    const apps = (await (await request.get('/api/apps')).json()) as DemoAppReply[];
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    for (const [i, app] of apps.entries()) {
      const shot = card(page, app.title).getByRole('img', { name: `Screenshot of ${app.title}` });
      const [, hash, width, height] = /^\/media\/([0-9a-f]{16})\/(\d+)x(\d+)\.jpg$/.exec(app.screenshots[0]!)!;
      await expect(shot).toHaveAttribute('width', width!);
      await expect(shot).toHaveAttribute('height', height!);
      await expect(shot).toHaveAttribute('loading', i < 3 ? 'eager' : 'lazy');
      const picture = shot.locator('xpath=..');
      await expect(picture).toHaveJSProperty('tagName', 'PICTURE');
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
        'srcset',
        new RegExp(`^/media/${hash}/320w\\.avif 320w, `),
      );
      // AVIF and the original only (decision 130).
      await expect(picture.locator('source')).toHaveCount(1);
      await expect(picture.locator('source').first()).toHaveAttribute('sizes', /.+/);
    }
    // The first card's screenshot is the page's main picture; the browser chose a variant and loaded it.
    const first = card(page, apps[0]!.title).getByRole('img', { name: `Screenshot of ${apps[0]!.title}` });
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
      .toMatch(/\/media\/[0-9a-f]{16}\/\d+w\.avif$/);
  });

  test('portrait screenshots are shown whole, in the same 16:9 frame', async ({ page, request }) => {
    const apps = (await (await request.get('/api/apps')).json()) as DemoAppReply[];
    const portrait = apps.find((a) => {
      const [, w, h] = /\/(\d+)x(\d+)\.jpg$/.exec(a.screenshots[0]!)!;
      return Number(w) < Number(h);
    })!;
    expect(portrait, 'a demo app with phone screenshots').toBeTruthy();
    await page.goto('/');
    const shot = card(page, portrait.title).getByRole('img', { name: `Screenshot of ${portrait.title}` });
    await shot.scrollIntoViewIfNeeded();
    await expect(shot).toHaveCSS('object-fit', 'contain');
    const box = (await shot.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    const landscape = card(page, apps[0]!.title).getByRole('img', { name: `Screenshot of ${apps[0]!.title}` });
    await expect(landscape).toHaveCSS('object-fit', 'cover');
  });

  test('status badges show the status text and colour', async ({ page }) => {
    await page.goto('/');
    // The demo data covers every status.
    expect(new Set(demoApps.map((a) => a.status))).toEqual(new Set(Object.keys(COLOURS)));
    for (const app of demoApps) {
      const badge = card(page, app.title).locator('[data-status-colour]');
      const { colour, bg } = COLOURS[app.status]!;
      await expect(badge, app.title).toHaveText(app.status);
      await expect(badge, app.title).toHaveAttribute('data-status-colour', colour);
      await expect(badge, app.title).toHaveClass(new RegExp(`(^|\\s)${bg}(\\s|$)`));
    }
  });

  test('store and social icon links appear only for the links an app has', async ({ page }) => {
    await page.goto('/');
    for (const app of demoApps) {
      const c = card(page, app.title);
      const expected = LINKS.filter((l) => app[l.field]);
      for (const link of LINKS) {
        const a = c.getByRole('link', { name: link.name, exact: true });
        const href = app[link.field];
        if (href) {
          await expect(a, `${app.title}: ${link.field}`).toHaveAttribute('href', href);
          await expect(a).toHaveAttribute('target', '_blank');
          await expect(a).toHaveAttribute('rel', /noopener/);
        } else {
          await expect(a, `${app.title}: no ${link.field}`).toHaveCount(0);
        }
      }
      // Nothing else opens in a new tab.
      await expect(c.locator('a[target="_blank"]'), app.title).toHaveCount(expected.length);
    }
  });

  test("the 'Blog posts' link appears only for apps with published posts", async ({ page, request }) => {
    const apps = (await (await request.get('/api/apps')).json()) as { id: number; title: string }[];
    const idOf = (title: string) => apps.find((a) => a.title === title)!.id;
    await page.goto('/');
    const withPosts = demoApps.filter((a) => a.posts.some((p) => p.isPublished));
    expect(withPosts.map((a) => a.title)).toEqual(['Lantern Drift', 'Moss & Bolt', 'Pocket Orchard']);
    for (const app of demoApps) {
      const link = card(page, app.title).getByRole('link', { name: 'Blog posts' });
      if (withPosts.includes(app)) {
        await expect(link, app.title).toHaveAttribute('href', `/apps/${idOf(app.title)}/blogs`);
      } else {
        await expect(link, app.title).toHaveCount(0);
      }
    }
    await expect(page.getByRole('link', { name: 'Blog posts' })).toHaveCount(withPosts.length);

    await card(page, 'Moss & Bolt').getByRole('link', { name: 'Blog posts' }).click();
    await expect(page).toHaveURL(`/apps/${idOf('Moss & Bolt')}/blogs`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moss & Bolt');
    await expectAccessible(page);
  });

  test.describe('images that fail to load', () => {
    test.use({
      allowConsoleErrors: ['net::ERR_CONNECTION_REFUSED', 'net::ERR_ADDRESS_UNREACHABLE', 'net::ERR_UNSAFE_PORT'],
    });

    test('fall back to the default screenshot and icon', async ({ page, request }) => {
      const api = await staffApi(request);
      const created = await requestFactories(api).makeApp({
        title: 'Broken Images Test App',
        icon: 'http://127.0.0.1:9/missing-icon.png',
        screenshots: ['http://127.0.0.1:9/missing.png'],
      });
      try {
        await page.goto('/');
        await expect(page.getByTestId('app-card')).toHaveCount(7);
        const c = card(page, 'Broken Images Test App');
        await c.scrollIntoViewIfNeeded();
        const screenshot = c.getByRole('img', { name: 'Screenshot of Broken Images Test App' });
        const icon = c.getByRole('img', { name: 'Broken Images Test App icon' });
        await expect(screenshot).toHaveAttribute('src', DEFAULT_SCREENSHOT);
        await expect(icon).toHaveAttribute('src', DEFAULT_ICON);
        // The defaults really load.
        await expect
          .poll(() => screenshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        await expect
          .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        // Other cards keep their own images.
        await expect(
          card(page, 'Lantern Drift').getByRole('img', { name: 'Screenshot of Lantern Drift' }),
        ).toHaveAttribute('src', ((await (await request.get('/api/apps/1')).json()) as DemoAppReply).screenshots[0]!);
      } finally {
        expect((await api.delete(`/api/apps/${created.id}`)).status()).toBe(200);
      }
    });
  });

  test('the grid has 3 columns at 1280 px, 2 at 768 px and 1 at 390 px', async ({ page }) => {
    const columns = async () => {
      const cards = page.getByTestId('app-card');
      await expect(cards).toHaveCount(6);
      const xs: number[] = [];
      for (const c of await cards.all()) xs.push(Math.round((await c.boundingBox())!.x));
      return xs;
    };
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const wide = await columns();
    expect(new Set(wide).size).toBe(3);
    expect(wide.slice(3)).toEqual(wide.slice(0, 3));
    expect(wide[0]).toBeLessThan(wide[1]!);
    expect(wide[1]).toBeLessThan(wide[2]!);

    await page.setViewportSize({ width: 768, height: 1024 });
    await expect.poll(async () => new Set(await columns()).size).toBe(2);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => new Set(await columns()).size).toBe(1);
  });

  test('is accessible in the dark and light themes', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('app-card')).toHaveCount(6);
    await expectAccessible(page);

    await page.addInitScript(() => window.localStorage.setItem('vite-ui-theme', 'light'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.getByTestId('app-card')).toHaveCount(6);
    await expectAccessible(page);
  });
});
