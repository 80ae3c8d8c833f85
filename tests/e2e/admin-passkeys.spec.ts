// Passkeys (issue 23) in Chromium with its virtual authenticator (CDP WebAuthn domain): add one in
// My Profile (a second time on the same device is refused), rename it, sign out, sign in with it
// alone, and remove it after confirming.
// WebAuthn needs a domain as RP ID (an IP address is refused), so the admin is opened at localhost.
import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/paths';
import { requestFactories } from '../factories';
import { expect, staffApi, test } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const LOCAL = `http://localhost:${PORT}`;

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications? \(F8\)$/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

// The last sign-in, with the removed passkey, is refused: the browser logs its 401.
test.use({ allowConsoleErrors: ['status of 401'] });

test('a passkey is added in My Profile and signs in alone', async ({ page, request }) => {
  // A user of its own: the e2e administrator is shared by every spec.
  const password = 'passkey-user-password';
  const user = await requestFactories(await staffApi(request)).makeUser({ password, isAdmin: false });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  const login = await page.request.post(`${LOCAL}/api/admin/login`, { data: { username: user.username, password } });
  expect(login.status()).toBe(200);
  await page.goto(`${LOCAL}${paths.admin.users}`);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  // Add: the name defaults to this browser and system; the virtual authenticator answers at once.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(addDialog.getByLabel('Name')).toHaveValue(/^Chrome on /);
  await addDialog.getByLabel('Name').fill('E2E laptop');
  await addDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page)).toContainText('Passkey added');
  await expect(addDialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('E2E laptop');
  await expect(list).toContainText('Never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // The same authenticator again: the browser refuses (it already holds one), and the person is told.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await addDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page)).toContainText('Failed to add a passkey');
  await expect(toast(page)).toContainText('This device already holds a passkey for your account.');
  await addDialog.getByRole('button', { name: 'Close' }).click();
  await expect(addDialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Rename.
  await page.getByRole('button', { name: 'Rename passkey E2E laptop' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
  await renameDialog.getByLabel('Name').fill('Work laptop');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Work laptop');

  // Sign out, then in with the passkey alone: no username, no password.
  expect((await page.request.post(`${LOCAL}/api/admin/logout`)).status()).toBe(200);
  await page.goto(`${LOCAL}${paths.admin.auth}`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(`${LOCAL}${paths.admin.root}`);
  await expect(toast(page)).toContainText('Login Successful');

  await page.goto(`${LOCAL}${paths.admin.users}`);
  await expect(
    page.getByRole('tabpanel', { name: 'My Profile' }).getByText(user.username, { exact: true }),
  ).toBeVisible();
  await expect(list).toContainText('Last used');

  // Remove, after confirming; the authenticator's copy then signs in to nothing.
  await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page)).toContainText('Passkey removed');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  expect((await page.request.post(`${LOCAL}/api/admin/logout`)).status()).toBe(200);
  await page.goto(`${LOCAL}${paths.admin.auth}`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(toast(page)).toContainText('Login Failed');
  await expect(toast(page)).toContainText('Passkey sign-in failed');
  await expect(page).toHaveURL(`${LOCAL}${paths.admin.auth}`);
});
