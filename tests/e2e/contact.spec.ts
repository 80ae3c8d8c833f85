// The contact page (SPEC §2 Contact, §5 contact form, §8 visitor messages, §9 toasts).
import type { Page, Route } from '@playwright/test';
import { ERRORS, FIELDS, type FieldName, type Values } from './contact-form';
import { expect, staffApi, test } from './fixtures';

const EMAIL = 'hello@northpaw.studio';
// The contact data's links first (SPEC §2), then the visible Social Media Links not already shown
// (the demo's X link is the contact's, so it shows once; its YouTube link is hidden).
const SOCIALS = [
  { name: 'X (Twitter)', href: 'https://x.com/northpawstudio' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/northpaw-studio' },
  { name: 'GitHub', href: 'https://github.com/northpaw-studio' },
  { name: 'Instagram', href: 'https://www.instagram.com/northpawstudio' },
  { name: 'Discord', href: 'https://discord.gg/northpaw' },
];

/** Values with a unique subject, so the stored message can be found again. */
function sample(label: string): Values {
  const tag = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    subject: `E2E ${tag}`,
    message: `Hello from the end-to-end tests (${tag}). The lanterns are lovely.`,
  };
}

const infoPanel = (page: Page) => page.getByRole('complementary', { name: 'Contact Information' });
const form = (page: Page) => page.getByRole('region', { name: 'Send a Message' });
const field = (page: Page, name: FieldName) => form(page).locator(`#${name}`);
const sendButton = (page: Page) => form(page).getByRole('button', { name: /Send Message|Sending\.\.\./ });
const toastRegion = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ });
const toasts = (page: Page) => toastRegion(page).getByRole('listitem');

/**
 * Opens the contact page. The form's code loads when the visitor first reaches for it, and a send
 * pressed before it is ready is replayed once it is, so the tests use the form at once.
 */
async function openContact(page: Page) {
  const res = await page.goto('/contact');
  expect(res?.status()).toBe(200);
}

async function fill(page: Page, values: Values) {
  for (const name of FIELDS) await field(page, name).fill(values[name]);
}

async function expectValues(page: Page, values: Values) {
  for (const name of FIELDS) await expect(field(page, name)).toHaveValue(values[name]);
}

/** Holds POST /api/messages until release() is called; other requests pass. */
async function holdMessagePost(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  await page.route('**/api/messages', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    seen();
    await released;
    await route.continue();
  });
  return { arrived, release };
}

test.describe('contact page: information panel', () => {
  test('shows the email as a mailto link, the location and the social links', async ({ page }) => {
    const res = await page.goto('/contact');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    const panel = infoPanel(page);
    await expect(panel).toBeVisible();
    const mail = panel.getByRole('link', { name: EMAIL });
    await expect(mail).toHaveAttribute('href', `mailto:${EMAIL}`);
    await expect(panel).toContainText('Bristol, United Kingdom');
    await expect(panel.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(SOCIALS.length);
    for (const { name, href } of SOCIALS) {
      const link = panel.getByRole('link', { name: `${name} (opens in a new tab)`, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(panel.getByTestId('contact-skeleton')).toHaveCount(0);
  });

  test('the contact page is complete in the server HTML and the browser makes no /api/contact request at all', async ({
    page,
    request,
  }) => {
    // The server reads the contact information in-process and writes it into the page.
    const html = await (await request.get('/contact')).text();
    expect(html).toContain(`href="mailto:${EMAIL}"`);
    expect(html).toContain('Bristol, United Kingdom');
    expect(html).not.toContain('data-testid="contact-skeleton"');

    const contactRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/contact') contactRequests.push(`${r.method()} ${r.url()}`);
    });
    // Arrive the way a visitor does, from another page's link (a normal page load).
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(infoPanel(page).getByRole('link', { name: EMAIL })).toBeVisible();
    await expect(page.getByTestId('contact-skeleton')).toHaveCount(0);
    // Waking the form's island does not fetch the information either.
    await field(page, 'firstName').focus();
    await expect(page.locator('studio-island[data-island="contact-form"]')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    expect(contactRequests).toEqual([]);
  });
});

test.describe('contact page: Send a Message form', () => {
  test('submitting the empty form shows every field error', async ({ page }) => {
    // Neither the API nor the form's plain POST (/contact, used without JavaScript) is called.
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && ['/api/messages', '/contact'].includes(new URL(r.url()).pathname)) posts += 1;
    });
    await openContact(page);
    await expect(form(page).getByRole('heading', { name: 'Send a Message' })).toBeVisible();
    // No errors before the first submit.
    for (const text of Object.values(ERRORS)) await expect(page.getByText(text)).toHaveCount(0);

    await sendButton(page).click();
    for (const name of FIELDS) {
      const error = form(page).locator(`#${name}-error`);
      await expect(error).toHaveText(ERRORS[name]);
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, name)).toHaveAttribute('aria-describedby', `${name}-error`);
    }
    expect(posts).toBe(0);
  });

  test('after the first submit errors re-validate on change', async ({ page }) => {
    await openContact(page);
    await sendButton(page).click();
    await expect(page.getByText(ERRORS.firstName)).toBeVisible();
    await expect(page.getByText(ERRORS.email)).toBeVisible();

    // A valid first name clears its error without another submit.
    await field(page, 'firstName').pressSequentially('Ada');
    await expect(page.getByText(ERRORS.firstName)).toHaveCount(0);
    await expect(field(page, 'firstName')).not.toHaveAttribute('aria-invalid', 'true');
    // The other errors are untouched.
    await expect(page.getByText(ERRORS.lastName)).toBeVisible();
    await expect(page.getByText(ERRORS.email)).toBeVisible();

    // An invalid value re-validates too: the email error stays until the address is valid.
    await field(page, 'email').pressSequentially('ada@');
    await expect(page.getByText(ERRORS.email)).toBeVisible();
    await field(page, 'email').pressSequentially('example.com');
    await expect(page.getByText(ERRORS.email)).toHaveCount(0);

    // Too short a message keeps its error; clearing the first name brings its error back.
    await field(page, 'message').fill('too short');
    await expect(page.getByText(ERRORS.message)).toBeVisible();
    await field(page, 'message').fill('long enough now');
    await expect(page.getByText(ERRORS.message)).toHaveCount(0);
    await field(page, 'firstName').fill('');
    await expect(page.getByText(ERRORS.firstName)).toBeVisible();
  });

  test('sends: Sending... while pending, then a toast, a reset form and an unread message for staff', async ({
    page,
    request,
  }) => {
    const values = sample('send');
    await openContact(page);
    await fill(page, values);
    const hold = await holdMessagePost(page);

    await sendButton(page).click();
    await hold.arrived;
    await expect(sendButton(page)).toHaveText('Sending...');
    await expect(sendButton(page)).toBeDisabled();
    // Nothing is announced before the server answers.
    await expect(page.getByText('Message sent')).toHaveCount(0);

    const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/messages'));
    hold.release();
    expect((await reply).status()).toBe(201);

    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Message sent');
    await expect(toast).toContainText("Thank you for your message. We'll get back to you soon.");
    await expect(toast).not.toHaveAttribute('data-variant', 'destructive');

    await expect(sendButton(page)).toHaveText('Send Message');
    await expect(sendButton(page)).toBeEnabled();
    await expectValues(page, { firstName: '', lastName: '', email: '', subject: '', message: '' });
    // A reset form does not show errors again.
    for (const text of Object.values(ERRORS)) await expect(page.getByText(text)).toHaveCount(0);

    const staff = await staffApi(request);
    const list = await staff.get('/api/messages');
    expect(list.status()).toBe(200);
    const messages = (await list.json()) as (Values & { id: number; isRead: boolean })[];
    const stored = messages.filter((m) => m.subject === values.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...values, isRead: false });
    expect((await staff.delete(`/api/messages/${stored[0]!.id}`)).status()).toBe(200);
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsoleErrors: ['Failed to load resource: the server responded with a status of 500'] });

    test('shows the Error toast and keeps the values', async ({ page, request }) => {
      const values = sample('fail');
      await page.route('**/api/messages', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'boom', code: 'INTERNAL' }),
            })
          : route.fallback(),
      );
      await openContact(page);
      await fill(page, values);
      await sendButton(page).click();

      const toast = toasts(page);
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText('Error');
      await expect(toast).toContainText('Failed to send your message. Please try again later.');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(sendButton(page)).toHaveText('Send Message');
      await expect(sendButton(page)).toBeEnabled();
      await expectValues(page, values);

      const messages = (await (await (await staffApi(request)).get('/api/messages')).json()) as Values[];
      expect(messages.filter((m) => m.subject === values.subject)).toHaveLength(0);
    });

    test('the toast region is labelled, F8 focuses it and only one toast shows at a time', async ({
      page,
      request,
    }) => {
      const values = sample('toasts');
      let fail = true;
      await page.route('**/api/messages', (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        return fail ? route.fulfill({ status: 500, body: 'down' }) : route.continue();
      });
      await openContact(page);
      await fill(page, values);

      await sendButton(page).click();
      const region = toastRegion(page);
      await expect(region).toHaveAccessibleName('Notifications (F8)');
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).toContainText('Failed to send your message. Please try again later.');

      // The second toast replaces the first.
      fail = false;
      await sendButton(page).click();
      await expect(toasts(page).filter({ hasText: 'Message sent' })).toBeVisible();
      // Checked at once: the first toast would still be open (5 s) if it had not been replaced.
      expect(await toasts(page).count()).toBe(1);
      expect(await region.getByText('Failed to send your message').count()).toBe(0);

      // F8 moves focus into the notification region, from wherever it is.
      await field(page, 'firstName').focus();
      await page.keyboard.press('F8');
      await expect
        .poll(() =>
          region.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body),
        )
        .toBe(true);

      const staff = await staffApi(request);
      const messages = (await (await staff.get('/api/messages')).json()) as (Values & { id: number })[];
      for (const m of messages.filter((x) => x.subject === values.subject)) await staff.delete(`/api/messages/${m.id}`);
    });
  });

  test('the honeypot field is neither visible nor focusable', async ({ page }) => {
    await openContact(page);
    const honeypot = page.locator('#website');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).not.toBeInViewport();
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    // Hidden from assistive technology: no textbox named Website in the accessibility tree.
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0 || box.width * box.height <= 1).toBe(true);

    // Tab goes from the message straight to the send button.
    await field(page, 'message').focus();
    await page.keyboard.press('Tab');
    await expect(sendButton(page)).toBeFocused();
    await expect(honeypot).not.toBeFocused();
  });
});
