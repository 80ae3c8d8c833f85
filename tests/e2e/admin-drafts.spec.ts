// Writing that never loses work (issue 12): the guard on leaving an editor with changes, autosave
// and its status, changes offered back after a reload, offline work kept on the device, and the
// conflict view when someone else saved in between.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, staffApi, test } from './fixtures';

const ABOUT = '/api/about-us';
let original: { title: string; content: string } | undefined;

const title = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
const status = (page: Page) => page.getByTestId('autosave-status');
const discardDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

async function openAbout(page: Page) {
  await page.goto('/admin-page/about-us');
  await expect(title(page)).toHaveValue(original!.title);
}

async function putAbout(request: APIRequestContext, data: { title: string; content: string }) {
  const res = await request.put(ABOUT, { data });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeEach(async ({ page, request }) => {
  const staff = await staffApi(request);
  original ??= (await (await staff.get(ABOUT)).json()) as { title: string; content: string };
  await signIn(page);
});

test.afterEach(async ({ request }) => {
  const staff = await staffApi(request);
  await putAbout(staff, { title: original!.title, content: original!.content });
  await staff.delete('/api/admin/drafts/about/main');
});

test('leaving an editor with changes asks first; Keep editing stays, Discard leaves', async ({ page }) => {
  await openAbout(page);
  await title(page).fill('About the studio (edited)');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Contact' }).click();
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/admin-page\/about-us$/);
  await expect(title(page)).toHaveValue('About the studio (edited)');

  await sidebar.getByRole('link', { name: 'Contact' }).click();
  await discardDialog(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin-page\/contact$/);
});

test('a reload asks first; the autosaved changes are offered back after it', async ({ page }) => {
  await openAbout(page);
  await title(page).fill('About us, autosaved');
  await expect(status(page)).toHaveText(/^Saved \d{1,2}:\d{2}/, { timeout: 10_000 });

  // The browser's own prompt: the page asks before it goes.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe('beforeunload');

  const kept = page.getByRole('region', { name: 'Unsaved changes kept' });
  await expect(kept).toContainText('You have unsaved changes from');
  await expect(title(page)).toHaveValue(original!.title);
  await kept.getByRole('button', { name: 'Restore them' }).click();
  await expect(title(page)).toHaveValue('About us, autosaved');
  // Nothing was published by autosave.
  expect(((await (await page.request.get(ABOUT)).json()) as { title: string }).title).toBe(original!.title);

  await page.getByRole('button', { name: 'Save About Us Page' }).click();
  await expect(page.getByText('About Us Updated').first()).toBeVisible();
  await expect(status(page)).toHaveText('');
  // Saved: nothing is offered any more.
  await page.reload();
  await expect(title(page)).toHaveValue('About us, autosaved');
  await expect(page.getByRole('region', { name: 'Unsaved changes kept' })).toHaveCount(0);
});

test.describe('with the connection lost', () => {
  test.use({ allowConsoleErrors: ['ERR_INTERNET_DISCONNECTED'] });
  test('offline, changes are kept on this device and sent when the connection is back', async ({ page, context }) => {
    await openAbout(page);
    await context.setOffline(true);
    await title(page).fill('Written on a train');
    await expect(status(page)).toHaveText('Offline — changes kept on this device', { timeout: 10_000 });
    const local = await page.evaluate(() => window.localStorage.getItem('draft:about:main'));
    expect(JSON.parse(local!).data.title).toBe('Written on a train');
    await context.setOffline(false);
    await expect(status(page)).toHaveText(/^Saved /, { timeout: 10_000 });
    const draft = await page.request.get('/api/admin/drafts/about/main');
    expect(((await draft.json()) as { data: { title: string } }).data.title).toBe('Written on a train');
  });
});

test.describe('with a colleague saving', () => {
  test.use({ allowConsoleErrors: ['status of 409'] });
  test('a save from elsewhere in the meantime shows both versions; Keep my version saves mine', async ({
    page,
    request,
  }) => {
    await openAbout(page);
    await title(page).fill('My title');
    // A colleague saves first.
    await putAbout(await staffApi(request), { title: 'Their title', content: original!.content });
    const conflict = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await expect(conflict).toBeVisible({ timeout: 10_000 });
    await expect(conflict.getByTestId('mine-title')).toHaveText('My title');
    await expect(conflict.getByTestId('theirs-title')).toHaveText('Their title');
    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await expect(conflict).toBeHidden();
    await page.getByRole('button', { name: 'Save About Us Page' }).click();
    await expect(page.getByText('About Us Updated').first()).toBeVisible();
    expect(((await (await page.request.get(ABOUT)).json()) as { title: string }).title).toBe('My title');
  });
});
