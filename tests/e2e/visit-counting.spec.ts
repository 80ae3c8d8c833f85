// The visitor's "Don't count my visits" on the privacy page (issue 27, decision 125): nothing is
// stored until it is pressed; pressed, the browser keeps that one choice and sends no beacon on the
// next page; "Count my visits again" takes it back. The beacon is answered here (the test counts
// what the page sends; the collector has its own tests).
import type { Page, Request } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const OPT_OUT_KEY = 'analytics-opt-out';

/** Every POST /api/events the page sends, answered 204. */
async function beacons(page: Page): Promise<Request[]> {
  const sent: Request[] = [];
  await page.route('**/api/events', async (route) => {
    sent.push(route.request());
    await route.fulfill({ status: 204 });
  });
  return sent;
}

/**
 * The visitor reads the page, presses a key (the Web Vitals code loads at the first press, if the idle
 * timer has not loaded it yet) and leaves: the batch is sent.
 */
async function leave(page: Page): Promise<void> {
  // A press is an input: the browser stops looking for the largest paint, so the page paints first.
  await page.waitForLoadState('networkidle');
  const vitals = page.waitForResponse((res) => /\/assets\/vitals-[^/]+\.js$/.test(res.url()));
  await page.keyboard.press('Shift');
  await vitals;
  // web-vitals reads the page's metrics from buffered entries: give them a moment to arrive.
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const stored = (page: Page) => page.evaluate(() => ({ ...localStorage }));

test('nothing is stored until pressed; pressed, no beacon is sent; undone, they are again', async ({ page }) => {
  const sent = await beacons(page);

  // Counted: leaving a page sends its Web Vitals.
  await page.goto('/');
  await leave(page);
  // (The page view went first, as the page loaded.)
  const vitals = () =>
    (sent.map((r) => r.postDataJSON() as unknown).flat() as { n: string; p: string; t: string }[]).filter(
      (e) => e.n === 'vital',
    );
  await expect.poll(() => vitals().length).toBeGreaterThan(0);
  expect(vitals().map((e) => e.p)).toContain('/');
  expect(vitals().map((e) => e.t)).toEqual(expect.arrayContaining(['TTFB', 'LCP']));

  await page.goto('/privacy');
  const control = page.getByRole('region', { name: 'Counting your visits' });
  await expect(control).toContainText('Do Not Track or Global Privacy Control');
  // Reached for (its code loads), it says the state, and still nothing is stored.
  await control.hover();
  await expect(page.getByTestId('visit-counting-state')).toHaveText('Your visits are counted, anonymously.');
  expect(await stored(page)).toEqual({});
  await expectAccessible(page);

  await control.getByRole('button', { name: "Don't count my visits" }).click();
  await expect(page.getByTestId('visit-counting-state')).toHaveText(
    'Your visits are not counted: this browser keeps your choice.',
  );
  await expect(control.getByRole('button', { name: 'Count my visits again' })).toBeFocused();
  expect(await stored(page)).toEqual({ [OPT_OUT_KEY]: '1' });

  // The next page sends nothing.
  sent.length = 0;
  await page.goto('/about');
  await leave(page);
  await page.waitForTimeout(500);
  expect(sent.map((r) => r.postData())).toEqual([]);

  // Back on the privacy page the choice is shown, and taken back.
  await page.goto('/privacy');
  await control.hover();
  await expect(page.getByTestId('visit-counting-state')).toHaveText(
    'Your visits are not counted: this browser keeps your choice.',
  );
  await control.getByRole('button', { name: 'Count my visits again' }).click();
  await expect(page.getByTestId('visit-counting-state')).toHaveText('Your visits are counted, anonymously.');
  expect(await stored(page)).toEqual({});
  await page.goto('/');
  await leave(page);
  await expect.poll(() => sent.length).toBeGreaterThan(0);
});

test('a press before the code has loaded means what the button said', async ({ page }) => {
  await page.goto('/privacy');
  // Clicked at once: the loader holds the press until the island is ready, then presses again.
  await page.getByRole('button', { name: "Don't count my visits" }).click();
  await expect(page.getByTestId('visit-counting-state')).toHaveText(
    'Your visits are not counted: this browser keeps your choice.',
  );
  expect(await stored(page)).toEqual({ [OPT_OUT_KEY]: '1' });
  // Already chosen, the same press on a fresh page keeps the choice (it does not undo it).
  await page.goto('/privacy');
  await page.getByRole('button', { name: "Don't count my visits" }).click();
  await expect(page.getByTestId('visit-counting-state')).toHaveText(
    'Your visits are not counted: this browser keeps your choice.',
  );
  expect(await stored(page)).toEqual({ [OPT_OUT_KEY]: '1' });
});

test.describe('a browser that sends Global Privacy Control', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
  });

  test('is told so, and sends nothing', async ({ page }) => {
    const sent = await beacons(page);
    await page.goto('/privacy');
    const control = page.getByRole('region', { name: 'Counting your visits' });
    await control.hover();
    await expect(page.getByTestId('visit-counting-state')).toHaveText(
      'Your browser sends Do Not Track or Global Privacy Control, so your visits are not counted.',
    );
    await leave(page);
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    expect(await stored(page)).toEqual({});
  });
});

test('the privacy page in German says it in German', async ({ page }) => {
  await page.goto('/de/privacy');
  const control = page.getByRole('region', { name: 'Zählung Ihrer Besuche' });
  await expect(control.getByRole('button', { name: 'Meine Besuche nicht zählen' })).toBeVisible();
  await control.hover();
  await expect(page.getByTestId('visit-counting-state')).toHaveText('Ihre Besuche werden gezählt, anonym.');
});

test('without JavaScript: the sentence, no button', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/privacy');
  const control = page.getByRole('region', { name: 'Counting your visits' });
  await expect(control).toContainText('If your browser sends Do Not Track or Global Privacy Control');
  await expect(control.getByRole('button')).toBeHidden();
  await context.close();
});
