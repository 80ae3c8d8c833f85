// Admin: Social Media Links (SPEC §2, §3 icon options, §4 re-fetch, §5 social link rules, §8 toasts).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const URL_PATH = '/admin-page/social-media';
const NOT_FOUND_LOG = 'the server responded with a status of 404 (Not Found)';

/** The demo links (src/server/modules/demo-content/seed-data.ts), restored after the tests that delete them. */
const DEMO_LINKS = [
  {
    name: 'X (Twitter)',
    url: 'https://x.com/northpawstudio',
    icon: 'FaTwitter',
    label: 'Twitter',
    isVisible: true,
    order: 0,
  },
  {
    name: 'Instagram',
    url: 'https://www.instagram.com/northpawstudio',
    icon: 'FaInstagram',
    label: 'Instagram',
    isVisible: true,
    order: 1,
  },
  {
    name: 'Discord',
    url: 'https://discord.gg/northpaw',
    icon: 'FaDiscord',
    label: 'Discord',
    isVisible: true,
    order: 2,
  },
  {
    name: 'YouTube',
    url: 'https://www.youtube.com/@northpawstudio',
    icon: 'FaYoutube',
    label: 'YouTube',
    isVisible: false,
    order: 3,
  },
];

const ICON_LABELS = [
  'Twitter',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'YouTube',
  'Pinterest',
  'TikTok',
  'Discord',
  'Twitch',
  'Reddit',
  'Medium',
  'GitHub',
  'Dribbble',
  'Behance',
];

interface Link {
  id: number;
  name: string;
  url: string;
  icon: string;
  isVisible: boolean;
  order: number;
}

const table = (page: Page) => page.getByRole('table', { name: 'Social media links' });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
// includeHidden: while a modal dialog is open, Radix hides everything outside it from the accessibility tree.
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications? \(F8\)$/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function createLink(api: APIRequestContext, data: Omit<Link, 'id'>): Promise<Link> {
  const res = await api.post('/api/social-media', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Link;
}

async function allLinks(api: APIRequestContext): Promise<Link[]> {
  const res = await api.get('/api/social-media');
  expect(res.status()).toBe(200);
  return (await res.json()) as Link[];
}

/** Replaces every link with the demo ones. */
async function resetDemoLinks(api: APIRequestContext) {
  for (const link of await allLinks(api)) await api.delete(`/api/social-media/${link.id}`);
  for (const { label: _label, ...link } of DEMO_LINKS) await createLink(api, link);
}

async function open(page: Page) {
  await signIn(page);
  await page.goto(URL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Social Media Links' })).toBeVisible();
}

/** Picks an icon in the open dialog's Select. */
async function pickIcon(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Icon' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

test.describe('admin social media links', () => {
  // Put the demo links back: the public pages' tests that run after these expect them.
  test.afterAll(async ({ playwright }, testInfo) => {
    const api = await staffApi(await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL }));
    await resetDemoLinks(api);
    await api.dispose();
  });

  test('lists the demo links with their icon, order and visibility', async ({ page, request }) => {
    // Exactly the demo links, whatever ran before.
    const links = await allLinks(await staffApi(request));
    const isDemo =
      links.length === DEMO_LINKS.length &&
      DEMO_LINKS.every((d, i) => links[i]?.name === d.name && links[i]?.order === d.order);
    if (!isDemo) await resetDemoLinks(request);
    await open(page);
    await expect(page).toHaveTitle(/^Social Media \| Admin \| /);
    const headers = table(page).getByRole('columnheader');
    await expect(headers).toHaveText(['Name', 'URL', 'Icon', 'Order', 'Visible', 'Actions']);
    await expect(table(page).getByRole('row')).toHaveCount(DEMO_LINKS.length + 1);

    for (const link of DEMO_LINKS) {
      const r = row(page, link.name);
      await expect(r).toHaveCount(1);
      const anchor = r.getByRole('link');
      await expect(anchor).toHaveAttribute('href', link.url);
      await expect(anchor).toHaveAttribute('target', '_blank');
      await expect(anchor).toHaveAttribute('rel', /noopener/);
      await expect(anchor).toContainText(link.url);
      const cells = r.getByRole('cell');
      await expect(cells.nth(2)).toHaveText(link.label);
      await expect(cells.nth(2).locator('svg')).toHaveCount(1);
      await expect(cells.nth(3)).toHaveText(String(link.order));
      await expect(cells.nth(4)).toHaveText(link.isVisible ? 'Visible' : 'Hidden');
      await expect(r.getByRole('button', { name: `Edit ${link.name}` })).toBeVisible();
      await expect(r.getByRole('button', { name: `Delete ${link.name}` })).toBeVisible();
    }
    await expect(table(page).getByText('Hidden', { exact: true })).toHaveCount(1);
    await expectAccessible(page);
  });

  test('adds a link: each validation message, the 14 icons, then created', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Add New Link' }).click();
    const add = dialog(page, 'Add Social Media Link');
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Name')).toHaveValue('');
    await expect(add.getByLabel('URL')).toHaveValue('');
    await expect(add.getByRole('switch', { name: 'Visible' })).toBeChecked();
    await expect(add.getByLabel('Order')).toHaveValue('0');
    await expect(add.getByLabel('Order')).toHaveAttribute('min', '0');
    await expectAccessible(page);

    // Nothing filled in: every required field says so next to it.
    await add.getByRole('button', { name: 'Add Link' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await expect(add.getByText('Please enter a valid URL')).toBeVisible();
    await expect(add.getByText('Icon is required')).toBeVisible();
    await expect(add.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await add.getByLabel('Name').fill('Studio GitHub');
    await add.getByLabel('URL').fill('not a url');
    await add.getByLabel('Order').fill('1.5');
    await add.getByRole('button', { name: 'Add Link' }).click();
    await expect(add.getByText('Please enter a valid URL')).toBeVisible();
    await expect(add.getByText('Order must be a whole number')).toBeVisible();
    await expect(add.getByText('Name is required')).toHaveCount(0);

    // The icon picker offers the 14 icons, each drawn next to its label.
    await page.getByRole('combobox', { name: 'Icon' }).click();
    const options = page.getByRole('option');
    await expect(options).toHaveText(ICON_LABELS);
    await expect(options.locator('svg')).toHaveCount(ICON_LABELS.length);
    await page.getByRole('option', { name: 'GitHub', exact: true }).click();
    await expect(add.getByRole('combobox', { name: 'Icon' })).toHaveText('GitHub');
    await expect(add.getByText('Icon is required')).toHaveCount(0);

    const name = unique('GitHub');
    await add.getByLabel('Name').fill(name);
    // An address typed without https:// is completed, not refused (issue 21).
    await add.getByLabel('URL').fill('github.com/northpaw-studio');
    await add.getByLabel('Order').fill('7');
    await expect(add.getByLabel('URL')).toHaveValue('https://github.com/northpaw-studio');
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/social-media'));
    await add.getByRole('button', { name: 'Add Link' }).click();
    expect((await post).postDataJSON()).toEqual({
      name,
      url: 'https://github.com/northpaw-studio',
      icon: 'FaGithub',
      isVisible: true,
      order: 7,
    });

    await expectToast(page, 'Social media link created', 'The social media link has been created successfully.');
    await expect(add).toHaveCount(0);
    const r = row(page, name);
    await expect(r).toHaveCount(1);
    await expect(r.getByRole('cell').nth(2)).toHaveText('GitHub');
    await expect(r.getByRole('cell').nth(3)).toHaveText('7');
    await expect(r.getByRole('cell').nth(4)).toHaveText('Visible');

    // The next Add starts empty again.
    await page.getByRole('button', { name: 'Add New Link' }).click();
    await expect(add.getByLabel('Name')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(add).toHaveCount(0);
  });

  test('edits a link prefilled, and the Visible switch hides it from visitors', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    const api = await staffApi(request);
    const link = await createLink(api, {
      name: unique('Reddit'),
      url: 'https://www.reddit.com/r/northpaw',
      icon: 'FaReddit',
      isVisible: true,
      order: 5,
    });
    await open(page);

    await row(page, link.name)
      .getByRole('button', { name: `Edit ${link.name}` })
      .click();
    const edit = dialog(page, 'Edit Social Media Link');
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Name')).toHaveValue(link.name);
    await expect(edit.getByLabel('URL')).toHaveValue(link.url);
    await expect(edit.getByRole('combobox', { name: 'Icon' })).toHaveText('Reddit');
    await expect(edit.getByRole('switch', { name: 'Visible' })).toBeChecked();
    await expect(edit.getByLabel('Order')).toHaveValue('5');

    const renamed = `${link.name} (hidden)`;
    await edit.getByLabel('Name').fill(renamed);
    await pickIcon(page, 'Medium');
    await edit.getByRole('switch', { name: 'Visible' }).click();
    await expect(edit.getByRole('switch', { name: 'Visible' })).not.toBeChecked();
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/social-media/${link.id}`));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect((await put).postDataJSON()).toMatchObject({ name: renamed, icon: 'FaMedium', isVisible: false, order: 5 });

    await expectToast(page, 'Social media link updated', 'The social media link has been updated successfully.');
    await expect(edit).toHaveCount(0);
    await expect(row(page, link.name)).toHaveCount(0);
    await expect(row(page, renamed).getByRole('cell').nth(4)).toHaveText('Hidden');
    await expect(row(page, renamed).getByRole('cell').nth(2)).toHaveText('Medium');
    // Keyboard focus is back on the button that opened the dialog.
    await expect(row(page, renamed).getByRole('button', { name: `Edit ${renamed}` })).toBeFocused();

    // Visitors no longer get it; switching it back on shows it again.
    const visitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    expect((await allLinks(visitor)).map((l) => l.id)).not.toContain(link.id);
    await row(page, renamed)
      .getByRole('button', { name: `Edit ${renamed}` })
      .click();
    await expect(edit.getByRole('switch', { name: 'Visible' })).not.toBeChecked();
    await edit.getByRole('switch', { name: 'Visible' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Social media link updated', 'The social media link has been updated successfully.');
    await expect(row(page, renamed).getByRole('cell').nth(4)).toHaveText('Visible');
    expect((await allLinks(visitor)).map((l) => l.id)).toContain(link.id);
    await visitor.dispose();
  });

  test.describe('failures from the server', () => {
    test.use({ allowConsoleErrors: [NOT_FOUND_LOG, 'status of 500'] });

    test('saving an edit shows the failure toast and keeps the values', async ({ page, request }) => {
      const api = await staffApi(request);
      const link = await createLink(api, {
        name: unique('Twitch'),
        url: 'https://www.twitch.tv/northpaw',
        icon: 'FaTwitch',
        isVisible: true,
        order: 6,
      });
      await open(page);
      await row(page, link.name)
        .getByRole('button', { name: `Edit ${link.name}` })
        .click();
      const edit = dialog(page, 'Edit Social Media Link');
      await edit.getByLabel('URL').fill('https://www.twitch.tv/northpaw-live');

      // Someone else deletes it meanwhile.
      expect((await api.delete(`/api/social-media/${link.id}`)).status()).toBe(200);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(
        page,
        'Failed to update social media link',
        'An error occurred while updating the social media link.',
      );
      await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
      await expect(edit).toBeVisible();
      await expect(edit.getByLabel('URL')).toHaveValue('https://www.twitch.tv/northpaw-live');
      await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
      // The list catches up: the deleted link is no longer offered.
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(row(page, link.name)).toHaveCount(0);
    });

    test('deleting shows the failure toast', async ({ page, request }) => {
      const api = await staffApi(request);
      const link = await createLink(api, {
        name: unique('Behance'),
        url: 'https://www.behance.net/northpaw',
        icon: 'FaBehance',
        isVisible: true,
        order: 6,
      });
      await open(page);
      await row(page, link.name)
        .getByRole('button', { name: `Delete ${link.name}` })
        .click();
      expect((await api.delete(`/api/social-media/${link.id}`)).status()).toBe(200);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(
        page,
        'Failed to delete social media link',
        'An error occurred while deleting the social media link.',
      );
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(row(page, link.name)).toHaveCount(0);
    });

    test('a server error on create keeps the dialog and its values', async ({ page }) => {
      await open(page);
      await page.route('**/api/social-media', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Internal error', code: 'INTERNAL_ERROR' }),
            })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Add New Link' }).click();
      const add = dialog(page, 'Add Social Media Link');
      await add.getByLabel('Name').fill('Pinterest');
      await add.getByLabel('URL').fill('https://www.pinterest.com/northpaw');
      await pickIcon(page, 'Pinterest');
      await add.getByRole('button', { name: 'Add Link' }).click();
      await expectToast(
        page,
        'Failed to create social media link',
        'An error occurred while creating the social media link.',
      );
      await expect(add.getByLabel('Name')).toHaveValue('Pinterest');
    });
  });
  test('deletes a link after confirmation', async ({ page, request }) => {
    const api = await staffApi(request);
    const link = await createLink(api, {
      name: unique('Dribbble'),
      url: 'https://dribbble.com/northpaw',
      icon: 'FaDribbble',
      isVisible: true,
      order: 8,
    });
    await open(page);
    const deleteButton = row(page, link.name).getByRole('button', { name: `Delete ${link.name}` });

    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText(
      `This will permanently delete the ${link.name} social media link. This action cannot be undone.`,
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, link.name)).toHaveCount(1);

    await deleteButton.click();
    const del = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/social-media/${link.id}`));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await del;
    await expectToast(page, 'Social media link deleted', 'The social media link has been deleted successfully.');
    await expect(confirm).toHaveCount(0);
    await expect(row(page, link.name)).toHaveCount(0);
    expect((await allLinks(api)).map((l) => l.id)).not.toContain(link.id);
  });

  test('loading, then the empty state after deleting every link', async ({ page, request }) => {
    const api = await staffApi(request);
    const links = await allLinks(api);
    // All but one through the API, the last one through the screen.
    for (const link of links.slice(1)) expect((await api.delete(`/api/social-media/${link.id}`)).status()).toBe(200);
    const last = links[0]!;

    await signIn(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/social-media', async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.fallback();
    });
    await page.goto(URL_PATH);
    await expect(page.getByRole('status').filter({ hasText: 'Loading social media links...' })).toBeVisible();
    release();
    await expect(row(page, last.name)).toHaveCount(1);

    await row(page, last.name)
      .getByRole('button', { name: `Delete ${last.name}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Social media link deleted', 'The social media link has been deleted successfully.');
    await expect(page.getByText('No social media links have been added yet')).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add your first link' }).click();
    const add = dialog(page, 'Add Social Media Link');
    await expect(add).toBeVisible();
    await add.getByLabel('Name').fill('Discord');
    await add.getByLabel('URL').fill('https://discord.gg/northpaw');
    await pickIcon(page, 'Discord');
    await add.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(page, 'Social media link created', 'The social media link has been created successfully.');
    await expect(row(page, 'Discord')).toHaveCount(1);
    await expect(page.getByText('No social media links have been added yet')).toHaveCount(0);
  });

  test.describe('on a phone (390x844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('links are stacked cards with their actions, and the dialog fits', async ({ page }) => {
      await open(page);
      await expect(table(page)).toBeHidden();
      const cards = page.getByRole('list', { name: 'Social media links' }).getByRole('listitem');
      await expect(cards).toHaveCount((await allLinks(page.request)).length);
      const first = cards.first();
      const name = (await first.locator('p').first().textContent()) ?? '';
      await expect(first.getByRole('link')).toHaveAttribute('target', '_blank');
      await expect(first.getByText(/^(Visible|Hidden)$/)).toBeVisible();
      await expect(first.getByText(/^Order \d+$/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);

      await first.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = dialog(page, 'Edit Social Media Link');
      await expect(edit).toBeVisible();
      await expect(edit.getByLabel('Name')).toHaveValue(name);
      const box = await edit.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(edit).toHaveCount(0);
      await expect(first.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
      await expect(first.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    });
  });
});
