import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const SITE = 'Northpaw Studio';

/** A held route: requests wait until release() is called, then go to the server. */
function holdRoute() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const requested = new Promise<void>((resolve) => (seen = resolve));
  const handler = async (route: Route) => {
    seen();
    await released;
    await route.continue();
  };
  return { handler, release, requested };
}

/** From the home page, go to About Us the way a visitor does (client-side navigation). */
async function navigateFromHome(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('app-card')).toHaveCount(6);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL('/about');
}

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

    // ... and in the browser, also after navigating from another page.
    await navigateFromHome(page);
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

  test('shows a spinner while the content loads', async ({ page }) => {
    const hold = holdRoute();
    await page.route('**/api/about-us', hold.handler);
    try {
      await navigateFromHome(page);
      await hold.requested;
      const spinner = page.getByRole('status');
      await expect(spinner).toBeVisible();
      await expect(spinner).toHaveText('Loading About Us');
      await expect(page.locator('main article')).toHaveCount(0);
    } finally {
      hold.release();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');
    await expect(page.locator('main').getByRole('status')).toHaveCount(0);
  });

  test.describe('when the content cannot be loaded', () => {
    test.use({ allowConsoleErrors: ['status of 500'] });

    test("shows 'Failed to load content'", async ({ page }) => {
      await page.route('**/api/about-us', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
      await navigateFromHome(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Failed to load content');
      await expect(page.getByText('Please try again later', { exact: true })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expect(page.getByText(/^Last updated/)).toHaveCount(0);
      await expect(page).toHaveTitle(`About Us | ${SITE}`);
      await expectAccessible(page);
    });
  });

  test("shows 'Content not available' when there is no content", async ({ page }) => {
    await page.route('**/api/about-us', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }),
    );
    await navigateFromHome(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(page.getByText('Content not available', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toHaveCount(0);
    await expect(page.getByText('Failed to load content')).toHaveCount(0);
    await expectAccessible(page);
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
