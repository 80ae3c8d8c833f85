import { expect, expectAccessible, test } from './fixtures';

const SITE = 'Northpaw Studio';

/** en-US long date as the page shows it (the server stores UTC timestamps). */
const longUs = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

test.describe('About Us page', () => {
  test('shows the title, formatted content and the last-updated date', async ({ page, request }) => {
    const about = (await (await request.get('/api/about-us')).json()) as { title: string; lastUpdated: string };
    const res = await page.goto('/about');
    expect(res?.status()).toBe(200);
    const article = page.locator('main article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(about.title);
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');

    // The content is rendered as HTML, not shown as markup.
    await expect(article.getByRole('heading', { level: 2 })).toHaveText([
      'Our mission',
      'The team',
      'How we make games',
    ]);
    await expect(article.getByRole('listitem')).toHaveCount(4);
    await expect(article.locator('li strong')).toHaveText(['Maya', 'Theo', 'Priya', 'Jonas']);
    await expect(article.getByText(/four-person independent studio in Bristol/)).toBeVisible();
    await expect(article).not.toContainText('<p>');
    await expect(article).not.toContainText('<h2>');

    const updated = article.getByText(/^Last updated: /);
    await expect(updated).toHaveText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(updated).toHaveText(`Last updated: ${longUs(about.lastUpdated)}`);
  });

  test('has the About Us title and a description about mission, team and mobile games', async ({ page, request }) => {
    // In the server's HTML (for crawlers and link previews) ...
    const html = await (await request.get('/about')).text();
    expect(html).toContain(`<title>About Us | ${SITE}</title>`);

    // ... and in the browser, also when the visitor arrives from another page by its link.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');
    await expect(page).toHaveTitle(`About Us | ${SITE}`);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute('content', /mission/i);
    await expect(description).toHaveAttribute('content', /team/i);
    await expect(description).toHaveAttribute('content', /mobile games/i);

    await page.goto('/about');
    await expect(page).toHaveTitle(`About Us | ${SITE}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /mission.*team.*mobile games/i);
  });

  test('is accessible in the dark and light themes', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass('dark');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');
    await expectAccessible(page);

    await page.addInitScript(() => window.localStorage.setItem('vite-ui-theme', 'light'));
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass('light');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');
    await expectAccessible(page);
  });
});
