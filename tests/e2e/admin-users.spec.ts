// Admin: Users (SPEC §2 Users, §5 password change and user creation rules, §6 roles, §8 user toasts).
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const URL_PATH = '/admin-page/users';

interface StoredUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

// includeHidden: while a modal dialog is open, Radix hides everything outside it from the accessibility tree.
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications? \(F8\)$/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userRow = (page: Page, username: string) =>
  usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

function uniqueName(label: string) {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function createUser(
  request: APIRequestContext,
  user: { username: string; password: string; isAdmin: boolean },
): Promise<StoredUser> {
  const { id, username, isAdmin } = await requestFactories(await staffApi(request)).makeUser(user);
  return { id, username, isAdmin };
}

async function open(page: Page, user?: { username: string; password: string }) {
  await signIn(page, user);
  await page.goto(URL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name });
}

test.describe('admin users', () => {
  test('My Profile shows the signed-in administrator', async ({ page }) => {
    await open(page);
    await expect(page).toHaveTitle(/^Users \| Admin \| /);
    await expect(page.getByRole('tab')).toHaveText(['My Profile', 'Change Password', 'Manage Users']);
    await expect(page.getByRole('tab', { name: 'My Profile' })).toHaveAttribute('aria-selected', 'true');
    const profile = page.getByRole('tabpanel', { name: 'My Profile' });
    await expect(profile.getByRole('definition').first()).toHaveText(E2E_ADMIN.username);
    await expect(profile.getByRole('definition').nth(1)).toHaveText('Administrator');
    await expectAccessible(page);

    // The tabs work from the keyboard.
    await page.getByRole('tab', { name: 'My Profile' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Change Password' }).getByLabel('Current Password')).toBeVisible();
  });

  test.describe('changing the password', () => {
    test.use({ allowConsoleErrors: ['status of 422'] });

    test('validates, rejects a wrong current password, changes it, and the new one signs in', async ({
      page,
      request,
    }) => {
      // A fresh account, so the e2e administrator's password stays as it is.
      const user = { username: uniqueName('pw'), password: 'first-pass', isAdmin: false };
      await createUser(request, user);
      await open(page, user);
      const panel = await openTab(page, 'Change Password');
      const current = panel.getByLabel('Current Password');
      const next = panel.getByLabel('New Password', { exact: true });
      const confirm = panel.getByLabel('Confirm New Password');
      const submit = panel.getByRole('button', { name: 'Update Password' });
      await expectAccessible(page);

      await submit.click();
      await expect(panel.getByText('Current password is required')).toBeVisible();
      await expect(panel.getByText('Password must be at least 4 characters')).toHaveCount(2);
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await expect(current).toHaveAttribute('aria-describedby', 'currentPassword-error');

      await current.fill('first-pass');
      await next.fill('abc');
      await confirm.fill('abc');
      await submit.click();
      await expect(panel.getByText('Current password is required')).toHaveCount(0);
      await expect(panel.getByText('Password must be at least 4 characters')).toHaveCount(2);

      await next.fill('second-pass');
      await confirm.fill('second-pasz');
      await submit.click();
      await expect(panel.getByText("Passwords don't match")).toBeVisible();
      await expect(confirm).toHaveAttribute('aria-describedby', 'confirmPassword-error');
      await expect(panel.getByText('Password must be at least 4 characters')).toHaveCount(0);

      // The server refuses a wrong current password; the values stay for another try.
      await current.fill('not-my-password');
      await confirm.fill('second-pass');
      await submit.click();
      await expectToast(page, 'Failed to Change Password', 'Current password is incorrect');
      await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
      await expect(panel.getByText('Current password is incorrect')).toBeVisible();
      await expect(next).toHaveValue('second-pass');
      await expect(confirm).toHaveValue('second-pass');

      // 'Updating...' while the change is on its way, and no second submission.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let posts = 0;
      await page.route('**/api/admin/change-password', async (route) => {
        posts += 1;
        await released;
        await route.fallback();
      });
      await current.fill('first-pass');
      await submit.click();
      const pending = panel.getByRole('button', { name: 'Updating...' });
      await expect(pending).toBeDisabled();
      await pending.click({ force: true });
      release();
      await expectToast(page, 'Password Changed', 'Your password has been updated successfully.');
      expect(posts).toBe(1);
      await expect(current).toHaveValue('');
      await expect(next).toHaveValue('');
      await expect(confirm).toHaveValue('');
      await expect(panel.getByRole('button', { name: 'Update Password' })).toBeEnabled();

      // Sign out, then in again through the sign-in page with the new password.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/admin-page\/auth$/);
      expect(
        (
          await page.request.post('/api/admin/login', { data: { username: user.username, password: 'first-pass' } })
        ).status(),
      ).toBe(401);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password').fill('second-pass');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(toast(page)).toContainText('Login Successful');
      await expect(page).toHaveURL(/\/admin-page$/);
      await page.goto(URL_PATH);
      await expect(page.getByRole('tabpanel', { name: 'My Profile' }).getByRole('definition').first()).toHaveText(
        user.username,
      );
    });
  });

  test.describe('managing users', () => {
    test.use({ allowConsoleErrors: ['status of 409'] });

    test('creates a User and an Administrator; a taken username is refused', async ({ page }) => {
      await open(page);
      const panel = await openTab(page, 'Manage Users');
      await expect(panel.getByRole('heading', { name: 'Create New User' })).toBeVisible();
      const username = panel.getByLabel('Username');
      const password = panel.getByLabel('Password', { exact: true });
      const confirm = panel.getByLabel('Confirm Password');
      const admin = panel.getByRole('checkbox', { name: 'Admin User' });
      const submit = panel.getByRole('button', { name: 'Create User' });
      await expect(panel.getByText('Grant administrative privileges to this user')).toBeVisible();
      await expect(admin).not.toBeChecked();
      await expect(userRow(page, E2E_ADMIN.username)).toHaveCount(1);
      await expectAccessible(page);

      await submit.click();
      await expect(panel.getByText('Username is required')).toBeVisible();
      await expect(panel.getByText('Password must be at least 4 characters')).toHaveCount(2);
      await username.fill('someone');
      await password.fill('good-pass');
      await confirm.fill('other-pass');
      await submit.click();
      await expect(panel.getByText("Passwords don't match")).toBeVisible();
      await expect(panel.getByText('Username is required')).toHaveCount(0);

      // A User (not an administrator); confirmPassword stays in the browser.
      const plain = uniqueName('editor');
      await username.fill(plain);
      await password.fill('good-pass');
      await confirm.fill('good-pass');
      let post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/users'));
      await submit.click();
      expect((await post).postDataJSON()).toEqual({ username: plain, password: 'good-pass', isAdmin: false });
      await expectToast(page, 'User Created', 'New user has been created successfully.');
      await expect(userRow(page, plain).getByRole('cell').nth(2)).toHaveText('User');
      await expect(username).toHaveValue('');
      await expect(password).toHaveValue('');
      await expect(confirm).toHaveValue('');

      // An Administrator.
      const boss = uniqueName('boss');
      await username.fill(boss);
      await password.fill('boss-pass');
      await confirm.fill('boss-pass');
      await admin.click();
      await expect(admin).toBeChecked();
      post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/users'));
      await submit.click();
      expect((await post).postDataJSON()).toEqual({ username: boss, password: 'boss-pass', isAdmin: true });
      await expectToast(page, 'User Created', 'New user has been created successfully.');
      await expect(userRow(page, boss).getByRole('cell').nth(2)).toHaveText('Administrator');
      await expect(admin).not.toBeChecked();

      // The same name again: the server's message, next to the field and in the toast.
      await username.fill(plain);
      await password.fill('good-pass');
      await confirm.fill('good-pass');
      await submit.click();
      const taken = `The username "${plain}" is already taken`;
      await expectToast(page, 'Failed to Create User', taken);
      await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
      await expect(panel.getByText(taken, { exact: true })).toBeVisible();
      await expect(username).toHaveValue(plain);
      await expect(userRow(page, plain)).toHaveCount(1);
    });
  });

  test('a User sees no Manage Users tab and the API refuses them the list', async ({ page, request }) => {
    // The page is the User's own browser; the request context is the administrator.
    const user = { username: uniqueName('user'), password: 'user-pass', isAdmin: false };
    await createUser(request, user);
    await open(page, user);
    const profile = page.getByRole('tabpanel', { name: 'My Profile' });
    await expect(profile.getByRole('definition').first()).toHaveText(user.username);
    await expect(profile.getByRole('definition').nth(1)).toHaveText('User');
    await expect(page.getByRole('tab')).toHaveText(['My Profile', 'Change Password']);
    await expect(page.getByRole('tab', { name: 'Manage Users' })).toHaveCount(0);
    await expect(page.getByText('Create New User')).toHaveCount(0);
    const res = await page.request.get('/api/admin/users');
    expect(res.status()).toBe(403);
    await expectAccessible(page);
  });

  test('deletes another user after confirmation, never yourself', async ({ page, request }) => {
    const victim = await createUser(request, {
      username: uniqueName('leaver'),
      password: 'leaver-pass',
      isAdmin: false,
    });
    await open(page);
    await openTab(page, 'Manage Users');
    const self = userRow(page, E2E_ADMIN.username);
    await expect(self.getByRole('cell').nth(4)).toHaveText('You');
    await expect(self.getByRole('button')).toHaveCount(0);

    const deleteButton = userRow(page, victim.username).getByRole('button', { name: `Delete user ${victim.username}` });
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText(
      `This will permanently delete the user "${victim.username}". This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(deleteButton).toBeFocused();

    await deleteButton.click();
    const del = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith(`/api/admin/users/${victim.id}`),
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await del;
    await expectToast(page, 'User deleted', victim.username);
    await expect(userRow(page, victim.username)).toHaveCount(0);
    const list = (await (await (await staffApi(request)).get('/api/admin/users')).json()) as StoredUser[];
    expect(list.map((u) => u.id)).not.toContain(victim.id);
  });

  test.describe('deleting a user who is already gone', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 404 (Not Found)'] });

    test('shows the failure toast and refreshes the list', async ({ page, request }) => {
      const victim = await createUser(request, { username: uniqueName('gone'), password: 'gone-pass', isAdmin: false });
      await open(page);
      await openTab(page, 'Manage Users');
      await userRow(page, victim.username)
        .getByRole('button', { name: `Delete user ${victim.username}` })
        .click();
      expect((await (await staffApi(request)).delete(`/api/admin/users/${victim.id}`)).status()).toBe(200);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Failed to delete user', 'User not found');
      await expect(userRow(page, victim.username)).toHaveCount(0);
    });
  });

  test.describe('on a phone (390x844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the tabs, forms and users table fit', async ({ page }) => {
      await open(page);
      for (const name of ['My Profile', 'Change Password', 'Manage Users'])
        await expect(page.getByRole('tab', { name })).toBeInViewport();
      const panel = await openTab(page, 'Manage Users');
      await expect(panel.getByRole('button', { name: 'Create User' })).toBeVisible();
      await expect(usersTable(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);
      await openTab(page, 'Change Password');
      await expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

test.describe('staff accounts (issue 11)', () => {
  test('an administrator resets another user’s password and changes their role', async ({ page, request, browser }) => {
    const user = await createUser(request, { username: uniqueName('reset'), password: 'old-pass-1', isAdmin: false });
    await open(page);
    // The user is signed in somewhere else: the reset signs them out there.
    const origin = new URL(page.url()).origin;
    const theirs = await browser.newContext({ baseURL: origin });
    expect(
      (
        await theirs.request.post('/api/admin/login', { data: { username: user.username, password: 'old-pass-1' } })
      ).status(),
    ).toBe(200);

    const panel = await openTab(page, 'Manage Users');
    await userRow(page, user.username)
      .getByRole('button', { name: `Reset password of ${user.username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Reset password of ${user.username}` });
    await dialog.getByLabel('New password', { exact: true }).fill('new-pass-2');
    await dialog.getByLabel('Confirm new password').fill('new-pass-3');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
    await dialog.getByLabel('Confirm new password').fill('new-pass-2');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset', `${user.username} can sign in with the new password`);
    await expect(dialog).toHaveCount(0);

    expect((await theirs.request.get('/api/admin/me')).status()).toBe(401);
    expect(
      (
        await theirs.request.post('/api/admin/login', { data: { username: user.username, password: 'new-pass-2' } })
      ).status(),
    ).toBe(200);
    await theirs.close();

    await userRow(page, user.username)
      .getByRole('button', { name: `Make administrator: ${user.username}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make administrator' }).click();
    await expectToast(page, 'Role changed', `${user.username} is now an Administrator.`);
    await expect(userRow(page, user.username)).toContainText('Administrator');
    await expect(panel).toBeVisible();
    await expectAccessible(page);
  });

  test('everyone sees their own sessions and signs out another device', async ({ page, request, browser }) => {
    const user = await createUser(request, { username: uniqueName('devices'), password: 'dev-pass-1', isAdmin: false });
    await open(page, { username: user.username, password: 'dev-pass-1' });
    const origin = new URL(page.url()).origin;
    const phone = await browser.newContext({
      baseURL: origin,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    expect(
      (
        await phone.request.post('/api/admin/login', { data: { username: user.username, password: 'dev-pass-1' } })
      ).status(),
    ).toBe(200);
    await page.reload();
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await sessions.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
    await expectToast(page, 'Session ended', 'That device is signed out.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await phone.request.get('/api/admin/me')).status()).toBe(401);
    await phone.close();
    await expectAccessible(page);
  });
});
