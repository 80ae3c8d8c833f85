// Site Settings (issue 11): a new studio name and logo show in the admin and on the public site
// (header, document title, footer); visible social links show in the footer and hidden ones do not.
import sharp from 'sharp';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const ORIGINAL_NAME = 'Northpaw Studio';

test.afterAll(async ({ request }) => {
  const api = await staffApi(request);
  const res = await api.put('/api/site-settings', { data: { name: ORIGINAL_NAME, logo: null, footerText: '' } });
  expect(res.status()).toBe(200);
});

test('a new studio name and logo show in the admin, the header, the title and the footer', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin-page/site-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
  await expect(page.getByLabel('Public site address')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expectAccessible(page);

  await page.getByLabel('Studio name').fill('Lantern Bay Games');
  await page.getByLabel('Footer text').fill('Four friends making small games by the sea.');
  const logo = await sharp({ create: { width: 128, height: 128, channels: 3, background: '#e11d48' } })
    .png()
    .toBuffer();
  await page
    .locator('#site-logo-upload-input')
    .setInputFiles({ name: 'lantern-logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', /^\/media\/[0-9a-f]{16}\//);
  await page.getByRole('button', { name: 'Save Site Settings' }).click();
  await expect(page.getByText('Site settings saved', { exact: true })).toBeVisible();

  // The admin follows without a reload.
  await expect(page.getByRole('link', { name: 'Lantern Bay Games' }).first()).toBeVisible();
  await expect(page).toHaveTitle('Site Settings | Admin | Lantern Bay Games');

  await page.goto('/about');
  await expect(page).toHaveTitle('About Us | Lantern Bay Games');
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: 'Lantern Bay Games' })).toBeVisible();
  await expect(header.locator('img[src^="/media/"]')).toBeVisible();
  const footer = page.locator('footer');
  await expect(footer).toContainText('Lantern Bay Games');
  await expect(footer).toContainText('Four friends making small games by the sea.');
  await expect(footer).not.toContainText(ORIGINAL_NAME);
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const res = await page.request.get(icon!);
  expect(res.headers()['content-type']).toBe('image/png');

  // Reload in the admin: the shell carries the new name from the start.
  await page.goto('/admin-page');
  await expect(page.locator('aside').getByText('Lantern Bay Games')).toBeVisible();
});

test('a visible social link shows in the footer and a hidden one does not', async ({ page, request }) => {
  const api = await staffApi(request);
  const made: number[] = [];
  for (const link of [
    { name: 'Our Twitch', url: 'https://www.twitch.tv/lanternbay', icon: 'FaTwitch', isVisible: true, order: 9 },
    {
      name: 'Secret Pinterest',
      url: 'https://pinterest.com/lanternbay',
      icon: 'FaPinterest',
      isVisible: false,
      order: 10,
    },
  ]) {
    const res = await api.post('/api/social-media', { data: link });
    expect(res.status()).toBe(201);
    made.push((await res.json()).id);
  }
  try {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Our Twitch (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.twitch.tv/lanternbay',
    );
    await expect(footer.getByRole('link', { name: /Secret Pinterest/ })).toHaveCount(0);
    await page.goto('/contact');
    await expect(page.getByRole('complementary').getByRole('link', { name: /Our Twitch/ })).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('link', { name: /Secret Pinterest/ })).toHaveCount(0);
  } finally {
    for (const id of made) await api.delete(`/api/social-media/${id}`);
  }
});
