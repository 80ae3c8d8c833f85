// Shared end-to-end fixtures: every page fails its test on a console error or an uncaught
// exception it did not expect (hydration mismatches show up there), and staff sign-in via the API.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { fetchSitemap } from '../setup/sitemap';

export { expect };

interface Fixtures {
  /** Console errors the test expects (substrings); anything else fails the test. */
  allowConsoleErrors: string[];
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (allowConsoleErrors.some((allowed) => text.includes(allowed))) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The analytics beacon (issue 27): a write every public page sends once loaded (POST /api/events),
 * not a read it needs. Tests that prove a page asks the API nothing leave it out.
 */
export const isAnalyticsBeacon = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/events';

/** A request context signed in as the e2e administrator. */
export async function staffApi(request: APIRequestContext): Promise<APIRequestContext> {
  const res = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  return request;
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'accessibility violations',
  ).toEqual([]);
}

/** Signs the page's browser context in as the e2e administrator (cookies shared with the page). */
export async function signIn(page: Page, user: { username: string; password: string } = E2E_ADMIN): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
}

/** The sitemap as a crawler reads it (issue 28): the index at /sitemap.xml and the text of each part it names. */
export async function sitemap(request: APIRequestContext): Promise<{ index: string; parts: string[] }> {
  return fetchSitemap(async (path) => {
    const res = await request.get(path);
    return { status: res.status(), body: await res.text() };
  });
}
