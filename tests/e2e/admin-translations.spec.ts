// Translating in the admin (issue 24): the site's languages in Site Settings, the language switcher and
// the side-by-side translation editor (an app and a post), each language published on its own, a
// translation deleted, and each list's completeness per language. The site goes back to one language
// afterwards, so the other specs see it as it was.
import type { Locator, Page } from '@playwright/test';
import { postSave, requestFactories, unique } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const toast = (page: Page, title: string) =>
  page.locator('li[data-variant]').filter({ has: page.getByText(title, { exact: true }) });

async function chooseLanguage(page: Page, scope: Page | Locator, name: string) {
  await scope.getByRole('combobox', { name: 'Language', exact: true }).click();
  // An option reads "German (Deutsch) — draft": the language's name, then the item's status in it.
  const escaped = name.replace(/[()]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped}( — |$)`) }).click();
}

test.describe.configure({ mode: 'serial' });
// The save over someone else's newer translation is answered 409 on purpose (the conflict view).
test.use({ allowConsoleErrors: ['status of 409 (Conflict)'] });

/** The site's other languages before this file, and the apps it made: put back and removed afterwards. */
let before: string[] | undefined;
const made: number[] = [];

test.beforeAll(async ({ request }) => {
  const api = await staffApi(request);
  const settings = (await (await api.get('/api/site-settings')).json()) as {
    locales: { code: string; isDefault: boolean }[];
  };
  before = settings.locales.filter((l) => !l.isDefault).map((l) => l.code);
  // The journey starts from a site in one language (the demo speaks German too): put back afterwards.
  expect((await api.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: [] } })).status()).toBe(200);
});

test.afterAll(async ({ request }) => {
  const api = await staffApi(request);
  for (const id of made) expect((await api.delete(`/api/apps/${id}`)).status()).toBe(200);
  const res = await api.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: before ?? [] } });
  expect(res.status()).toBe(200);
});

test('an administrator adds German; an app and a post are translated side by side, only the post published', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const make = requestFactories(await staffApi(request));
  const app = await make.makeApp({ title: unique('Translated app') });
  made.push(app.id);
  const post = await make.makePost(app.id, { title: unique('Translated post'), content: '<p>Hello there.</p>' });

  // Site Settings › Languages: add German from the searchable list, then save.
  await signIn(page);
  await page.goto('/admin-page/site-settings');
  const languages = page.getByRole('form', { name: 'Languages' });
  await expect(
    languages.getByText('The default language is the one your existing content is written in'),
  ).toBeVisible();
  await languages.getByRole('searchbox', { name: 'Add a language' }).fill('germ');
  await expectAccessible(page);
  await languages.getByRole('button', { name: /Add Deutsch/ }).click();
  await expect(languages.getByRole('list', { name: 'Other languages' }).getByText('German (Deutsch)')).toBeVisible();
  await languages.getByRole('button', { name: 'Save languages' }).click();
  await expect(toast(page, 'Languages saved')).toBeVisible();

  // The app in German: the switcher keeps the language in the address, the English text beside.
  await page.goto(`/admin-page/apps/edit?id=${app.id}`);
  await chooseLanguage(page, page, 'German (Deutsch)');
  await expect(page).toHaveURL(/[?&]lang=de\b/);
  const details = page.getByRole('form', { name: 'App details in German (Deutsch)' });
  await expect(details.getByRole('region', { name: 'Title: English, default text' })).toContainText(app.title);
  await expect(details.getByText('Missing', { exact: true })).toBeVisible();
  await details.getByRole('textbox', { name: 'Title (German (Deutsch))' }).fill(`${app.title} DE`);
  await details.getByRole('textbox', { name: 'Tagline (German (Deutsch))' }).fill('Ein kleines Spiel');
  await details.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Translation saved as a draft')).toBeVisible();
  await expect(details.getByText('Draft', { exact: true })).toBeVisible();

  // A reload stays on German.
  await page.reload();
  await expect(page.getByRole('form', { name: 'App details in German (Deutsch)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title (German (Deutsch))' })).toHaveValue(`${app.title} DE`);
  await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveText('German (Deutsch) — draft');
  await expectAccessible(page);

  // Leaving the language with unsaved changes asks first.
  await page.getByRole('textbox', { name: 'Tagline (German (Deutsch))' }).fill('Noch nicht gespeichert');
  await chooseLanguage(page, page, 'English — default');
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/[?&]lang=de\b/);
  // The change's autosave lands first: one made after the other save below would open the conflict
  // view by itself, before the click on Save draft.
  await expect(
    page.getByRole('form', { name: 'App details in German (Deutsch)' }).getByTestId('autosave-status'),
  ).toHaveText(/^Saved /);

  // Someone else saved the German meanwhile: the save shows both versions.
  const staff = await staffApi(request);
  const current = (await (await staff.get(`/api/admin/translations/app/${app.id}`)).json()) as {
    translations: { version: number; fields: Record<string, unknown> }[];
  };
  const theirs = current.translations[0]!;
  const elsewhere = await staff.put(`/api/admin/translations/app/${app.id}/de`, {
    data: { fields: { ...theirs.fields, tagline: 'Von jemand anderem' }, isPublished: false, version: theirs.version },
  });
  expect(elsewhere.status()).toBe(200);
  await page
    .getByRole('form', { name: 'App details in German (Deutsch)' })
    .getByRole('button', { name: 'Save draft' })
    .click();
  const conflict = page.getByRole('dialog', { name: 'Changed elsewhere' });
  await expect(conflict).toBeVisible();
  await expect(toast(page, 'Failed to save the translation')).toHaveCount(0);
  await conflict.getByRole('button', { name: 'Keep my version' }).click();
  await page
    .getByRole('form', { name: 'App details in German (Deutsch)' })
    .getByRole('button', { name: 'Save draft' })
    .click();
  await expect(toast(page, 'Translation saved as a draft')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Tagline (German (Deutsch))' })).toHaveValue('Noch nicht gespeichert');

  // The post in German, in its dialog: published on its own.
  await page.goto('/admin-page/blogs');
  await page.getByRole('searchbox', { name: 'Search blog posts' }).fill(post.title);
  await page.getByRole('button', { name: `Edit ${post.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await chooseLanguage(page, dialog, 'German (Deutsch)');
  const form = dialog.getByRole('form', { name: 'Blog post in German (Deutsch)' });
  await expect(form.getByRole('region', { name: 'Content: English, default text' })).toContainText('Hello there.');
  await form.getByRole('textbox', { name: 'Title (German (Deutsch))' }).fill(`${post.title} DE`);
  await form.getByRole('textbox', { name: 'Content (German (Deutsch))' }).click();
  await page.keyboard.type('Hallo zusammen.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Translation published')).toBeVisible();
  await expect(form.getByText('Published', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Only the post's German is published; the app's is a draft.
  const api = await staffApi(request);
  const postDe = (await (await api.get(`/api/admin/translations/post/${post.id}`)).json()) as {
    translations: { locale: string; status: string }[];
  };
  expect(postDe.translations).toEqual([expect.objectContaining({ locale: 'de', status: 'published' })]);
  const appDe = (await (await api.get(`/api/admin/translations/app/${app.id}`)).json()) as typeof postDe;
  expect(appDe.translations).toEqual([expect.objectContaining({ locale: 'de', status: 'draft' })]);

  // The lists' completeness markers.
  const postCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: post.title }) });
  await expect(postCard.getByRole('list', { name: 'Translations' })).toContainText('German (Deutsch): published');

  // The English text changes: the German is marked as changed since it was translated.
  const changed = await api.put(`/api/admin/blogs/${post.id}`, {
    data: postSave(post, { content: '<p>Hello there, again.</p>' }),
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await page.reload();
  await expect(postCard.getByRole('list', { name: 'Translations' })).toContainText(
    'German (Deutsch): published, changed since translated',
  );
  await postCard.getByRole('button', { name: `Edit ${post.title}` }).click();
  await chooseLanguage(page, dialog, 'German (Deutsch)');
  await expect(dialog.getByTestId('translation-outdated')).toHaveText('Changed since translated');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/admin-page/apps');
  const appRow = page.getByTestId('app-row').filter({ has: page.getByRole('heading', { name: app.title }) });
  await expect(appRow.getByRole('list', { name: 'Translations' })).toContainText('German (Deutsch): draft');
  await expectAccessible(page);

  // Deleting the app's German leaves the post's.
  await page.goto(`/admin-page/apps/edit?id=${app.id}&lang=de`);
  const again = page.getByRole('form', { name: 'App details in German (Deutsch)' });
  await again.getByRole('button', { name: 'Delete translation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Translation deleted')).toBeVisible();
  await expect(again.getByText('Missing', { exact: true })).toBeVisible();
  await page.goto('/admin-page/apps');
  await expect(appRow.getByRole('list', { name: 'Translations' })).toContainText('German (Deutsch): not translated');
  const after = (await (await api.get(`/api/admin/translations/post/${post.id}`)).json()) as typeof postDe;
  expect(after.translations).toEqual([expect.objectContaining({ locale: 'de', status: 'published' })]);
});

test('with one language, no switcher and no markers', async ({ page, request }) => {
  const api = await staffApi(request);
  expect((await api.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: [] } })).status()).toBe(200);
  await signIn(page);
  await page.goto('/admin-page/apps');
  await expect(page.getByTestId('app-row').first()).toBeVisible();
  await expect(page.getByTestId('translation-markers')).toHaveCount(0);
  await page.goto('/admin-page/about-us');
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
  await expect(page.getByTestId('language-switcher')).toHaveCount(0);
});

test('on a phone the translation editor stacks the English text above each field, without sideways scrolling', async ({
  page,
  request,
}) => {
  const api = await staffApi(request);
  expect((await api.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: ['de', 'ar'] } })).status()).toBe(
    200,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/admin-page/about-us?lang=ar');
  const form = page.getByRole('form', { name: 'About Us in Arabic (العربية)' });
  const source = form.getByRole('region', { name: 'Title: English, default text' });
  const input = form.getByRole('textbox', { name: 'Title (Arabic (العربية))' });
  await expect(input).toHaveAttribute('dir', 'rtl');
  await expect(input).toHaveAttribute('lang', 'ar');
  const [above, below] = [await source.boundingBox(), await input.boundingBox()];
  expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

test('a German translation’s history restores only German; its preview link shows it in German; the store codes show', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await staffApi(request);
  expect((await api.put('/api/admin/locales', { data: { defaultLocale: 'en', locales: ['de'] } })).status()).toBe(200);
  const make = requestFactories(api);
  const app = await make.makeApp({ title: unique('History app') });
  made.push(app.id);
  const post = await make.makePost(app.id, {
    title: unique('History post'),
    content: '<p>Hello.</p>',
    isPublished: false,
  });
  const fields = (title: string) => ({
    title,
    content: `<p>${title}.</p>`,
    excerpt: '',
    seoTitle: '',
    seoDescription: '',
  });
  const first = await api.put(`/api/admin/translations/post/${post.id}/de`, {
    data: { fields: fields('Erste Fassung') },
  });
  expect(first.status()).toBe(200);
  const second = await api.put(`/api/admin/translations/post/${post.id}/de`, {
    data: { fields: fields('Zweite Fassung'), version: 1 },
  });
  expect(second.status()).toBe(200);

  // Site Settings › Languages: each language with its App Store and Google Play codes.
  await signIn(page);
  await page.goto('/admin-page/site-settings');
  const german = page.getByRole('list', { name: 'Other languages' }).getByTestId('site-language');
  await expect(german.getByTestId('store-codes')).toHaveText('App Store: de-DE · Google Play: de-DE');
  await expect(page.getByRole('form', { name: 'Languages' }).getByTestId('store-codes').first()).toHaveText(
    'App Store: en-US · Google Play: en-US',
  );

  // The post's German history: version 1 restored as version 3, the English untouched.
  await page.goto('/admin-page/blogs');
  await page.getByRole('searchbox', { name: 'Search blog posts' }).fill(post.title);
  await page.getByRole('button', { name: `Edit ${post.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await chooseLanguage(page, dialog, 'German (Deutsch)');
  const form = dialog.getByRole('form', { name: 'Blog post in German (Deutsch)' });
  await expect(form.getByRole('textbox', { name: 'Title (German (Deutsch))' })).toHaveValue('Zweite Fassung');
  await form.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('heading', { name: 'Version 1 compared with the current text' })).toBeVisible();
  await expect(history.getByText('Erste', { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('alertdialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Revision restored')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title (German (Deutsch))' })).toHaveValue('Erste Fassung');
  const after = (await (await api.get(`/api/admin/translations/post/${post.id}`)).json()) as {
    source: { title: string };
    translations: { locale: string; version: number; fields: { title: string } }[];
  };
  expect(after.source.title).toBe(post.title);
  expect(after.translations).toEqual([
    expect.objectContaining({ locale: 'de', version: 3, fields: expect.objectContaining({ title: 'Erste Fassung' }) }),
  ]);

  // A preview link in German: the draft as it will look, written in German.
  await form.getByText('Share a preview link in German (Deutsch)').click();
  await form.getByRole('button', { name: 'Create preview link' }).click();
  const url = await form.getByRole('textbox', { name: /New preview link/ }).inputValue();
  expect(url).toMatch(/\/preview\/[0-9a-f]{64}$/);
  await page.goto(new URL(url).pathname);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Erste Fassung' })).toBeVisible();
  await expect(page.getByText('Vorschau eines Entwurfs — nicht veröffentlicht')).toBeVisible();
});
