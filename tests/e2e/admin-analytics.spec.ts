// Admin: Analytics (issue 27). An administrator opens Analytics from the sidebar and reads the figures
// as charts, each with its table; the range (7, 30, 90 days, custom) and the app and language filters
// live in the address and change the figures; the sample banner removes the sample after a
// confirmation; the raw-days setting saves; the screen is axe-clean in light and dark and fits 390 px.
//
// The figures come from GET /api/admin/analytics, answered here from the query (page.route), so the
// screen's every state can be shown with chosen numbers: the API's own figures are tested against raw
// rows on both engines in src/server/modules/analytics/*.test.ts, and the whole way from a visitor's
// browser to this screen in analytics-journey.spec.ts.
import type { Page, Route } from '@playwright/test';
import type { Analytics } from '../../src/shared/schemas/analytics-reports';
import { expect, expectAccessible, signIn, test } from './fixtures';

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
};

/** Figures that follow the query: 10 views and 4 visitors a day, a third of that for one app, half for one language. */
function figuresFor(url: URL, sample: boolean): Analytics {
  const q = url.searchParams;
  const to = q.get('to') ?? new Date().toISOString().slice(0, 10);
  const from = q.get('from') ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const scale = (q.get('app') ? 1 / 3 : 1) * (q.get('locale') ? 1 / 2 : 1);
  const perDay = { views: Math.round(12 * scale), visitors: Math.round(6 * scale) };
  const series = days(from, to).map((day) => ({ day, ...perDay }));
  const n = series.length;
  const views = perDay.views * n;
  const visitors = perDay.visitors * n;
  const row = (key: string, count: number, v = Math.ceil(count / 2)) => ({ key, count, visitors: v });
  const all: Analytics = {
    from,
    to,
    appId: q.get('app') ? Number(q.get('app')) : null,
    locale: q.get('locale'),
    sample,
    series,
    totals: { views, visitors },
    pages: [row('/', Math.ceil(views / 2)), row('/apps/space-cats', Math.floor(views / 3)), row('/about', n)],
    apps: [{ ...row('1', Math.floor(views / 3)), appId: 1, title: 'Space Cats' }],
    locales: [row('en', Math.ceil(views / 2)), row('de', Math.floor(views / 2))],
    referrers: [row('', Math.ceil(views / 2)), row('news.example', Math.floor(views / 4))],
    campaigns: [{ ...row('news\temail\tlaunch', n * 2), source: 'news', medium: 'email', campaign: 'launch' }],
    devices: [row('desktop', Math.ceil(views / 2)), row('phone', Math.floor(views / 2))],
    os: [row('Windows', Math.ceil(views / 2)), row('iOS', Math.floor(views / 2))],
    countries: [],
    stores: [
      { ...row('appStore\tios', n), store: 'appStore', platform: 'ios' },
      { ...row('googlePlay\tandroid', Math.ceil(n / 2)), store: 'googlePlay', platform: 'android' },
      { ...row('appStore\tother', 3), store: 'appStore', platform: 'other' },
    ],
    outbound: [row('trailer', n)],
    funnel: [
      {
        list: 'app:1',
        appId: 1,
        title: 'Space Cats',
        visitors: Math.floor(visitors / 3),
        signups: n,
        confirmations: Math.ceil(n / 2),
        rate: n / Math.max(1, Math.floor(visitors / 3)),
      },
    ],
    messages: [row('contact', 2, 0)],
    vitals: [
      { metric: 'LCP', path: '/', p75: 2100, count: 40, rating: 'good' },
      { metric: 'LCP', path: '/apps/space-cats', p75: 3400, count: 25, rating: 'needs-improvement' },
      { metric: 'INP', path: '/', p75: 560, count: 30, rating: 'poor' },
      { metric: 'CLS', path: '/', p75: 0.02, count: 40, rating: 'good' },
    ],
  };
  const report = q.get('report') as keyof Analytics | null;
  if (!report) return all;
  const one: Record<string, unknown> = { from, to, appId: all.appId, locale: all.locale, sample };
  one[report] = all[report];
  if (report === 'series') one.totals = all.totals;
  return one as Analytics;
}

/** Answers the figures from the query; `sample` until the sample is removed (the real DELETE runs too). */
async function serveFigures(page: Page, { sample = false, empty = false } = {}) {
  let hasSample = sample;
  const asked: URL[] = [];
  await page.route(/\/api\/admin\/analytics\?/, (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    const body = figuresFor(url, hasSample);
    if (empty && body.totals) body.totals = { views: 0, visitors: 0 };
    return route.fulfill({ json: body });
  });
  await page.route(/\/api\/admin\/analytics\/sample$/, async (route) => {
    const res = await route.fetch();
    hasSample = false;
    return route.fulfill({ response: res });
  });
  return asked;
}

const visitsCard = (page: Page) => page.getByRole('region', { name: 'Visitors and page views' });

test.describe('analytics', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('shows the figures as charts with tables, and the range and filters change them', async ({ page }) => {
    const asked = await serveFigures(page);
    await page.goto('/admin-page');
    // The dashboard's card: the last 7 days (6 visitors a day).
    await expect(page.getByTestId('analytics-card')).toContainText('42');
    await expect(page.getByTestId('analytics-card')).toContainText('84 page views');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL('/admin-page/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

    // 30 days by default: 360 views, 180 visitors; each chart drawn, each with its table.
    await expect(visitsCard(page)).toContainText('180 visitors, 360 page views');
    await expect(visitsCard(page).locator('.recharts-wrapper').first()).toBeVisible();
    for (const title of [
      'Top pages',
      'Top apps',
      'Referrers',
      'Campaigns',
      'Store clicks',
      'Notify-me funnel',
      'Web Vitals',
    ]) {
      const card = page.getByRole('region', { name: title });
      await expect(card.locator('.recharts-wrapper').first()).toBeVisible();
      await expect(card.getByRole('table', { name: title })).toBeAttached();
    }
    // Each chart asked for its own part.
    expect(new Set(asked.map((u) => u.searchParams.get('report')))).toContain('vitals');

    // The table alternative, shown on request.
    const stores = page.getByRole('region', { name: 'Store clicks' });
    await stores.getByRole('button', { name: 'Show Store clicks as a table' }).click();
    const table = stores.getByRole('table', { name: 'Store clicks' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toHaveText(/App Store\s*iOS\s*30\s*15/);
    const vitals = page.getByRole('region', { name: 'Web Vitals' });
    await vitals.getByRole('button', { name: 'Show Web Vitals as a table' }).click();
    await expect(vitals.getByRole('row', { name: /INP \// })).toContainText('Poor');
    await expect(page.getByRole('region', { name: 'Notify-me funnel' })).toContainText('Space Cats');

    // The CSV link carries the range and filters.
    await expect(page.getByRole('link', { name: 'Download Top pages as CSV' })).toHaveAttribute(
      'href',
      /^\/api\/admin\/analytics\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&report=pages$/,
    );
    await expectAccessible(page);

    // 7 days: in the address, fewer figures.
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/[?&]days=7(&|$)/);
    await expect(visitsCard(page)).toContainText('42 visitors, 84 page views');

    // One app (Space Cats is the demo's first app, or any app the site has): a third of the figures.
    await page.getByRole('combobox', { name: 'App' }).click();
    const firstApp = page.getByRole('option').nth(1);
    await firstApp.click();
    await expect(page).toHaveURL(/[?&]app=\d+(&|$)/);
    await expect(visitsCard(page)).toContainText('14 visitors, 28 page views');

    // A custom range, kept in the address with the app.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-10');
    await page.getByRole('button', { name: 'Show range' }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-10/);
    await expect(page).toHaveURL(/[?&]app=\d+/);
    await expect(visitsCard(page)).toContainText('20 visitors, 40 page views');
    // The address is shareable.
    await page.reload();
    await expect(visitsCard(page)).toContainText('20 visitors, 40 page views');
  });

  test('labels sample data and removes it after a confirmation; saves the raw-days setting', async ({ page }) => {
    await serveFigures(page, { sample: true });
    await page.goto('/admin-page/analytics');
    const banner = page.getByRole('region', { name: 'Sample data' });
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Remove sample data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove the sample data?' });
    await dialog.getByRole('button', { name: 'Remove sample data' }).click();
    await expect(page.getByText('Sample data removed', { exact: true })).toBeVisible();
    await expect(banner).toBeHidden();

    const rawDays = page.getByLabel('Keep raw events for (days)');
    await expect(rawDays).toHaveValue('30');
    await rawDays.fill('400');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Keep raw events between 1 and 365 days')).toBeVisible();
    await rawDays.fill('60');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Raw events are kept for 60 days.', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Keep raw events for (days)')).toHaveValue('60');
  });

  test('says so when nothing is counted yet', async ({ page }) => {
    await serveFigures(page, { empty: true });
    await page.goto('/admin-page/analytics?days=7');
    await expect(page.getByText('No visits counted yet in this range.')).toBeVisible();
    await expectAccessible(page);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`is axe-clean in ${theme} and fits a 390 px phone`, async ({ page }) => {
      await serveFigures(page, { sample: true });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/admin-page/analytics');
      await expect(visitsCard(page).locator('.recharts-wrapper').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Web Vitals' }).locator('.recharts-wrapper').first()).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/analytics-1280-${theme}.png`, fullPage: true });

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(visitsCard(page).locator('.recharts-wrapper').first()).toBeVisible();
      // The charts follow their container's width as it changes (a resize observer): nothing sticks out.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/analytics-390-${theme}.png`, fullPage: true });

      // The dashboard's card, on the phone too.
      await page.goto('/admin-page');
      await expect(page.getByTestId('analytics-card').locator('polyline')).toBeAttached();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/analytics-dashboard-390-${theme}.png` });
    });
  }
});
