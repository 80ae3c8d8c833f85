// An app's privacy policy (issue 14): staff write it with a Data we collect row on the app's
// Privacy screen; the public page shows it with its Last updated date and table, the day's version
// reads at its dated address, the page is accessible and complete with JavaScript off, and the app
// page links to it; a version for a later day is announced on the page until then (issue 21), and
// on a phone "Data we collect" reads as cards, with nothing scrolling sideways.
import type { Page } from '@playwright/test';
import type { App } from '../../src/shared/schemas/apps';
import { requestFactories, unique } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const title = unique('Harbor Lights');
let app: App;

test.beforeAll(async ({ request }) => {
  app = await requestFactories(await staffApi(request)).makeApp({ title, status: 'Live' });
});

// The suite shares one database: the app made here must not stay on the home page of later specs.
test.afterAll(async ({ request }) => {
  const api = await staffApi(request);
  if (app) expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);
});

const today = () => new Date().toISOString().slice(0, 10);
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('staff write an app’s privacy policy with a data row; the public page shows it', async ({ page }) => {
  await signIn(page);
  // Reached from the app form.
  await page.goto(`/admin-page/apps/edit?id=${app.id}`);
  await page.getByRole('main').getByRole('link', { name: 'Privacy policy', exact: true }).click();
  await expect(page).toHaveURL(`/admin-page/apps/privacy?id=${app.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Privacy Policy: ${title}` })).toBeVisible();
  // Where to paste the address, next to it.
  await expect(page.getByTestId('privacy-url')).toHaveText(new RegExp(`/apps/${app.slug}/privacy$`));
  await expect(page.getByText('App Privacy › Privacy Policy URL')).toBeVisible();
  await expect(page.getByText('App content › Privacy policy')).toBeVisible();
  await expect(page.getByText('No versions yet: the first save makes one.')).toBeVisible();

  // Saving with no text names the field.
  await page.getByRole('button', { name: 'Save Privacy Policy' }).click();
  await expect(page.getByText('Write the policy, or choose to use the studio’s policy')).toBeVisible();

  const editor = page.getByRole('textbox', { name: 'Privacy policy of this app' });
  await editor.click();
  await page.keyboard.type('Harbor Lights keeps your lighthouse logs on our servers.');

  // A row: category, then data type; answers and purposes.
  await chooseOption(page, 'Category', 'Diagnostics');
  await chooseOption(page, 'Data type', 'Crash Data');
  await page.getByRole('button', { name: 'Add row' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Crash Data' }) });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox', { name: /Shared with third parties/ }).click();
  await row.getByRole('checkbox', { name: 'Analytics' }).check();
  await expectAccessible(page);

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Back to the app' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();

  await page.getByRole('button', { name: 'Save Privacy Policy' }).click();
  await expect(page.getByText('Privacy policy saved').first()).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions).toContainText(`Effective from ${longDate(today())}`);

  // The public page.
  await page.goto(`/apps/${app.slug}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: `Privacy Policy for ${title}` })).toBeVisible();
  await expect(page.getByText(`Last updated ${longDate(today())}`)).toBeVisible();
  await expect(page.getByText('Harbor Lights keeps your lighthouse logs on our servers.')).toBeVisible();
  const table = page.getByRole('table');
  const crash = table.getByRole('row', { name: /Crash Data/ });
  await expect(crash).toContainText('App Functionality, Analytics');
  await expect(crash.getByRole('cell').nth(3)).toHaveText('Yes'); // shared with third parties
  await expectAccessible(page);

  // The day's version reads at its own address.
  await page.goto(`/apps/${app.slug}/privacy/${today()}`);
  await expect(page.getByText(`Effective from ${longDate(today())}`).first()).toBeVisible();
  await expect(page.getByText('This is the current version of the policy.')).toBeVisible();
  await expect(page.getByText('Harbor Lights keeps your lighthouse logs on our servers.')).toBeVisible();
  // An unknown day is not found.
  expect((await page.request.get(`/apps/${app.slug}/privacy/2001-01-01`)).status()).toBe(404);

  // The app page links to it.
  await page.goto(`/apps/${app.slug}`);
  const links = page.getByRole('region', { name: 'For players' });
  await expect(links.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    `/apps/${app.slug}/privacy`,
  );
  await expect(links.getByRole('link', { name: 'Support' })).toBeVisible();
  await links.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(`/apps/${app.slug}/privacy`);
});

test.describe('a version for a later day', () => {
  // The refused past day is a 422 the browser logs.
  test.use({ allowConsoleErrors: ['status of 422'] });

  test('staff choose a later day for a version; the page announces it and keeps the current one', async ({
    page,
    request,
  }) => {
    // A policy in force today, written through the API.
    const api = await staffApi(request);
    const put = await api.put(`/api/admin/apps/${app.id}/privacy-policy`, {
      data: { content: '<p>The keeper’s rules in force today.</p>' },
    });
    expect(put.status()).toBe(200);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const soon = day(10);

    await signIn(page);
    await page.goto(`/admin-page/apps/privacy?id=${app.id}`);
    const editor = page.getByRole('textbox', { name: 'Privacy policy of this app' });
    await expect(editor).toContainText('rules in force today');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('The keeper’s rules from next month.');
    const effective = page.getByLabel('Takes effect on');
    // A day before today is refused, next to the field.
    await effective.fill(day(-2));
    await page.getByRole('button', { name: 'Save Privacy Policy' }).click();
    await expect(page.getByText('Choose today or a later day: a policy cannot take effect in the past')).toBeVisible();
    await effective.fill(soon);
    await page.getByRole('button', { name: 'Save Privacy Policy' }).click();
    await expect(page.getByText(`This version takes effect on ${longDate(soon)}.`).first()).toBeVisible();
    const versions = page.getByRole('list', { name: 'Versions' });
    await expect(versions.getByRole('listitem').first()).toContainText(`Effective from ${longDate(soon)}`);
    await expect(versions.getByRole('listitem').first()).toContainText('Upcoming');
    await expect(effective).toHaveValue('');
    await expectAccessible(page);

    // The public page: the current text, with the next version announced and a link to read it.
    await page.goto(`/apps/${app.slug}/privacy`);
    await expect(page.getByText('The keeper’s rules in force today.')).toBeVisible();
    await expect(page.getByText('rules from next month')).toHaveCount(0);
    const note = page.getByTestId('upcoming');
    await expect(note).toHaveText(
      `An updated privacy policy takes effect on ${longDate(soon)}. Read the updated policy`,
    );
    await expectAccessible(page);
    await note.getByRole('link', { name: 'Read the updated policy' }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${app.slug}/privacy/versions/\\d+$`));
    await expect(page.getByText('The keeper’s rules from next month.')).toBeVisible();
    await expect(page.getByText(`This version takes effect on ${longDate(soon)}.`)).toBeVisible();
    // Every version is listed with when it was saved.
    await expect(page.getByRole('region', { name: 'Versions' })).toContainText(
      /Saved \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/,
    );
  });
});

// Two staff save the same policy (issue 22): the second sees both versions and chooses.
test.describe('two staff editing one policy', () => {
  // The refused save is a 409 the browser logs.
  test.use({ allowConsoleErrors: ['status of 409'] });

  test('the second save sees both versions: keep mine, or use the saved one', async ({ page, browser, request }) => {
    const api = await staffApi(request);
    const put = await api.put(`/api/admin/apps/${app.id}/privacy-policy`, {
      data: { content: '<p>The keeper’s rules as they stand.</p>' },
    });
    expect(put.status()).toBe(200);
    const saved = async () =>
      ((await (await api.get(`/api/admin/apps/${app.id}/privacy-policy`)).json()) as { ownContent: string }).ownContent;

    const other = await browser.newContext({ viewport: page.viewportSize() });
    const first = await other.newPage();
    await signIn(first);
    await signIn(page);
    const editor = (p: Page) => p.getByRole('textbox', { name: 'Privacy policy of this app' });
    const write = async (p: Page, text: string) => {
      await editor(p).click();
      await p.keyboard.press('ControlOrMeta+a');
      await p.keyboard.type(text);
    };
    const save = (p: Page) => p.getByRole('button', { name: 'Save Privacy Policy' }).click();
    await first.goto(`/admin-page/apps/privacy?id=${app.id}`);
    await page.goto(`/admin-page/apps/privacy?id=${app.id}`);
    await expect(editor(first)).toContainText('rules as they stand');
    await expect(editor(page)).toContainText('rules as they stand');

    await write(first, 'The first keeper’s rules.');
    await save(first);
    await expect(first.getByText('Privacy policy saved').first()).toBeVisible();
    await write(page, 'The second keeper’s rules.');
    await save(page);
    const dialog = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await expect(dialog.getByTestId('mine-content')).toHaveText('The second keeper’s rules.');
    await expect(dialog.getByTestId('theirs-content')).toHaveText('The first keeper’s rules.');
    await expect(page.getByText(/will be lost/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(dialog).toBeHidden();
    await save(page);
    await expect(page.getByText('Privacy policy saved').first()).toBeVisible();
    expect(await saved()).toContain('The second keeper’s rules.');

    await first.reload();
    await write(first, 'The first keeper’s rules, again.');
    await save(first);
    await expect(first.getByText('Privacy policy saved').first()).toBeVisible();
    await write(page, 'The second keeper’s rules, again.');
    await save(page);
    await expect(dialog.getByTestId('theirs-content')).toHaveText('The first keeper’s rules, again.');
    await dialog.getByRole('button', { name: 'Use the saved version' }).click();
    await expect(dialog).toBeHidden();
    await expect(editor(page)).toHaveText('The first keeper’s rules, again.');
    expect(await saved()).toContain('The first keeper’s rules, again.');
    await other.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a demo app’s privacy page is complete: text, Last updated, the table, and the studio’s policy named', async ({
    page,
  }) => {
    await page.goto('/apps/lantern-drift/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy for Lantern Drift' })).toBeVisible();
    await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Data we collect' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row', { name: /Crash Data/ })).toBeVisible();

    await page.goto('/apps/brightlist/privacy');
    await expect(page.getByTestId('studio-policy-note')).toContainText('privacy policy below applies to Brightlist');

    await page.goto('/apps/quiet-hours/privacy');
    await expect(page.getByText('This app collects no data.')).toBeVisible();

    // The app page's links, with the account deletion link where the app has accounts.
    await page.goto('/apps/lantern-drift');
    const links = page.getByRole('region', { name: 'For players' });
    for (const name of ['Privacy policy', 'Delete your account', 'Support']) {
      await expect(links.getByRole('link', { name })).toBeVisible();
    }
  });
});

test('the privacy page on a phone, in the light theme: Data we collect as cards, nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
  await page.goto('/apps/lantern-drift/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The version in force has its own address too.
  const apps = (await (await page.request.get('/api/apps')).json()) as { id: number; slug: string }[];
  const lantern = apps.find((a) => a.slug === 'lantern-drift')!;
  const policy = (await (await page.request.get(`/api/apps/${lantern.id}/privacy-policy`)).json()) as {
    versionId: number;
  };
  const today = new Date().toISOString().slice(0, 10);
  for (const address of [
    '/apps/lantern-drift/privacy',
    `/apps/lantern-drift/privacy/${today}`,
    `/apps/lantern-drift/privacy/versions/${policy.versionId}`,
  ]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // One card per data type; the table is for wider screens.
    const cards = page.getByTestId('data-cards');
    await expect(cards).toBeVisible();
    await expect(cards.getByRole('listitem').filter({ hasText: 'Crash Data' })).toContainText('Purposes');
    await expect(page.getByRole('table')).toBeHidden();
    // Nothing on the page is wider than the screen, and nothing in it scrolls sideways.
    const overflow = await page.evaluate(() => {
      const wide = [...document.querySelectorAll('main *')].filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
      );
      return { page: document.documentElement.scrollWidth - window.innerWidth, scrollers: wide.length };
    });
    expect(overflow).toEqual({ page: 0, scrollers: 0 });
    await expectAccessible(page);
  }
});

test('the privacy page on a desktop keeps the table', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/apps/lantern-drift/privacy');
  await expect(page.getByRole('table').getByRole('row', { name: /Crash Data/ })).toBeVisible();
  await expect(page.getByTestId('data-cards')).toBeHidden();
});
