// Issue 26: release notes. Staff add a version on the app form (the 4,000-character counter, the
// conflict-free save), and visitors see it at once as "What's new" on the app page, on the release
// notes page and in its Atom feed; "Email this update" drafts a campaign that waits in Campaigns;
// the release notes page is accessible in both themes on a desktop and a phone.
import type { APIRequestContext } from '@playwright/test';
import type { App } from '../../src/shared/schemas/apps';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

/** An app made for the test, removed again (with its releases) afterwards. */
async function withApp(request: APIRequestContext, run: (app: App) => Promise<void>) {
  const api = await staffApi(request);
  const app = await requestFactories(api).makeApp({ title: `Release Notes E2E ${Date.now()}`, status: 'Live' });
  try {
    await run(app);
  } finally {
    expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  }
}

test('staff publish a release on the app form; it is on the app page and in its feed', async ({ page, request }) => {
  await withApp(request, async (app) => {
    await signIn(page);
    await page.goto(`/admin-page/apps/edit?id=${app.id}`);
    const card = page.getByRole('heading', { name: 'Release notes' });
    await expect(card).toBeVisible();
    await expect(page.getByText('No releases yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add release', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a release' });
    await dialog.getByLabel('Version').fill('3.1.0');
    await dialog.getByLabel('Release date').fill('2026-11-20');
    await dialog.getByLabel('iOS').click();
    await dialog.getByLabel('Android').click();
    const notes = 'Lighthouse keepers & <their> cats.\nA second line.';
    await dialog.getByLabel("What's new").fill(notes);
    await expect(dialog.getByText(`${notes.length} / 4,000 characters`)).toBeVisible();
    // Past the App Store's limit the counter and the form say so.
    await dialog.getByLabel("What's new").fill('x'.repeat(4001));
    await expect(dialog.getByText('4,001 / 4,000 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add release' }).click();
    await expect(dialog.getByText(/must be at most 4,000 characters/)).toBeVisible();
    await dialog.getByLabel("What's new").fill(notes);
    await dialog.getByRole('button', { name: 'Add release' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('list', { name: 'Releases' }).getByRole('listitem').first();
    await expect(row).toContainText('3.1.0');
    await expect(row).toContainText('2026-11-20 · iOS, Android');

    // "Email this update": a draft waiting in Campaigns.
    await row.getByRole('button', { name: /Email this update/ }).click();
    const drafted = page.getByRole('status').filter({ hasText: 'The email for 3.1.0 is drafted' });
    await expect(drafted).toContainText('Campaigns');
    await expect(drafted.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('href', '/admin-page/campaigns');

    // The visitor's side, at once.
    await page.context().clearCookies();
    await page.goto(`/apps/${app.slug}`);
    const whatsNew = page.getByRole('region', { name: "What's new" });
    await expect(whatsNew).toContainText('Version 3.1.0');
    await expect(whatsNew).toContainText('November 20, 2026');
    await expect(whatsNew).toContainText('Lighthouse keepers & <their> cats.');
    await whatsNew.getByRole('link', { name: 'All release notes' }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${app.slug}/releases$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Version 3.1.0' })).toBeVisible();

    const feed = await page.request.get(`/apps/${app.slug}/releases.xml`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('application/atom+xml');
    const xml = await feed.text();
    // Well-formed in a real XML parser, the notes escaped and read back as written.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        titles: [...doc.getElementsByTagName('entry')].map((e) => e.getElementsByTagName('title')[0]?.textContent),
        content: doc.getElementsByTagName('content')[0]?.textContent,
      };
    }, xml);
    expect(parsed).toEqual({ error: false, titles: [`${app.title} 3.1.0`], content: notes });

    // Deleting asks first.
    await signIn(page);
    await page.goto(`/admin-page/apps/edit?id=${app.id}`);
    await page.getByRole('button', { name: 'Delete 3.1.0' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No releases yet.')).toBeVisible();
  });
});

test('the release notes page is accessible in the dark and light themes, on a phone too', async ({ page, request }) => {
  await withApp(request, async (app) => {
    const api = await staffApi(request);
    for (const [version, day] of [
      ['1.0.0', '2026-01-10'],
      ['1.1.0', '2026-03-02'],
    ]) {
      const res = await api.post(`/api/admin/apps/${app.id}/releases`, {
        data: { version, releasedOn: day, platforms: ['ios'], notes: `Notes of ${version}.\nMore.` },
      });
      expect(res.status()).toBe(201);
    }
    for (const theme of ['dark', 'light'] as const) {
      await page.addInitScript((t) => window.localStorage.setItem('vite-ui-theme', t), theme);
      for (const size of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        for (const url of [`/apps/${app.slug}/releases`, `/apps/${app.slug}`]) {
          await page.goto(url);
          await expect(page.locator('html')).toHaveClass(theme);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          await expectAccessible(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        }
        if (theme === 'dark') {
          await page.goto(`/apps/${app.slug}/releases`);
          await page.screenshot({ path: `test-results/releases-${size.width}-${theme}.png`, fullPage: true });
        }
      }
    }
  });
});
