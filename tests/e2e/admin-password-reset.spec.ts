// Password reset by email (issue 23), end to end in Chromium: "Forgot password?" on the sign-in page
// → the username or email → the link the site's mail server received (tests/e2e/mail-sink.ts) → a
// new password (a common one refused first) → the "password changed" email → sign in with it; the
// used link then says so and offers to ask again.
import { paths } from '../../src/shared/paths';
import { RESET_DONE, RESET_LINK_INVALID, RESET_REQUESTED } from '../../src/shared/schemas/password-reset';
import { requestFactories } from '../factories';
import { expect, expectAccessible, staffApi, test } from './fixtures';
import { mailTo } from './mailbox';

const COMMON = 'This password is too common. Choose one that is harder to guess.';

// The refused common password and the used link answer 422, which Chromium logs.
test.use({ allowConsoleErrors: ['status of 422'] });

test('forgot password → emailed link → new password → sign in', async ({ page, request }) => {
  const username = `forgetful-${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await requestFactories(await staffApi(request)).makeUser({ username, password: 'old-e2e-pass-1', email });

  await page.goto(paths.admin.auth);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Username or email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(RESET_REQUESTED)).toBeVisible();

  const link = /https?:\/\/\S+\/admin-page\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
    (await mailTo(email, 1, 'Reset your password')).text,
  )?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

  // A common password is refused next to the field; the link still works.
  await page.getByLabel('New password', { exact: true }).fill('sunshine');
  await page.getByLabel('Confirm new password').fill('sunshine');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(COMMON)).toBeVisible();

  const password = 'Tidal lantern 🌊 drifts at dawn';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(RESET_DONE)).toBeVisible();
  expect((await mailTo(email, 1, 'Your password was changed')).text).toContain(username);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(paths.admin.auth);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(paths.admin.root);

  // The link was used: it says so once, with a way to ask again.
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New password', { exact: true }).fill('another-e2e-pass-2');
  await page.getByLabel('Confirm new password').fill('another-e2e-pass-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(RESET_LINK_INVALID)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    paths.admin.forgotPassword,
  );
});
