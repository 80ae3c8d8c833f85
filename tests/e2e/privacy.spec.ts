import { expect, expectAccessible, test } from './fixtures';

const SITE = 'Northpaw Studio';

/** British long date as the page shows it ("1 March 2025"); the server stores UTC timestamps. */
const longGb = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

test.describe('Privacy Policy page', () => {
  test('shows the heading, the last-updated date and the policy as HTML', async ({ page, request }) => {
    const policy = (await (await request.get('/api/privacy-policy')).json()) as { lastUpdated: string };
    const res = await page.goto('/privacy');
    expect(res?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page).toHaveTitle(`Privacy Policy | ${SITE}`);

    // The page's own line (the seeded policy text also starts with a 'Last updated' paragraph).
    const updated = main.locator('h1 + p');
    await expect(updated).toHaveText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(updated).toHaveText(`Last updated: ${longGb(policy.lastUpdated)}`);

    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Information we collect',
      'How we use it',
      'Analytics',
      'Children',
      'Your rights',
      'Contact us',
      // After the policy: the visitor's own switch for the site's analytics (issue 27).
      'Counting your visits',
    ]);
    await expect(main.getByRole('link', { name: 'hello@northpaw.studio' })).toHaveAttribute(
      'href',
      'mailto:hello@northpaw.studio',
    );
    await expect(main.locator('ul li strong').first()).toHaveText('Contact form messages.');
    await expect(main).not.toContainText('<h2>');
    await expect(page.getByTestId('privacy-skeleton')).toHaveCount(0);
  });

  test('is accessible in the dark and light themes', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveClass('dark');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(7);
    await expectAccessible(page);

    await page.addInitScript(() => window.localStorage.setItem('vite-ui-theme', 'light'));
    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveClass('light');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(7);
    await expectAccessible(page);
  });
});
