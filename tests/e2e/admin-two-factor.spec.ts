// Two-factor with an authenticator app (issue 23), as a staff member lives it: set it up in My
// Profile with a code computed here (RFC 6238, as the phone would), sign out, sign in with a code,
// sign out, sign in with a recovery code. A user of its own: the e2e administrator is shared.
import type { Page } from '@playwright/test';
import { hotp, stepAt } from '../../src/server/lib/totp';
import { requestFactories } from '../factories';
import { expect, signIn, staffApi, test } from './fixtures';

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/admin-page/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
}

test('enrol TOTP, then sign in with a code, then with a recovery code', async ({ page, request }) => {
  const user = await requestFactories(await staffApi(request)).makeUser({ isAdmin: false });

  await passwordStep(page, user.username, user.password);
  await expect(dashboard(page)).toBeVisible();
  await page.goto('/admin-page/users');
  const card = page.getByRole('region', { name: /Two-factor authentication/ });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  const secret = await card.getByLabel('Secret (for manual entry)').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The phone's code now; the step it belongs to is used up by the confirmation.
  let lastStep = stepAt(new Date());
  await card.getByLabel('Code from the app').fill(hotp(secret, lastStep));
  await card.getByRole('button', { name: 'Turn on two-factor' }).click();

  const codesList = card.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const codes = await codesList.getByRole('listitem').allTextContents();
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  await expect(card.getByRole('button', { name: 'Download' })).toBeVisible();
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codesList).toHaveCount(0);
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card).toContainText('Recovery codes left: 10');

  // Sign in again: the password, then a code (a later step than the one used, at most one ahead).
  await signOut(page);
  await passwordStep(page, user.username, user.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  lastStep = Math.max(lastStep + 1, stepAt(new Date()));
  await code.fill(hotp(secret, lastStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  // And with a recovery code instead.
  await signOut(page);
  await passwordStep(page, user.username, user.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();
  await page.goto('/admin-page/users');
  await expect(page.getByRole('region', { name: /Two-factor authentication/ })).toContainText('Recovery codes left: 9');

  // An administrator sees each step in the audit log, newest first.
  await signOut(page);
  await signIn(page);
  await page.goto(`/admin-page/audit-log?actor=${user.username}`);
  const log = page.getByRole('main');
  for (const action of ['two-factor.enable', 'sign-in.success', 'sign-out']) {
    await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
  }
  // The sign-ins name how they were made: a code, then a recovery code.
  await expect(log.getByText(/recovery-code/).first()).toBeVisible();
});

test('an administrator sees who has two-factor and removes a user’s after confirming', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const user = await requestFactories(await staffApi(request)).makeUser({ isAdmin: false });
  // The user sets up TOTP through the API, in a browser of their own.
  const theirs = await playwright.request.newContext({ baseURL });
  expect((await theirs.post('/api/admin/login', { data: user })).status()).toBe(200);
  const { secret } = (await (await theirs.post('/api/admin/me/totp')).json()) as { secret: string };
  const confirmed = await theirs.post('/api/admin/me/totp/confirm', {
    data: { code: hotp(secret, stepAt(new Date())) },
  });
  expect(confirmed.status()).toBe(200);
  await theirs.dispose();

  await signIn(page);
  await page.goto('/admin-page/users');
  await page.getByRole('tab', { name: 'Manage Users' }).click();
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: user.username, exact: true }) });
  await expect(row.getByRole('cell').nth(3)).toContainText('App');
  await row.getByRole('button', { name: `Remove two-factor of ${user.username}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove two-factor' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Off');
  // Their password alone signs them in again.
  const again = await playwright.request.newContext({ baseURL });
  const res = await again.post('/api/admin/login', { data: user });
  expect(await res.json()).toMatchObject({ success: true });
  await again.dispose();
});
