// Admin sign-in, the guard, the admin layout and the dashboard (SPEC §2 "Admin routes",
// §4 "Admin guard" and "Admin session", §5 sign-in, §8 admin auth toasts).
import type { Page, Route } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { demoApps } from '../../src/server/modules/demo-content/seed-data';
import { api } from '../../src/shared/paths';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const NAV_LINKS = [
  'Dashboard',
  'Analytics',
  'Apps',
  'Blog Posts',
  'Media',
  'Home Content',
  'About Us',
  'Contact',
  'Privacy Policy',
  'Social Media',
  'Site Settings',
  'Site Texts',
  'Store & Ads Files',
  'Press Kit',
  'Messages',
  'Campaigns',
  'Deletion Requests',
  'Subscribers',
  'Users',
  'Audit Log',
];
/** A link's text and name: Messages carries the unread count when there are unread messages. */
const navText = (label: string) => (label === 'Messages' ? /^Messages(\s*\d+\+? unread)?$/ : label);
const NAV_PATHS: Record<string, string> = {
  Dashboard: '/admin-page',
  Analytics: '/admin-page/analytics',
  Apps: '/admin-page/apps',
  'Blog Posts': '/admin-page/blogs',
  Media: '/admin-page/media',
  'Home Content': '/admin-page/home-content',
  'About Us': '/admin-page/about-us',
  Contact: '/admin-page/contact',
  'Privacy Policy': '/admin-page/privacy',
  'Social Media': '/admin-page/social-media',
  'Site Settings': '/admin-page/site-settings',
  'Site Texts': '/admin-page/site-texts',
  'Store & Ads Files': '/admin-page/store-files',
  'Press Kit': '/admin-page/press',
  Messages: '/admin-page/messages',
  Campaigns: '/admin-page/campaigns',
  'Deletion Requests': '/admin-page/deletion-requests',
  Subscribers: '/admin-page/subscribers',
  Users: '/admin-page/users',
  'Audit Log': '/admin-page/audit-log',
};

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });

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

async function openSignIn(page: Page) {
  await page.goto('/admin-page/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
}

test.describe('admin guard and sign-in', () => {
  test('a signed-out visitor of /admin-page sees a spinner, then the sign-in page', async ({ page }) => {
    const held = holdRoute();
    await page.route('**/api/admin/check-auth', held.handler);
    await page.goto('/admin-page');
    await held.requested;
    try {
      await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeVisible();
      await expect(page).toHaveURL('/admin-page');
      await expect(dashboardHeading(page)).toHaveCount(0);
    } finally {
      held.release();
    }
    await expect(page).toHaveURL('/admin-page/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
    await expect(page.getByText('This area is restricted to administrators only.')).toBeVisible();
  });

  test('every guarded screen sends a signed-out visitor to the sign-in page', async ({ page }) => {
    for (const path of ['/admin-page/apps', '/admin-page/home-content', '/admin-page/users']) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin-page/auth');
      await expect(page.getByLabel('Username')).toBeVisible();
    }
  });

  test('the sign-in page explains who it is for and is accessible', async ({ page }) => {
    await openSignIn(page);
    await expect(page.getByText('This area is restricted to administrators only.')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page).toHaveTitle(/^Sign in \| Admin \| /);
    await expectAccessible(page);
  });

  test('an empty submit shows both required messages next to the fields', async ({ page }) => {
    await openSignIn(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#username-error')).toHaveText('Username is required');
    await expect(page.locator('#password-error')).toHaveText('Password is required');
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/admin-page/auth');

    // Typing a username clears its error once the form is checked again.
    await page.getByLabel('Username').fill('someone');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#username-error')).toHaveCount(0);
    await expect(page.locator('#password-error')).toHaveText('Password is required');
  });

  test.describe('with a wrong password', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 401'] });

    test('shows Login Failed with the server message and stays on the page', async ({ page }) => {
      await openSignIn(page);
      await page.getByLabel('Username').fill(E2E_ADMIN.username);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const toast = toasts(page);
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText('Login Failed');
      await expect(toast).toContainText('Invalid username or password');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(page).toHaveURL('/admin-page/auth');
      await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    });
  });

  test('a successful sign-in shows Login Successful and the Dashboard', async ({ page }) => {
    await openSignIn(page);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = toasts(page);
    await expect(toast).toContainText('Login Successful');
    await expect(page).toHaveURL('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(adminNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  test('the sign-in page sends a signed-in admin to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin-page/auth');
    await expect(page).toHaveURL('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
  });

  test('admin pages tell search engines not to index them', async ({ page, request }) => {
    for (const path of ['/admin-page', '/admin-page/auth', '/admin-page/home-content']) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['x-robots-tag']).toContain('noindex');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
    await signIn(page);
    const res = await page.goto('/admin-page');
    expect(res?.headers()['x-robots-tag']).toContain('noindex');
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test.describe('when the auth check fails', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

    test('a failed check-auth counts as signed out, even with a session', async ({ page }) => {
      await signIn(page);
      await page.route('**/api/admin/check-auth', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"down","code":"INTERNAL_ERROR"}',
        }),
      );
      await page.goto('/admin-page');
      await expect(page).toHaveURL('/admin-page/auth');
      await expect(page.getByLabel('Username')).toBeVisible();
      await expect(dashboardHeading(page)).toHaveCount(0);
    });
  });
});

test.describe('admin layout', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the 240 px sidebar lists every section, Back to Site and Logout', async ({ page }) => {
    await page.goto('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    const sidebar = page.locator('aside');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(240);

    const nav = adminNav(page);
    await expect(nav.getByRole('link')).toHaveText([...NAV_LINKS.map(navText), 'Back to Site']);
    await expect(nav.getByRole('button')).toHaveText(['Logout']);
    for (const label of NAV_LINKS) {
      await expect(
        nav.getByRole('link', label === 'Messages' ? { name: navText(label) } : { name: label, exact: true }),
      ).toHaveAttribute('href', NAV_PATHS[label]!);
    }
    await expect(nav.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Open admin menu' })).toBeHidden();
  });

  test('Dashboard is active only on its own path; Apps also on its sub-paths', async ({ page }) => {
    const nav = adminNav(page);
    const dashboard = nav.getByRole('link', { name: 'Dashboard', exact: true });
    const apps = nav.getByRole('link', { name: 'Apps', exact: true });

    await page.goto('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(dashboard).toHaveAttribute('aria-current', 'page');
    await expect(apps).not.toHaveAttribute('aria-current');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await apps.click();
    await expect(page).toHaveURL('/admin-page/apps');
    await expect(apps).toHaveAttribute('aria-current', 'page');
    await expect(dashboard).not.toHaveAttribute('aria-current');

    await page.goto('/admin-page/apps/new');
    await expect(apps).toHaveAttribute('aria-current', 'page');
    await expect(dashboard).not.toHaveAttribute('aria-current');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await nav.getByRole('link', { name: 'Home Content', exact: true }).click();
    await expect(page).toHaveURL('/admin-page/home-content');
    await expect(nav.getByRole('link', { name: 'Home Content', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(apps).not.toHaveAttribute('aria-current');
    await expect(dashboard).not.toHaveAttribute('aria-current');
  });

  test('at 390 px the sidebar is hidden and the admin menu opens, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.locator('aside')).toBeHidden();

    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...NAV_LINKS.map(navText), 'Back to Site']);
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();

    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open admin menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/admin-page/privacy');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Privacy Policy' })).toBeVisible();

    // No horizontal scrolling on the dashboard at this width.
    await page.goto('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('Logout shows Logged out, returns to the sign-in page and the guard applies again', async ({ page }) => {
    await page.goto('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    await adminNav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(toasts(page)).toContainText('Logged out');
    await expect(page).toHaveURL('/admin-page/auth');
    await expect(page.getByLabel('Username')).toBeVisible();

    // The session is gone on the server too.
    const check = await page.request.get('/api/admin/check-auth');
    expect(await check.json()).toEqual({ isAuthenticated: false });

    await page.goto('/admin-page');
    await expect(page).toHaveURL('/admin-page/auth');
    await page.goto('/admin-page/messages');
    await expect(page).toHaveURL('/admin-page/auth');
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

    test('a failed Logout shows Error logging out with the message and stays signed in', async ({ page }) => {
      await page.route('**/api/admin/logout', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Session store unavailable', code: 'INTERNAL_ERROR' }),
        }),
      );
      await page.goto('/admin-page');
      await expect(dashboardHeading(page)).toBeVisible();
      await adminNav(page).getByRole('button', { name: 'Logout' }).click();
      const toast = toasts(page);
      await expect(toast).toContainText('Error logging out');
      await expect(toast).toContainText('Session store unavailable');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(page).toHaveURL('/admin-page');
      await expect(adminNav(page).getByRole('button', { name: 'Logout' })).toBeEnabled();
    });
  });
});

test.describe('dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('shows the three cards with the app count', async ({ page, request }) => {
    const apps = (await (await (await staffApi(request)).get('/api/apps')).json()) as unknown[];
    await page.goto('/admin-page');
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page).toHaveTitle(/^Dashboard \| Admin \| /);

    const card = (title: string) =>
      page.locator('.rounded-xl').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const total = card('Total Apps');
    await expect(total).toContainText(String(apps.length));
    await expect(total.locator('p').first()).toHaveText(String(apps.length));
    await expect(total).toContainText('Published games and applications');
    await expect(card('Contact Info').locator('p').first()).toHaveText('1');
    await expect(card('Privacy Policy').locator('p').first()).toHaveText('1');
    await expectAccessible(page);
  });

  test('with the demo data Total Apps is 6, and an app added is counted at once', async ({ page, request }) => {
    // The demo data has six apps; other specs add and remove apps in the shared database, so the
    // dashboard is checked against the apps there are now and one this test adds itself.
    expect(demoApps).toHaveLength(6);
    const staff = await staffApi(request);
    const count = async () => ((await (await staff.get(api.apps)).json()) as unknown[]).length;
    const total = page
      .locator('.rounded-xl')
      .filter({ has: page.getByRole('heading', { name: 'Total Apps', exact: true }) });
    const before = await count();
    await page.goto('/admin-page');
    await expect(total.locator('p').first()).toHaveText(String(before));

    const added = await requestFactories(staff).makeApp();
    try {
      await page.reload();
      await expect(total.locator('p').first()).toHaveText(String(before + 1));
    } finally {
      await staff.delete(api.app(added.id));
    }
  });

  test('the five quick actions open their screens', async ({ page }) => {
    const actions: [string, string][] = [
      ['Add New App', '/admin-page/apps/new'],
      ['Manage Apps', '/admin-page/apps'],
      ['Edit Contact Info', '/admin-page/contact'],
      ['Edit Privacy Policy', '/admin-page/privacy'],
      ['Manage Blog Posts', '/admin-page/blogs'],
    ];
    await page.goto('/admin-page');
    const quick = page.getByRole('region', { name: 'Quick actions' });
    await expect(quick.getByRole('link')).toHaveText(actions.map(([label]) => label));
    for (const [label, path] of actions) {
      await quick.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await adminNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expect(page).toHaveURL('/admin-page');
    }
  });
});

test('the public site never downloads the admin code', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto('/');
  await expect(page.getByTestId('app-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => url.toLowerCase().includes('admin'))).toEqual([]);
});
