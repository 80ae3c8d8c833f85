// The catalogue at /apps (issue 25 item 3, decision 116), on the demo studio's six apps: a filtered
// address opened without JavaScript, filters chosen and removed by clicking, the empty state, the
// order, and axe on a phone and a desktop in both themes.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const cards = (page: Page) => page.getByRole('main').getByTestId('app-card').getByRole('heading', { level: 3 });
const filters = (page: Page) => page.getByRole('navigation', { name: 'Filters' });
/** An option's link, read as its name and then its count ('Android, 3 apps'). */
const option = (page: Page, name: string, count: number) =>
  filters(page).getByRole('link', { name: new RegExp(`^${name} ?, ${count} apps?$`) });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a filtered address shows its apps, counts and links, and filters are removed by links', async ({ page }) => {
    const res = await page.goto('/apps?platform=android&status=live');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Games & Apps');
    await expect(cards(page)).toHaveText(['Lantern Drift']);
    await expect(page.getByRole('heading', { name: '1 app', exact: true })).toBeVisible();
    // The chosen options are marked; the other options say what they would list.
    await expect(option(page, 'Android', 1)).toHaveAttribute('aria-current', 'true');
    await expect(option(page, 'Live', 1)).toHaveAttribute('aria-current', 'true');
    await expect(option(page, 'iOS', 2)).toHaveAttribute('href', '/apps?platform=ios&status=live');

    await page.getByRole('link', { name: 'Remove filter Status: Live' }).click();
    await expect(page).toHaveURL(/\/apps\?platform=android$/);
    await expect(cards(page)).toHaveText(['Lantern Drift', 'Moss & Bolt', 'Pocket Orchard', 'Quiet Hours']);

    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expect(cards(page)).toHaveCount(6);
  });
});

test('filters chosen by clicking, the order, and the empty state', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See all games and apps' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(cards(page)).toHaveText([
    'Lantern Drift',
    'Tidepool Tactics',
    'Moss & Bolt',
    'Pocket Orchard',
    'Brightlist',
    'Quiet Hours',
  ]);

  // A wide screen shows the filters open, with no summary to click.
  await expect(page.getByText('Show filters')).toBeHidden();
  await option(page, 'Apps', 2).click();
  await expect(page).toHaveURL(/\/apps\?kind=app$/);
  await expect(cards(page)).toHaveText(['Brightlist', 'Quiet Hours']);

  await page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Newest release' }).click();
  await expect(page).toHaveURL(/\/apps\?kind=app&sort=release$/);
  // Brightlist's release date is set; Quiet Hours has none and comes after it.
  await expect(cards(page)).toHaveText(['Brightlist', 'Quiet Hours']);

  // No web app is live: the option is shown, not offered, and its address gives the empty state.
  await page.goto('/apps?platform=web&status=live');
  await expect(page.getByText('No apps match these filters')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Clear all filters' }).last().click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(cards(page)).toHaveCount(6);
});

test('on a phone the filters fold away and open with their summary', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/apps');
  const platformAndroid = option(page, 'Android', 4);
  await expect(platformAndroid).toBeHidden();
  await page.getByText('Show filters').click();
  await platformAndroid.click();
  await expect(page).toHaveURL(/\/apps\?platform=android$/);
  await expect(cards(page)).toHaveCount(4);
});

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  for (const theme of ['dark', 'light'] as const) {
    test(`/apps and a filtered view are accessible on a ${viewport.name} in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport.size);
      if (theme === 'light') await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
      for (const path of ['/apps', '/apps?platform=android&status=live', '/apps?platform=web&status=live']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectAccessible(page);
      }
    });
  }
}
