import { expect, expectAccessible, test } from './fixtures';

test.describe('home page', () => {
  test('shows the hero, the featured title and every app card', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small games, made with care');
    await expect(page.getByRole('heading', { name: 'Featured Games' })).toBeVisible();
    await expect(page.getByTestId('app-card')).toHaveCount(6);
    await expectAccessible(page);
  });
});
