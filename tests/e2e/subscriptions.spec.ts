// Mailing lists (issue 26), end to end: without JavaScript a visitor signs up on a Coming Soon demo
// app's page, opens the confirmation link from the email the site's mail server received, confirms
// by its button, and staff see the subscriber confirmed in Subscribers; the unsubscribe page's
// one-click button leaves every list; the new public pages pass axe.
import { expect, expectAccessible, signIn, test } from './fixtures';
import { mailTo, pathIn } from './mailbox';

// The demo studio's Coming Soon app (seed-data.ts).
const APP = '/apps/pocket-orchard';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: ['status of 422'] });

  test('sign up on a Coming Soon app page, confirm by the emailed link, and staff see it confirmed', async ({
    page,
    browser,
  }) => {
    await page.goto(APP);
    const box = page.getByTestId('subscribe-box');
    await expect(box.getByRole('heading', { name: 'Tell me when Pocket Orchard is out' })).toBeVisible();
    const email = `e2e-list-${Date.now()}@example.com`;
    await box.getByLabel('Email address').fill(email);
    await box.getByLabel('Android').check();
    await box.getByLabel(/I agree to receive emails about Pocket Orchard/).check();
    await expect(box.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy');
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByRole('status')).toContainText('Check your inbox');

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Confirm your subscription: Pocket Orchard');
    const confirm = pathIn(mail.text, /https?:\/\/\S+\/subscriptions\/confirm\?token=[A-Za-z0-9_-]{43}/);
    const manage = pathIn(mail.text, /https?:\/\/\S+\/unsubscribe\/[0-9a-f]{64}/);

    // Opening the link confirms nothing; its button does.
    await page.goto(confirm);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByTestId('subscription-confirmed')).toContainText('You are subscribed');

    const staff = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
    const admin = await staff.newPage();
    await signIn(admin);
    await admin.goto(`/admin-page/subscribers?q=${encodeURIComponent(email)}`);
    await expect(admin.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
    const row = admin.getByTestId('subscriber-row').filter({ hasText: email });
    await expect(row).toContainText('Pocket Orchard: Confirmed');
    await row.getByRole('button', { name: email }).click();
    await expect(admin.getByTestId('consent-records')).toContainText('I agree to receive emails about Pocket Orchard');
    await expect(admin.getByTestId('consent-records')).toContainText('Confirmed');
    await staff.close();

    // The preference page: one button leaves every list.
    await page.goto(manage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email subscriptions');
    await expect(page.getByTestId('preference-lists')).toContainText('Subscribed');
    await page.getByRole('button', { name: 'Unsubscribe from all' }).click();
    await expect(page.getByRole('status')).toContainText('You are unsubscribed from every list.');
    await expect(page.getByTestId('preference-lists')).toContainText('Unsubscribed');
  });

  test('the sign-up form posted empty comes back with its errors', async ({ page }) => {
    await page.goto('/subscriptions');
    await expect(page.getByRole('heading', { name: 'Get our news by email' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Please tick the box to agree')).toBeVisible();
  });
});

test.describe('the home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('its newsletter form posts to /subscriptions, which answers', async ({ page }) => {
    await page.goto('/');
    const box = page.getByTestId('subscribe-box');
    await expect(box.getByRole('heading', { name: 'Get our news by email' })).toBeVisible();
    await box.getByLabel('Email address').fill(`e2e-home-${Date.now()}@example.com`);
    await box.getByLabel(/I agree to receive emails about the newsletter from/).check();
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByText('Check your inbox')).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test('the newsletter form signs up in place; the new pages pass axe', async ({ page }) => {
    await page.goto('/subscriptions');
    const box = page.getByTestId('subscribe-box');
    await expect(box.getByRole('heading', { name: 'Get our news by email' })).toBeVisible();
    await expectAccessible(page);
    // Refused in the browser first, with the schema's messages.
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(box.getByText('Please tick the box to agree')).toBeVisible();
    const email = `e2e-news-${Date.now()}@example.com`;
    await box.getByLabel('Email address').fill(email);
    await box.getByLabel(/I agree to receive emails about the newsletter/).check();
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(box.getByRole('status')).toContainText('Check your inbox');

    const mail = await mailTo(email);
    await page.goto(pathIn(mail.text, /https?:\/\/\S+\/subscriptions\/confirm\?token=[A-Za-z0-9_-]{43}/));
    await expect(page.getByRole('button', { name: 'Confirm subscription' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByTestId('subscription-confirmed')).toBeVisible();
    await expectAccessible(page);
    await page.goto(pathIn(mail.text, /https?:\/\/\S+\/unsubscribe\/[0-9a-f]{64}/));
    await expect(page.getByRole('button', { name: 'Unsubscribe from all' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Unsubscribe from the newsletter/ }).click();
    await expect(page.getByRole('status')).toContainText('Your choice is saved.');
    await expect(page.getByRole('button', { name: /Subscribe again to the newsletter/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('the home page’s newsletter form signs up in place', async ({ page }) => {
    await page.goto('/');
    const box = page.getByTestId('subscribe-box');
    await box.getByLabel('Email address').fill(`e2e-home-js-${Date.now()}@example.com`);
    await box.getByLabel(/I agree to receive emails about the newsletter from/).check();
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(box.getByRole('status')).toContainText('Check your inbox');
    await expect(page).toHaveURL(/\/$/);
  });

  test('in German, the form fetches its words when it wakes and answers in German in place', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/island-words/')) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/de');
    const box = page.getByTestId('subscribe-box');
    await expect(box.getByRole('heading', { name: 'Unsere Neuigkeiten per E-Mail' })).toBeVisible();
    // The page sends none of the islands' words; they come once an island wakes.
    expect(await box.locator('studio-island').getAttribute('data-intl')).toBe('de');
    expect(fetched).toEqual([]);
    await box.getByRole('button', { name: 'Anmelden' }).click();
    await expect(box.getByText('Bitte setzen Sie das Häkchen, um zuzustimmen')).toBeVisible();
    await expect(page).toHaveURL(/\/de$/);
    await box.getByLabel('E-Mail-Adresse').fill(`e2e-home-de-${Date.now()}@example.com`);
    await box.getByLabel(/Ich bin einverstanden/).check();
    await box.getByRole('button', { name: 'Anmelden' }).click();
    await expect(box.getByRole('status')).toContainText('Sehen Sie in Ihr Postfach');
    // The theme menu in the header wakes in German too, with the words already fetched.
    await page.getByRole('button', { name: 'Farbschema wechseln' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Hell' })).toBeVisible();
    expect(fetched).toEqual(['/api/island-words/de']);
  });
});
