// Issue 25 end to end: the admin app form sets age ratings (add a system, choose its rating, tick a
// descriptor and a notice, remove a system) and accessibility tags with a note, by keyboard and
// pointer; the app page then shows both sections. A demo game's sections (Tidepool Tactics) are axe-clean on a
// phone and a desktop, in the light and dark themes, in English and German.
import type { Page } from '@playwright/test';
import type { App } from '../../src/shared/schemas/apps';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const RUN = `e2e-ratings-${Date.now().toString(36)}`;

test.afterEach(async ({ request }) => {
  const api = await staffApi(request);
  const apps = (await (await api.get('/api/apps')).json()) as App[];
  for (const app of apps.filter((a) => a.title.includes(RUN))) await api.delete(`/api/apps/${app.id}`);
});

test.describe('the admin app form', () => {
  test('sets ratings, tags and a note; the app page shows them', async ({ page, request }) => {
    const app = await requestFactories(await staffApi(request)).makeApp({ title: `Rated ${RUN}`, kind: 'game' });
    await signIn(page);
    await page.goto(`/admin-page/apps/edit?id=${app.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit App' })).toBeVisible();

    const ratings = page.getByRole('group', { name: 'Add a rating system' });
    await ratings.getByRole('button', { name: 'Add ESRB' }).click();
    await ratings.getByRole('button', { name: 'Add PEGI' }).click();
    // PEGI goes first (the systems' order) and its rating choice has the focus.
    const pegi = page.getByTestId('rating-pegi');
    await expect(page.getByLabel('PEGI rating')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'PEGI 7' }).click();
    await pegi.getByLabel('Violence', { exact: true }).check();
    await pegi.getByLabel('In-Game Purchases', { exact: true }).check();
    // ESRB is added and removed again: it is not saved.
    await page.getByRole('button', { name: 'Remove ESRB' }).click();
    await expect(page.getByTestId('rating-esrb')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add ESRB' })).toBeVisible();

    await page.getByLabel('Large Text', { exact: true }).check();
    await page.getByLabel('Mono Sound', { exact: true }).check();
    await page.getByLabel('More about accessibility').fill('Every level can be paused at any time.');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin-page\/apps$/);
    const saved = (await (await request.get(`/api/apps/${app.id}`)).json()) as App;
    expect(saved.ratings).toEqual([
      { system: 'pegi', rating: '7', descriptors: ['Violence'], notices: ['in-game-purchases'] },
    ]);
    expect(saved.accessibilityTags).toEqual(['mono-sound', 'large-text']);
    expect(saved.accessibilityNote).toBe('Every level can be paused at any time.');

    await page.goto(`/apps/${saved.slug}`);
    await expect(page.getByTestId('age-ratings')).toHaveText('PEGI 7 — Violence · In-Game Purchases');
    await expect(page.getByTestId('a11y-auditory')).toContainText('Mono Sound');
    await expect(page.getByTestId('a11y-visual')).toContainText('Large Text');
    await expect(page.getByTestId('accessibility-note')).toHaveText('Every level can be paused at any time.');
  });

  test('a rating left unchosen is shown at its field and nothing is saved', async ({ page, request }) => {
    const app = await requestFactories(await staffApi(request)).makeApp({ title: `Unchosen ${RUN}` });
    await signIn(page);
    await page.goto(`/admin-page/apps/edit?id=${app.id}`);
    await page.getByRole('button', { name: 'Add USK' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('rating-usk')).toContainText('A USK rating is one of: 0, 6, 12, 16, 18');
    await expect(page.getByLabel('USK rating')).toHaveAttribute('aria-invalid', 'true');
    const saved = (await (await request.get(`/api/apps/${app.id}`)).json()) as App;
    expect(saved.ratings).toEqual([]);
  });
});

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function openIn(page: Page, path: string, theme: 'light' | 'dark') {
  if (theme === 'light') await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`the demo game's sections on a ${name}`, () => {
    test.use({ viewport });
    for (const theme of ['dark', 'light'] as const) {
      for (const [path, ratings, accessibility] of [
        ['/apps/tidepool-tactics', 'Age ratings', 'Accessibility'],
        ['/de/apps/tidepool-tactics', 'Altersfreigaben', 'Barrierefreiheit'],
      ] as const) {
        test(`${path} in the ${theme} theme`, async ({ page }) => {
          await openIn(page, path, theme);
          await expect(page.getByRole('heading', { level: 2, name: ratings })).toBeVisible();
          await expect(page.getByRole('heading', { level: 2, name: accessibility })).toBeVisible();
          await expect(page.getByTestId('age-ratings').getByRole('listitem')).toHaveCount(4);
          // No sideways scrolling on a phone.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await expectAccessible(page);
        });
      }
    }
  });
}
