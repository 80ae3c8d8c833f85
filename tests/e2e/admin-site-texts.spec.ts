// Admin: Site Texts (issue 24). An administrator opens it from the sidebar, picks German, finds a
// text, writes the studio's own, sees a text that is not a valid message refused, and resets it.
// (German, so the English pages other specs read are never changed.)
import { expect, expectAccessible, signIn, test } from './fixtures';

// The refused save is a 422 the browser logs.
test.use({ allowConsoleErrors: ['status of 422'] });

test('an administrator overrides a German text and resets it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin-page');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site Texts' }).click();
  await expect(page).toHaveURL('/admin-page/site-texts');
  await expect(page.getByRole('heading', { level: 1, name: 'Site Texts' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'German (de)' }).click();
  await page.getByRole('searchbox', { name: 'Search texts' }).fill('nav.about');
  const row = page.getByTestId('site-text').filter({ hasText: 'nav.about' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('English: About Us');
  await expectAccessible(page);

  const text = row.getByRole('textbox');
  await expect(text).toHaveValue('Über uns');
  await text.fill('Wer wir sind {nobody}');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Uses {nobody}, which this text does not have');

  await text.fill('Wer wir sind');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Changed by the studio');
  expect(await (await page.request.get('/api/ui-strings/de')).json()).toMatchObject({ 'nav.about': 'Wer wir sind' });

  await row.getByRole('button', { name: 'Reset' }).click();
  await expect(row).not.toContainText('Changed by the studio');
  await expect(text).toHaveValue('Über uns');
  expect(await (await page.request.get('/api/ui-strings/de')).json()).not.toHaveProperty('nav.about');
});
