// Issue 27, end to end through the real beacon, collector and reports: a phone and a desktop visit a
// Live app's page from two referrers with UTM tags, the phone presses the App Store badge, then signs
// up on a Coming Soon app's page and confirms by the emailed link; staff then see each of those
// numbers on the Analytics screen, filtered to each app, in its charts' tables.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';
import { mailTo, pathIn } from './mailbox';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A visitor's browser: its own user agent (so its own visitor hash) and no way out to a store. */
async function visitor(browser: Browser, userAgent: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ userAgent, viewport });
  await context.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (route) => route.abort());
  return context;
}

/** Opens `path` from `referer` and waits until its page view has been sent and answered. */
async function view(context: BrowserContext, path: string, referer: string): Promise<Page> {
  const page = await context.newPage();
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 204);
  await page.goto(path, { referer });
  await counted;
  return page;
}

const part = (page: Page, title: string) => page.getByRole('region', { name: title });
/** A chart's table alternative (in the page for screen readers, shown on request). */
const table = (page: Page, title: string) => part(page, title).getByRole('table', { name: title });

test('visits, a badge press and a sign-up show on the Analytics screen, per app', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const api = await staffApi(request);
  const make = requestFactories(api);
  const live = await make.makeApp({
    title: `Journey Live ${stamp}`,
    status: 'Live',
    appStoreLink: 'https://apps.apple.com/app/journey/id1234567890',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=studio.journey',
  });
  const soon = await make.makeApp({ title: `Journey Soon ${stamp}`, status: 'Coming Soon' });
  const phoneHost = `phone-${stamp}.example`;
  const deskHost = `desk-${stamp}.example`;
  const campaign = `journey-${stamp}`;

  try {
    // A phone from one site, by a newsletter link; it presses the App Store badge.
    const phone = await visitor(browser, IPHONE, { width: 390, height: 844 });
    const onPhone = await view(
      phone,
      `/apps/${live.slug}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`,
      `https://${phoneHost}/issue-12`,
    );
    const clicked = onPhone.waitForRequest(
      (r) => r.url().endsWith('/api/events') && (r.postData() ?? '').includes('"n":"store"'),
    );
    await onPhone.getByTestId('store-badges').locator('a[data-track="appStore"]').click();
    await clicked;

    // The same phone signs up for the Coming Soon app and confirms by the emailed link.
    const signUp = await view(phone, `/apps/${soon.slug}`, `https://${phoneHost}/issue-12`);
    const box = signUp.getByTestId('subscribe-box');
    const email = `journey-${stamp}@example.com`;
    await box.getByLabel('Email address').fill(email);
    await box.getByLabel(/I agree to receive emails about/).check();
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(box.getByRole('status')).toContainText('Check your inbox');
    const mail = await mailTo(email);
    await signUp.goto(pathIn(mail.text, /https?:\/\/\S+\/subscriptions\/confirm\?token=[A-Za-z0-9_-]{43}/));
    await signUp.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(signUp.getByTestId('subscription-confirmed')).toBeVisible();
    await phone.close();

    // A desktop from another site, by a social link.
    const desktop = await visitor(browser, WINDOWS, { width: 1280, height: 800 });
    await view(
      desktop,
      `/apps/${live.slug}?utm_source=mastodon&utm_medium=social&utm_campaign=${campaign}`,
      `https://${deskHost}/`,
    );
    await desktop.close();

    // Staff see it all, today, for the Live app: counted within about a second (the batch writer).
    const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await staff.newPage();
    await signIn(admin);
    const today = new Date().toISOString().slice(0, 10);
    const screen = (appId: number) => `/admin-page/analytics?from=${today}&to=${today}&app=${appId}`;
    await expect
      .poll(
        async () => {
          await admin.goto(screen(live.id));
          return (await part(admin, 'Visitors and page views').textContent()) ?? '';
        },
        { timeout: 15_000 },
      )
      .toContain('2 visitors, 2 page views');
    await expect(part(admin, 'Visitors and page views').locator('.recharts-wrapper').first()).toBeVisible();
    await expect(table(admin, 'Referrers').getByRole('row', { name: phoneHost })).toContainText(/1\s*1/);
    await expect(table(admin, 'Referrers').getByRole('row', { name: deskHost })).toContainText(/1\s*1/);
    const campaigns = table(admin, 'Campaigns');
    await expect(campaigns.getByRole('row', { name: /newsletter/ })).toContainText(`email${campaign}`);
    await expect(campaigns.getByRole('row', { name: /mastodon/ })).toContainText(`social${campaign}`);
    await expect(table(admin, 'Store clicks').getByRole('row', { name: /App Store/ })).toHaveText(
      /App Store\s*iOS\s*1\s*1/,
    );
    await expect(table(admin, 'Store clicks').getByRole('row')).toHaveCount(2);
    await expect(table(admin, 'Devices').getByRole('row', { name: /Phone/ })).toContainText(/1\s*1/);
    await expect(table(admin, 'Devices').getByRole('row', { name: /Desktop/ })).toContainText(/1\s*1/);
    await expect(table(admin, 'Operating systems').getByRole('row', { name: /iOS/ })).toBeAttached();
    await expect(table(admin, 'Operating systems').getByRole('row', { name: /Windows/ })).toBeAttached();
    await expect(table(admin, 'Top pages').getByRole('row', { name: `/apps/${live.slug}` })).toContainText(/2\s*2/);
    // The chart is drawn too, and the table shows on request.
    await part(admin, 'Store clicks').getByRole('button', { name: 'Show Store clicks as a table' }).click();
    await expect(table(admin, 'Store clicks')).toBeVisible();
    await expectAccessible(admin);

    // The Coming Soon app: one visitor of its page, one sign-up, confirmed.
    await admin.goto(screen(soon.id));
    await expect(part(admin, 'Visitors and page views')).toContainText('1 visitor, 1 page view');
    await expect(table(admin, 'Notify-me funnel').getByRole('row', { name: soon.title })).toHaveText(
      new RegExp(`${soon.title}\\s*1\\s*1\\s*1\\s*100\\s*%`),
    );
    await staff.close();
  } finally {
    for (const app of [live, soon]) expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  }
});
