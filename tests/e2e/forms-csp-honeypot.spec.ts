// The two public forms under the real CSP (issue 8 #19: no `new Function` probe from Zod), and the
// contact form's honeypot reaching the server (#18).
import type { Page } from '@playwright/test';
import { expect, staffApi, test } from './fixtures';

/** Records every CSP violation the page reports, from before its first script runs. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const target = window as unknown as { __cspViolations: string[] };
    target.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      target.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

test('the contact form validates without a CSP violation', async ({ page }) => {
  await recordCspViolations(page);
  await page.goto('/contact');
  // Pressed at once: the click loads the form's code and is replayed once it is ready.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.locator('studio-island[data-island="contact-form"]')).toHaveAttribute('data-hydrated', 'true');
  expect(await cspViolations(page)).toEqual([]);
});

test('the sign-in form validates without a CSP violation', async ({ page }) => {
  await recordCspViolations(page);
  await page.goto('/admin-page/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#username-error')).toHaveText('Username is required');
  expect(await cspViolations(page)).toEqual([]);
});

test('a filled-in honeypot is sent with the message, and the server drops the message', async ({ page, request }) => {
  await page.goto('/contact');
  const subject = `Honeypot ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await page.locator('#firstName').fill('Bot');
  await page.locator('#lastName').fill('Spammer');
  await page.locator('#email').fill('bot@spam.example');
  await page.locator('#subject').fill(subject);
  await page.locator('#message').fill('Buy cheap lanterns at our website today.');
  // People never see the field; a bot fills it in.
  await page.locator('#website').fill('https://spam.example', { force: true });

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/messages'));
  const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/messages'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ subject, website: 'https://spam.example' });
  // The bot is told it worked; nothing is stored.
  expect((await reply).status()).toBe(201);

  const staff = await staffApi(request);
  const messages = (await (await staff.get('/api/messages')).json()) as { subject: string }[];
  expect(messages.map((m) => m.subject)).not.toContain(subject);
});
