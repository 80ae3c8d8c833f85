// Revisions (issue 12): the History of a page editor lists its saved versions, shows what changed
// word by word, and restores one (a new version) into the editor and the public page.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

interface AboutUs {
  title: string;
  content: string;
  version: number;
}
interface RevisionSummary {
  id: number;
  version: number;
  reason: string;
  author: string | null;
}

const FIRST = {
  title: 'History first about',
  content: '<p>We are two friends making calm games together.</p><p>We live by the sea.</p>',
};
const SECOND = {
  title: 'History second about',
  content: '<p>We are three friends making small calm games together.</p><p>We live by the sea.</p>',
};

let demo: AboutUs | undefined;

async function putAbout(request: APIRequestContext, body: { title: string; content: string }): Promise<AboutUs> {
  const res = await request.put('/api/about-us', { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AboutUs;
}

test.beforeEach(async ({ page, request }) => {
  const res = await request.get('/api/about-us');
  demo ??= (await res.json()) as AboutUs;
  await signIn(page);
});

// The other specs expect the demo text of About Us.
test.afterEach(async ({ request }) => {
  if (demo) await putAbout(await staffApi(request), { title: demo.title, content: demo.content });
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const history = (page: Page) => page.getByRole('dialog', { name: 'History' });
const versions = (page: Page) =>
  history(page)
    .getByRole('navigation', { name: /^Versions/ })
    .getByRole('button');
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');

/** Matches the history read of a kind of item. */
const revisionsOf = (type: string) => (url: URL) =>
  url.pathname === '/api/admin/revisions' && url.searchParams.get('type') === type;

/** Saves About Us twice through the API; returns the two versions. */
async function saveTwice(page: Page) {
  const first = await putAbout(page.request, FIRST);
  const second = await putAbout(page.request, SECOND);
  expect(second.version).toBe(first.version + 1);
  return { first, second };
}

async function openHistory(page: Page) {
  await page.goto('/admin-page/about-us');
  await expect(h1(page)).toHaveText('About Us');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(SECOND.title);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(history(page)).toBeVisible();
  await expect(history(page).getByRole('heading', { name: /compared with the current text$/ })).toBeVisible();
}

test('History shows the changed words of an earlier version and restores it into the editor and /about', async ({
  page,
}) => {
  const { first, second } = await saveTwice(page);
  await openHistory(page);
  const dialog = history(page);

  // Newest first, the current one marked; the newest earlier version is chosen.
  await expect(versions(page).first()).toContainText(`Version ${second.version}`);
  await expect(versions(page).first()).toContainText('Current');
  await expect(versions(page).first()).toContainText('Saved by admin');
  await expect(versions(page).nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(dialog.getByRole('heading', { level: 3, name: /^Version \d+ compared/ })).toHaveText(
    `Version ${first.version} compared with the current text`,
  );

  // What changed since, word by word: struck through in this version, underlined in the current text.
  const content = dialog.locator('div', { has: page.getByRole('heading', { level: 4, name: 'Content' }) }).last();
  await expect(content.locator('del')).toHaveText(['Removed: two']);
  await expect(content.locator('ins')).toHaveText(['Added: three', 'Added: small']);
  await expect(content).toContainText('We live by the sea.');
  const title = dialog.locator('div', { has: page.getByRole('heading', { level: 4, name: 'Title' }) }).last();
  await expect(title.locator('del')).toHaveText('Removed: first');
  await expect(title.locator('ins')).toHaveText('Added: second');
  await expect(dialog.getByText('Struck through')).toBeVisible();
  const del = await content
    .locator('del')
    .first()
    .evaluate((el) => getComputedStyle(el).textDecorationLine);
  const ins = await content
    .locator('ins')
    .first()
    .evaluate((el) => getComputedStyle(el).textDecorationLine);
  expect(del).toContain('line-through');
  expect(ins).toContain('underline');
  await expectAccessible(page);

  // The current version cannot be restored onto itself.
  await versions(page).first().click();
  await expect(dialog.getByRole('button', { name: 'This is the current version' })).toBeDisabled();
  await expect(dialog.getByText('The text of this version is the same as the current text.')).toBeVisible();
  await versions(page).nth(1).click();

  // Restore, after a confirmation.
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Restore version ${first.version}?` });
  await expect(confirm).toContainText('saved as a new version');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page)).toContainText('Revision restored');
  await expect(history(page)).toBeHidden();
  // Focus goes back to the History button.
  await expect(page.getByRole('button', { name: 'History' })).toBeFocused();

  // The editor shows the restored text.
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(FIRST.title);
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toContainText('We are two friends');

  // A new version, its revision marked as a restore.
  const list = (await (await page.request.get('/api/admin/revisions?type=about')).json()) as RevisionSummary[];
  expect(list[0]).toMatchObject({ version: second.version + 1, reason: 'restore', author: 'admin' });
  await page.getByRole('button', { name: 'History' }).click();
  await expect(versions(page).first()).toContainText(`Version ${second.version + 1}`);
  await expect(versions(page).first()).toContainText('Restored by admin');
  await page.keyboard.press('Escape');
  await expect(history(page)).toBeHidden();

  // Visitors see it.
  await page.goto('/about');
  await expect(h1(page)).toHaveText(FIRST.title);
  await expect(page.getByText('We are two friends making calm games together.')).toBeVisible();
});

test('works from the keyboard: open, choose a version, close with Escape', async ({ page }) => {
  const { first } = await saveTwice(page);
  await page.goto('/admin-page/about-us');
  const button = page.getByRole('button', { name: 'History' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(history(page)).toBeVisible();
  // The version list, then the restore button, are reachable with Tab.
  await versions(page).nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(versions(page).nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(history(page).getByRole('heading', { level: 3, name: /^Version \d+ compared/ })).toHaveText(
    `Version ${first.version} compared with the current text`,
  );
  await page.keyboard.press('Escape');
  await expect(history(page)).toBeHidden();
  await expect(button).toBeFocused();
});

test('shows "No earlier versions yet" when there is nothing to compare', async ({ page }) => {
  await page.route(revisionsOf('home'), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.goto('/admin-page/home-content');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(history(page).getByText('No earlier versions yet')).toBeVisible();
  await expectAccessible(page);
});

test.describe('when the history cannot be read', () => {
  test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

  test('says so, and Try again reads it again', async ({ page }) => {
    let failed = false;
    await page.route(revisionsOf('privacy'), (route) => {
      if (failed) return route.fallback();
      failed = true;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Database unavailable', code: 'INTERNAL_ERROR' }),
      });
    });
    await page.goto('/admin-page/privacy');
    await page.getByRole('button', { name: 'History' }).click();
    await expect(history(page).getByRole('alert')).toContainText('Failed to load the history');
    await history(page).getByRole('button', { name: 'Try again' }).click();
    await expect(history(page).getByRole('alert')).toBeHidden();
    const loaded = history(page)
      .getByRole('navigation', { name: /^Versions/ })
      .or(history(page).getByText('No earlier versions yet'));
    await expect(loaded).toBeVisible();
  });
});

test('fits a phone, in dark and light', async ({ page }, testInfo) => {
  await saveTwice(page);
  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      if (theme === 'light') await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
      await openHistory(page);
      await expect(history(page).locator('ins').first()).toBeVisible();
      // Nothing wider than the screen: the panel scrolls down, never sideways.
      const overflow = await history(page).evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`history-${theme}-${viewport.width}.png`) });
      if (viewport.width === 390) await expectAccessible(page);
    }
  }
});
