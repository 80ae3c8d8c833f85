// Accessibility of every public page: axe (no serious or critical violations), one h1 and a main
// landmark, in the dark (default) and light themes, on a desktop and a phone-sized viewport.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/** What Chromium logs for a document answered with 404 (expected on the not-found page). */
const NOT_FOUND_LOG = 'the server responded with a status of 404 (Not Found)';

const PAGES: { name: string; path: string; status: number; h1: string | RegExp }[] = [
  { name: 'home', path: '/', status: 200, h1: 'Small games, made with care' },
  { name: 'about', path: '/about', status: 200, h1: 'About Northpaw Studio' },
  { name: 'contact', path: '/contact', status: 200, h1: 'Contact Us' },
  { name: 'privacy', path: '/privacy', status: 200, h1: 'Privacy Policy' },
  { name: 'app blog', path: '/apps/1/blogs', status: 200, h1: 'Lantern Drift' },
  // A Lantern Drift post with a gallery.
  { name: 'blog post', path: '/blogs/2', status: 200, h1: 'Behind the glow: how we lit Lantern Drift' },
  { name: 'not found', path: '/no-such-page', status: 404, h1: '404 Page Not Found' },
  // Issue 24: the demo studio in German (its texts in seed-data.de.ts).
  { name: 'home (German)', path: '/de', status: 200, h1: 'Kleine Spiele, mit Sorgfalt gemacht' },
  { name: 'about (German)', path: '/de/about', status: 200, h1: 'Über Northpaw Studio' },
  { name: 'app blog (German)', path: '/de/apps/1/blogs', status: 200, h1: 'Lantern Drift' },
  {
    name: 'blog post (German)',
    path: '/de/blogs/2',
    status: 200,
    h1: 'Hinter dem Leuchten: So haben wir Lantern Drift beleuchtet',
  },
  { name: 'app (German)', path: '/de/apps/lantern-drift', status: 200, h1: 'Lantern Drift' },
  // Decision 111: the press kits and an app's privacy policy in German.
  { name: 'press kit (German)', path: '/de/press', status: 200, h1: /^Pressemappe: / },
  {
    name: 'app press kit (German)',
    path: '/de/apps/lantern-drift/press',
    status: 200,
    h1: 'Pressemappe: Lantern Drift',
  },
  { name: 'app privacy (German)', path: '/de/apps/lantern-drift/privacy', status: 200, h1: /Lantern Drift/ },
];

const VIEWPORTS = [
  { name: 'desktop 1280x800', viewport: { width: 1280, height: 800 } },
  { name: 'phone 390x844', viewport: { width: 390, height: 844 } },
];

const THEMES = ['dark', 'light'] as const;

async function open(page: Page, path: string, theme: (typeof THEMES)[number], status: number) {
  if (theme === 'light') await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
  const res = await page.goto(path);
  expect(res?.status()).toBe(status);
  await page.waitForLoadState('networkidle');
  // The theme really is the one under test (dark is the default without a stored choice).
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  await expect(page.locator('html')).not.toHaveClass(
    new RegExp(`(^|\\s)${theme === 'dark' ? 'light' : 'dark'}(\\s|$)`),
  );
}

for (const { name: viewportName, viewport } of VIEWPORTS) {
  test.describe(viewportName, () => {
    test.use({ viewport });

    for (const target of PAGES) {
      test.describe(target.name, () => {
        if (target.status === 404) test.use({ allowConsoleErrors: [NOT_FOUND_LOG] });

        for (const theme of THEMES) {
          test(`${target.path} in the ${theme} theme is accessible`, async ({ page }) => {
            await open(page, target.path, theme, target.status);
            await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.h1);
            await expect(page.getByRole('main')).toHaveCount(1);
            await expect(page.getByRole('main')).toBeVisible();
            // The h1 sits inside the main landmark.
            await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1);
            await expect(page.locator('html')).toHaveAttribute('lang', target.path.startsWith('/de') ? 'de' : 'en');
            await expectAccessible(page);
          });
        }
      });
    }
  });
}

test.describe('contact form states', () => {
  test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

  for (const theme of THEMES) {
    test(`validation errors and the error toast are accessible in the ${theme} theme`, async ({ page }) => {
      await page.route('**/api/messages', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'down' }) : route.fallback(),
      );
      await open(page, '/contact', theme, 200);
      // Pressed at once: the form's code loads on the click, which is replayed once it is ready.
      const send = page.getByRole('button', { name: 'Send Message' });
      await send.click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel('First name', { exact: true }).fill('Ada');
      await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await page.getByLabel('Subject', { exact: true }).fill('Hello');
      await page.getByLabel('Message', { exact: true }).fill('A message long enough to send.');
      await send.click();
      const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
      await expect(toast).toContainText('Failed to send your message. Please try again later.');
      // Wait for the entry animation to finish before measuring contrast.
      await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
      await expectAccessible(page);
    });
  }
});
