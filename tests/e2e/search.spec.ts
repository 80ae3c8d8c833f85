// Site search (issue 25): a search from the header's link on a desktop and a phone, the same without
// JavaScript (a GET form and links), the German page, the 404 page's form, and axe on each.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const VIEWPORTS = [
  { name: 'desktop 1280x800', viewport: { width: 1280, height: 800 } },
  { name: 'phone 390x844', viewport: { width: 390, height: 844 } },
];

async function searchFor(page: Page, words: string) {
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  await box.fill(words);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(words).replace(/%20/g, '\\+')}`));
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('searches from the header and opens a result', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Search the site' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
      await expect(page.getByText('What are you looking for?')).toBeVisible();
      await searchFor(page, 'lantern');
      const posts = page.getByRole('region', { name: 'Posts' });
      await expect(posts.locator('mark').first()).toHaveText(/lantern/i);
      await expectAccessible(page);
      const first = posts.getByRole('heading', { level: 3 }).first();
      const title = (await first.textContent())!;
      await first.getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });

    test('says when nothing is found, and is axe-clean', async ({ page }) => {
      await page.goto('/search?q=zzzqqqxx');
      await expect(page.getByText('No results for “zzzqqqxx”')).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form, the kinds of result and the pages are plain requests', async ({ page }) => {
    await page.goto('/search');
    await searchFor(page, 'lantern');
    await expect(page.locator('main mark').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Kinds of result' }).getByRole('link', { name: /Posts/ }).click();
    await expect(page).toHaveURL(/type=posts/);
    await expect(page.getByRole('region', { name: 'Apps' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Posts' })).toBeVisible();
  });

  test.describe('on the 404 page', () => {
    // What Chromium logs for a document answered with 404.
    test.use({ allowConsoleErrors: ['the server responded with a status of 404'] });

    test('a search form leads to the results', async ({ page }) => {
      await page.goto('/no-such-page-here');
      await searchFor(page, 'lantern');
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    });
  });
});

test('the German search page is in German and finds the German posts', async ({ page }) => {
  await page.goto('/de/search?q=Leuchten');
  await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeVisible();
  await expect(page.locator('main mark').first()).toHaveText(/leucht/i);
  await expectAccessible(page);
});
