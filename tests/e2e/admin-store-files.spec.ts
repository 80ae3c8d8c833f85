// Store & Ads Files (issue 13): app-ads.txt written in the admin, a bad line named and refused, and
// the panel beside it showing what a crawler gets from /app-ads.txt (status, content type, body).
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const URL_PATH = '/admin-page/store-files';
// The crawler panels fetch files that may not exist yet: the browser logs each 404.
test.use({ allowConsoleErrors: ['the server responded with a status of 404 (Not Found)'] });

const card = (page: Page, url: string) => page.getByRole('region', { name: url, exact: true });
const crawler = (page: Page, url: string) => card(page, url).getByRole('region', { name: 'What crawlers get' });

test.beforeEach(async ({ request }) => {
  const api = await staffApi(request);
  for (const name of ['app-ads.txt', 'ads.txt']) {
    expect((await api.put(`/api/admin/site-files/${name}`, { data: { content: '' } })).status()).toBe(200);
  }
});

test('app-ads.txt: a bad line is named, the fixed file is saved and crawlers get it as text', async ({ page }) => {
  await signIn(page);
  await page.goto(URL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Store & Ads Files' })).toBeVisible();
  await expect(page).toHaveTitle(/^Store & Ads Files \| Admin \| /);

  // Empty: the address answers 404, and the panel says so.
  const panel = crawler(page, '/app-ads.txt');
  await expect(panel.getByTestId('crawler-status')).toHaveText('404 Not Found');
  await expect(panel).toContainText('Not published: the file is empty');
  // Each .well-known file has its panel too, with a real status.
  for (const url of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
    await expect(crawler(page, url).getByTestId('crawler-status')).toHaveText(/^(200 OK|404 Not Found)$/);
  }
  await expectAccessible(page);

  const field = page.getByLabel('Contents of app-ads.txt');
  await field.fill(
    '# Northpaw ad partners\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\nappnexus.com, 7, OWNER\nsubdomain=games.example.com',
  );
  await page.getByRole('button', { name: 'Save app-ads.txt' }).click();
  await expect(card(page, '/app-ads.txt').getByRole('alert')).toHaveText(
    'Line 3: the relationship (field 3) must be DIRECT or RESELLER, not "OWNER"',
  );
  await expect(card(page, '/app-ads.txt')).toContainText(
    'Line 4: subdomain= is allowed in ads.txt only, not in app-ads.txt',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expectAccessible(page);
  // Nothing was published.
  expect((await page.request.get('/app-ads.txt')).status()).toBe(404);

  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(URL_PATH);

  const fixed =
    '# Northpaw ad partners\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\nappnexus.com, 7, RESELLER\ncontact=ads@northpaw.example\n';
  await field.fill(fixed);
  // The list follows the text as it is fixed.
  await expect(card(page, '/app-ads.txt').getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save app-ads.txt' }).click();
  await expect(page.getByText('app-ads.txt saved', { exact: true })).toBeVisible();

  await expect(panel.getByTestId('crawler-status')).toHaveText('200 OK');
  await expect(panel.getByTestId('crawler-content-type')).toHaveText('text/plain; charset=utf-8');
  await expect(panel.getByTestId('crawler-body')).toHaveText(fixed);
  await expect(panel).toContainText('Live: crawlers get this file.');

  // The public file is exactly that, and saved changes leave freely.
  const res = await page.request.get('/app-ads.txt', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(await res.text()).toBe(fixed);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the screen fits a 390 px phone and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(URL_PATH);
  await expect(crawler(page, '/ads.txt').getByTestId('crawler-status')).toHaveText('404 Not Found');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const field = page.getByLabel('Contents of ads.txt');
  await field.focus();
  await page.keyboard.type('google.com, pub-42, DIRECT');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save ads.txt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('ads.txt saved', { exact: true })).toBeVisible();
  await expect(crawler(page, '/ads.txt').getByTestId('crawler-body')).toHaveText('google.com, pub-42, DIRECT\n');
  await expectAccessible(page);
});
