// The Privacy Policy editor's "Insert 'What we measure'" (issue 27, decision 125): the generated text
// goes at the end of the policy, to be edited and saved like the rest of it; it says how long raw
// events are kept, as the Analytics screen's setting says.
import { expect, signIn, test } from './fixtures';

test("Insert 'What we measure' appends the analytics text to the policy", async ({ page }) => {
  await signIn(page);
  await page.goto('/admin-page/privacy');
  const editor = page.getByRole('textbox', { name: 'Privacy Policy Content' });
  await expect(editor).toContainText('Information we collect');
  await expect(editor).not.toContainText('What we measure');

  // The text follows the raw-days setting (another spec may have changed it).
  const { rawDays } = (await (await page.request.get('/api/admin/analytics-settings')).json()) as { rawDays: number };
  await page.getByRole('button', { name: "Insert 'What we measure'" }).click();
  await expect(editor.getByRole('heading', { name: 'What we measure' })).toBeVisible();
  await expect(editor).toContainText(`These records are kept for ${rawDays} days.`);
  await expect(editor).toContainText('No cookies');
  // What was there stays, before it.
  await expect(editor).toContainText('Information we collect');
  // Pressed again, it updates the text rather than repeat it.
  const again = page.waitForResponse('**/api/admin/analytics/what-we-measure');
  await page.getByRole('button', { name: "Insert 'What we measure'" }).click();
  await again;
  await expect(page.getByRole('button', { name: "Insert 'What we measure'" })).toBeEnabled();
  await expect(editor.getByRole('heading', { name: 'What we measure' })).toHaveCount(1);
  // Not saved until staff save it.
  const saved = await (await page.request.get('/api/privacy-policy')).json();
  expect(JSON.stringify(saved)).not.toContain('What we measure');
});
