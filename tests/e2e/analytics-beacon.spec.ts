// Issue 27: counting without cookies, in the browser. A public page view sends one beacon (the
// page, its app, its language), sets no cookie and writes no storage; a store badge's click sends
// its store; a visitor with Global Privacy Control or the privacy page's opt-out sends nothing.
import type { Page, Request } from '@playwright/test';
import type { BrowserEvent } from '../../src/shared/analytics';
import { requestFactories } from '../factories';
import { expect, isAnalyticsBeacon, staffApi, test } from './fixtures';

const LANTERN_DRIFT = 1;

/** The beacons the page sends, parsed. */
function watchBeacons(page: Page) {
  const beacons: BrowserEvent[][] = [];
  page.on('request', (r: Request) => {
    if (isAnalyticsBeacon(r)) beacons.push([JSON.parse(r.postData() ?? 'null') as BrowserEvent].flat());
  });
  return beacons;
}

test('a public page view sends one beacon, and the page sets no cookie and writes no storage', async ({ page }) => {
  const beacons = watchBeacons(page);
  const answered = page.waitForResponse((r) => isAnalyticsBeacon(r.request()));
  await page.goto('/apps/lantern-drift?utm_source=e2e');
  expect((await answered).status()).toBe(204);
  await page.waitForLoadState('networkidle');
  expect(beacons).toEqual([
    [{ n: 'pageview', p: '/apps/lantern-drift?utm_source=e2e', r: '', a: LANTERN_DRIFT, l: 'en' }],
  ]);
  const kept = await page.evaluate(() => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
  }));
  expect(kept).toEqual({ cookie: '', local: 0, session: 0 });
  expect(await page.context().cookies()).toEqual([]);
});

test('a page of no app sends no app id; a store badge click sends its store', async ({ page }) => {
  const beacons = watchBeacons(page);
  await page.goto('/about');
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons[0]![0]).toEqual({ n: 'pageview', p: '/about', r: '', l: 'en' });

  await page.goto('/apps/lantern-drift', { referer: 'https://news.example.org/story' });
  await expect.poll(() => beacons.length).toBe(2);
  expect(beacons[1]![0]).toMatchObject({ n: 'pageview', r: 'https://news.example.org/story' });
  // The badge opens the store in a new tab: kept on this page (the click still bubbles to the beacon).
  await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
  const badge = page.getByTestId('store-badges').locator('a[data-track]').first();
  const store = await badge.getAttribute('data-track');
  await badge.click();
  await expect.poll(() => beacons.length).toBe(3);
  expect(beacons[2]).toEqual([
    { n: 'store', p: '/apps/lantern-drift', r: expect.any(String), a: LANTERN_DRIFT, l: 'en', t: store },
  ]);
});

test('a trailer play is counted once, though its island holds the press until it has loaded', async ({
  page,
  request,
}) => {
  const api = await staffApi(request);
  const app = await requestFactories(api).makeApp({
    title: 'Beacon Trailer E2E',
    status: 'Live',
    screenshots: ['/media/demo/shot-lantern-drift-1.svg'],
    trailer: 'https://youtu.be/aqz-KE-bpKQ',
  });
  try {
    // The browser has no internet here: the player's frame is answered locally.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const beacons = watchBeacons(page);
    await page.goto(`/apps/${app.slug}`);
    await expect.poll(() => beacons.length).toBe(1);
    await page.getByTestId('trailer-facade').click();
    await expect(page.locator('iframe[title="Beacon Trailer E2E trailer"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(beacons.slice(1)).toEqual([
      [{ n: 'outbound', p: `/apps/${app.slug}`, r: '', a: app.id, l: 'en', t: 'trailer' }],
    ]);
  } finally {
    expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  }
});

test('Global Privacy Control and the opt-out switch send nothing', async ({ browser }) => {
  for (const setup of [
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    () => localStorage.setItem('analytics-opt-out', '1'),
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(setup);
    const beacons = watchBeacons(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(beacons).toEqual([]);
    await context.close();
  }
});
