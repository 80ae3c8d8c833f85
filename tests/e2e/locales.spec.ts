// Issue 24, the public side: a page in another language is its own page (lang, hreflang pairs,
// sitemap), an item not published in a language is not found there, right-to-left languages are laid
// out right to left, and a visitor whose browser prefers another language the page has is offered it.
import type { APIRequestContext } from '@playwright/test';
import type { App } from '../../src/shared/schemas/apps';
import type { AdminBlogPost } from '../../src/shared/schemas/blog-posts';
import type { SiteSettings } from '../../src/shared/schemas/site-settings';
import type { Translation } from '../../src/shared/schemas/translations';
import { requestFactories, unique } from '../factories';
import { expect, expectAccessible, signIn, sitemap, staffApi, test } from './fixtures';

let staff: APIRequestContext;
let app: App;
let post: AdminBlogPost;
let germanPost: Translation;
/** The site's languages before this file: put back afterwards, so other files see the site as it was. */
let before: string[] = [];

const translate = async (type: string, id: string | number, locale: string, body: object) => {
  const res = await staff.put(`/api/admin/translations/${type}/${id}/${locale}`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Translation;
};

test.beforeAll(async ({ playwright, baseURL }) => {
  staff = await staffApi(await playwright.request.newContext({ baseURL }));
  const settings = (await (await staff.get('/api/site-settings')).json()) as SiteSettings;
  before = settings.locales.filter((l) => !l.isDefault).map((l) => l.code);
  const languages = [...new Set([...before, 'de', 'ar'])];
  expect((await staff.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: languages } })).status()).toBe(
    200,
  );
  const make = requestFactories(staff);
  app = await make.makeApp({ title: unique('Locale Lantern') });
  post = await make.makePost(app.id, {
    title: unique('Locale news'),
    content: '<p>Everything new in this update, explained.</p>',
    isPublished: true,
  });
  await translate('app', app.id, 'de', {
    fields: { title: 'Laternen-Test', description: 'Ein Spiel über Licht.', tagline: '', longDescription: '' },
  });
  germanPost = await translate('post', post.id, 'de', {
    fields: { title: 'Neuigkeiten zum Test', content: '<p>Alles Neue in diesem Update, erklärt.</p>' },
    isPublished: true,
  });
  await translate('page', 'about', 'ar', {
    fields: { title: 'من نحن', content: '<p>نحن استوديو صغير يصنع ألعابًا للهواتف.</p>' },
    isPublished: true,
  });
});

test.afterAll(async () => {
  if (app) expect((await staff.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  await staff.delete('/api/admin/translations/page/about/ar');
  await staff.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: before } });
  await staff.dispose();
});

test('a post published in German is its own page, paired with the English one', async ({ page, baseURL }) => {
  const german = `/de/blogs/${post.id}/${germanPost.slug}`;
  const res = await page.goto(german);
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Neuigkeiten zum Test' })).toBeVisible();
  const pairs = await page
    .locator('link[rel=alternate][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
  expect(pairs).toEqual(
    expect.arrayContaining([
      ['en', `${baseURL}/blogs/${post.id}/${post.slug}`],
      ['de', `${baseURL}${german}`],
      ['x-default', `${baseURL}/blogs/${post.id}/${post.slug}`],
    ]),
  );
  await expectAccessible(page);

  // The English page names the German one back.
  await page.goto(`/blogs/${post.id}/${post.slug}`);
  await expect(page.locator(`link[rel=alternate][hreflang=de]`)).toHaveAttribute('href', `${baseURL}${german}`);

  const { parts } = await sitemap(page.request);
  expect(parts.join('\n')).toContain(`<loc>${baseURL}${german}</loc>`);
});

test.describe('an app whose German translation is a draft', () => {
  test.use({ allowConsoleErrors: ['the server responded with a status of 404 (Not Found)'] });
  test('is not found in German, and is in English', async ({ page }) => {
    expect((await page.goto(`/de/apps/${app.slug}`))?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect((await page.goto(`/apps/${app.slug}`))?.status()).toBe(200);
  });
});

test('a right-to-left language is laid out right to left', async ({ page }, info) => {
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    expect((await page.goto('/ar/about'))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'من نحن' })).toBeVisible();
    // The header's first item (the studio's name) sits at the right.
    const brand = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(brand!.x + brand!.width).toBeGreaterThan(size.width / 2);
    await page.screenshot({ path: info.outputPath(`rtl-about-${name}.png`), fullPage: true });
  }
  await expectAccessible(page);
});

test.describe('a visitor whose browser prefers German', () => {
  test.use({ locale: 'de-DE' });
  test('is offered the German page once, in German, and can close the offer', async ({ page }) => {
    await page.goto(`/blogs/${post.id}/${post.slug}`);
    const offer = page.getByRole('link', { name: 'Diese Seite auf Deutsch ansehen?' });
    await expect(offer).toBeVisible();
    await page.getByRole('button', { name: 'Schließen' }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(offer).toBeHidden();
    // Never a redirect: the English page stays English.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the demo’s press kits and an app’s privacy policy are live in German (decision 111)', async ({
  page,
  baseURL,
}) => {
  const res = await page.goto('/de/press');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pressemappe: /);
  await expect(page.getByRole('heading', { name: 'Datenblatt' })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', `${baseURL}/de/press`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/press`);
  // The studio's kit links to each app's German press page, which is there.
  await page.getByRole('link', { name: 'Pressemappe: Lantern Drift' }).click();
  await expect(page).toHaveURL(/\/de\/apps\/lantern-drift\/press$/);
  await expect(page.getByText('140 handgemachte Flussrätsel auf sieben Flussabschnitten')).toBeVisible();
  const privacy = await page.goto('/de/apps/lantern-drift/privacy');
  expect(privacy?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Absturzberichte' })).toBeVisible();
  // An app whose policy has no German is not found in German (no fallback to English).
  expect((await page.request.get('/de/apps/quiet-hours/privacy')).status()).toBe(404);
  const { parts } = await sitemap(page.request);
  expect(parts.join('\n')).toContain(`<loc>${baseURL}/de/press</loc>`);
});

test('the admin’s check finds every language paired', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin-page/site-settings');
  await page.getByRole('button', { name: 'Run the check' }).click();
  // The crawl opens every page of every language (the demo's press kits and policies too): give it time.
  await expect(page.getByText(/^All \d+ pages name their languages correctly\.$/)).toBeVisible({ timeout: 30_000 });
});
