import { expect, expectAccessible, test } from './fixtures';

const SITE = 'Northpaw Studio';
const failedRequests = new WeakMap<object, string[]>();

test.describe('not-found page', () => {
  // Chrome logs the page's own 404 as a console error; that one is expected. Any other failed
  // request (a script, style or API read) is caught below instead.
  test.use({ allowConsoleErrors: ['the server responded with a status of 404'] });

  test.beforeEach(({ page }) => {
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400 && res.request().resourceType() !== 'document')
        failed.push(`${res.status()} ${res.url()}`);
    });
    failedRequests.set(page, failed);
  });

  test.afterEach(({ page }) => {
    expect(failedRequests.get(page), 'failed requests other than the page itself').toEqual([]);
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/no/such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    // The developer-style hint, naming the path.
    const hint = page.getByText(/Did you forget to add the page to the router\?/);
    await expect(hint).toBeVisible();
    await expect(hint.locator('code')).toHaveText('/no/such-page');
    await expect(page).toHaveTitle(`404 Page Not Found | ${SITE}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    // The shared layout is still there, and the page leads back home.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('app-card')).toHaveCount(6);
  });

  test('a near miss of a real route is not found either', async ({ request }) => {
    for (const path of ['/about-us', '/privacy-policy', '/app', '/blogs']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain('404 Page Not Found');
    }
  });

  test('is accessible in the dark and light themes', async ({ page }) => {
    await page.goto('/missing');
    await expect(page.locator('html')).toHaveClass('dark');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expectAccessible(page);

    await page.addInitScript(() => window.localStorage.setItem('vite-ui-theme', 'light'));
    await page.goto('/missing');
    await expect(page.locator('html')).toHaveClass('light');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expectAccessible(page);
  });
});
