// Issue 13: an app's own page on a phone. Staff create an app with its store ids; an iPhone sees the
// App Store badge first and an Android phone Google Play first (the server reads the User-Agent);
// the screenshot lightbox opens, moves and closes with the keyboard; the trailer loads nothing from
// the video host until it is played; the page is accessible.
import type { APIRequestContext, Page } from '@playwright/test';
import type { App } from '../../src/shared/schemas/apps';
import { requestFactories } from '../factories';
import { expect, expectAccessible, staffApi, test } from './fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** An app with both store ids, three screenshots and a trailer, removed again after the test. */
async function withStoreApp(request: APIRequestContext, run: (app: App) => Promise<void>) {
  const api = await staffApi(request);
  const app = await requestFactories(api).makeApp({
    title: 'Harbour Lights E2E',
    tagline: 'A lighthouse puzzle for stormy nights',
    status: 'Live',
    kind: 'game',
    category: 'Puzzle',
    screenshots: [
      '/media/demo/shot-lantern-drift-1.svg',
      '/media/demo/shot-lantern-drift-2.svg',
      '/media/demo/shot-lantern-drift-3.svg',
    ],
    platforms: ['ios', 'android'],
    appleAppId: '1234567890',
    googlePlayPackage: 'com.example.harbourlights',
    trailer: 'https://youtu.be/aqz-KE-bpKQ',
  });
  try {
    await run(app);
  } finally {
    expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  }
}

const badgeStores = (page: Page) =>
  page
    .getByTestId('store-badges')
    .locator('li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-store')));

test.describe('on an iPhone', () => {
  test.use({ ...PHONE, userAgent: IPHONE });

  test('the App Store badge comes first; /apps/{id} lands on the slug', async ({ page, request, baseURL }) => {
    await withStoreApp(request, async (app) => {
      await page.goto(`/apps/${app.id}`);
      await expect(page).toHaveURL(`${baseURL}/apps/${app.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Lights E2E');
      expect(await badgeStores(page)).toEqual(['appStore', 'googlePlay']);
      const first = page.getByTestId('store-badges').getByRole('link').first();
      await expect(first).toHaveAttribute('href', 'https://apps.apple.com/app/id1234567890');
      await expect(first.getByRole('img')).toHaveAccessibleName(/Download on the App Store/);
      // The badges are drawn at one height, and the footer carries the trademark lines.
      const heights = await page
        .getByTestId('store-badges')
        .getByRole('img')
        .evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().height));
      expect(heights).toEqual([48, 48]);
      await expect(page.getByTestId('footer-notes')).toContainText(
        'Apple and the Apple logo are trademarks of Apple Inc.',
      );
      await expect(page.getByTestId('footer-notes')).toContainText(
        'Google Play and the Google Play logo are trademarks',
      );
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);
    });
  });

  test('the lightbox opens, moves and closes with the keyboard', async ({ page, request }) => {
    await withStoreApp(request, async (app) => {
      await page.goto(`/apps/${app.slug}`);
      const first = page.getByRole('button', { name: 'Enlarge screenshot 1 of 3' });
      await first.focus();
      await page.keyboard.press('Enter');
      const lightbox = page.getByRole('dialog', { name: /Harbour Lights E2E: screenshot 1 of 3/ });
      await expect(lightbox).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('dialog', { name: /screenshot 2 of 3/ })).toBeVisible();
      await page.keyboard.press('End');
      await expect(page.getByRole('dialog', { name: /screenshot 3 of 3/ })).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('dialog', { name: /screenshot 1 of 3/ })).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('lightbox')).toBeHidden();
      // The focus is back on the thumbnail that opened it.
      await expect(first).toBeFocused();
    });
  });

  test('a swipe moves to the next screenshot', async ({ page, request }) => {
    await withStoreApp(request, async (app) => {
      await page.goto(`/apps/${app.slug}`);
      await page.getByRole('button', { name: 'Enlarge screenshot 2 of 3' }).click();
      await expect(page.getByRole('dialog', { name: /screenshot 2 of 3/ })).toBeVisible();
      // A finger moving left across the picture.
      const y = 844 / 2;
      await page.mouse.move(300, y);
      await page.mouse.down();
      await page.mouse.move(200, y + 2);
      await page.mouse.move(90, y + 5);
      await page.mouse.up();
      await expect(page.getByRole('dialog', { name: /screenshot 3 of 3/ })).toBeVisible();
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByTestId('lightbox')).toBeHidden();
    });
  });

  test('the trailer asks nothing of the video host until it is played', async ({ page, request }) => {
    const thirdParty: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(new URL(page.url() || 'http://x').origin) && /youtube|ytimg|vimeo/.test(r.url()))
        thirdParty.push(r.url());
    });
    // The browser has no internet here: the player's frame is answered locally.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );
    await withStoreApp(request, async (app) => {
      await page.goto(`/apps/${app.slug}`);
      const facade = page.getByTestId('trailer-facade');
      await facade.scrollIntoViewIfNeeded();
      await expect(facade).toHaveAttribute('href', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ');
      expect(thirdParty).toEqual([]);
      await facade.click();
      const frame = page.locator('iframe[title="Harbour Lights E2E trailer"]');
      await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
      await expect(page.frameLocator('iframe[title="Harbour Lights E2E trailer"]').getByText('player')).toBeVisible();
    });
  });
});

test.describe('on an Android phone', () => {
  test.use({ ...PHONE, userAgent: ANDROID });

  test('Google Play comes first', async ({ page, request }) => {
    await withStoreApp(request, async (app) => {
      await page.goto(`/apps/${app.slug}`);
      expect(await badgeStores(page)).toEqual(['googlePlay', 'appStore']);
      await expect(page.getByTestId('store-badges').getByRole('link').first()).toHaveAttribute(
        'href',
        'https://play.google.com/store/apps/details?id=com.example.harbourlights',
      );
    });
  });
});

test.describe('the demo site', () => {
  test('an app card opens its page, which shows every screenshot, the posts and the blog link', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('app-card').getByRole('link', { name: 'Lantern Drift', exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/lantern-drift$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lantern Drift');
    await expect(page.getByRole('button', { name: /Enlarge screenshot \d of 3/ })).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Latest posts' }).getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'All Lantern Drift posts' })).toHaveAttribute(
      'href',
      /\/apps\/\d+\/blogs$/,
    );
    await expectAccessible(page);
  });
});
