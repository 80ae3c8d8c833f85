// Admin: Contact Messages (SPEC §2, §4 message states and re-fetch, §8 message toasts).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const URL_PATH = '/admin-page/messages';
const NOT_FOUND_LOG = 'the server responded with a status of 404 (Not Found)';

interface StoredMessage {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

// includeHidden: while a modal dialog is open, Radix hides everything outside it from the accessibility tree.
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /^Notifications? \(F8\)$/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });
const table = (page: Page) => page.getByRole('table', { name: 'Messages' });
/** The table row of a message (the row holding its subject button). */
const row = (page: Page, subject: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: subject, exact: true }) });
const subjectButton = (scope: Locator | Page, subject: string) =>
  scope.getByRole('button', { name: subject, exact: true });

async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

function sample(label: string) {
  const tag = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${tag}@example.com`,
    subject: `Question ${tag}`,
    message: `Hello! (${tag})\nDo you plan an Android release of Lantern Drift?\nThanks.`,
  };
}

/** A message sent as a visitor would, through the public API. */
async function send(request: APIRequestContext, values = sample('api')): Promise<StoredMessage> {
  const res = await request.post('/api/messages', { data: values });
  expect(res.status(), await res.text()).toBe(201);
  const api = await staffApi(request);
  const list = (await (await api.get('/api/messages')).json()) as StoredMessage[];
  const stored = list.find((m) => m.subject === values.subject);
  expect(stored).toBeTruthy();
  return stored!;
}

async function open(page: Page) {
  await signIn(page);
  await page.goto(URL_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Messages' })).toBeVisible();
}

const fontWeight = (target: Locator) => target.evaluate((el) => Number(getComputedStyle(el).fontWeight));

test.describe('admin contact messages', () => {
  test('a message sent through the contact form arrives unread, and expanding it marks it read', async ({ page }) => {
    const values = sample('journey');
    // A visitor writes in.
    await page.goto('/contact');
    // At once: the form's island wakes with the first field and takes the click.
    const form = page.getByRole('region', { name: 'Send a Message' });
    for (const [name, value] of Object.entries(values)) await form.locator(`#${name}`).fill(value);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page)).toContainText('Message sent');

    // Staff read it.
    await open(page);
    await expect(page).toHaveTitle(/^Messages \| Admin \| /);
    await expect(table(page).getByRole('columnheader')).toHaveText(['Date', 'Sender', 'Subject', 'Status', 'Actions']);
    const r = row(page, values.subject);
    await expect(r).toHaveCount(1);
    const cells = r.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(cells.nth(1)).toContainText('Grace Hopper');
    await expect(cells.nth(1).getByRole('link', { name: values.email })).toHaveAttribute(
      'href',
      `mailto:${values.email}`,
    );
    await expect(cells.nth(3)).toHaveText('Unread');
    const subject = subjectButton(r, values.subject);
    await expect(subject).toHaveAttribute('aria-expanded', 'false');
    expect(await fontWeight(subject)).toBeGreaterThanOrEqual(700);
    await expect(r.getByRole('button', { name: /^Mark as read/ })).toBeVisible();
    await expect(page.getByText('Do you plan an Android release')).toHaveCount(0);
    await expectAccessible(page);

    // Expanding shows the full text (line breaks kept) and marks it read on the server.
    const patch = page.waitForRequest(
      (req) => req.method() === 'PATCH' && /\/api\/messages\/\d+\/read$/.test(req.url()),
    );
    await subject.click();
    await patch;
    await expect(subject).toHaveAttribute('aria-expanded', 'true');
    const body = page.locator(`#${await subject.getAttribute('aria-controls')}`);
    await expect(body).toContainText('Do you plan an Android release of Lantern Drift?');
    expect(await body.getByText(/Do you plan/).evaluate((el) => el.textContent)).toBe(values.message);
    await expect(cells.nth(3)).toHaveText('Read');
    await expect(r.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    expect(await fontWeight(subject)).toBeLessThan(700);
    // The site sends mail here, so staff reply from the message (issue 26; admin-message-replies.spec.ts).
    await expect(body.getByLabel('Reply to Grace')).toBeVisible();
    await expectAccessible(page);

    // Collapsing hides it again and sends nothing more.
    let patches = 0;
    page.on('request', (req) => {
      if (req.method() === 'PATCH') patches += 1;
    });
    await subject.click();
    await expect(subject).toHaveAttribute('aria-expanded', 'false');
    await expect(body).toHaveCount(0);
    await subject.click();
    await expect(subject).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await subject.getAttribute('aria-controls')}`)).toBeVisible();
    expect(patches).toBe(0);
  });

  test('Mark as read marks an unread message read', async ({ page, request }) => {
    const message = await send(request, sample('mark'));
    await open(page);
    const r = row(page, message.subject);
    await expect(r.getByRole('cell').nth(3)).toHaveText('Unread');
    const patch = page.waitForRequest(
      (req) => req.method() === 'PATCH' && req.url().endsWith(`/api/messages/${message.id}/read`),
    );
    await r.getByRole('button', { name: `Mark as read: ${message.subject}` }).click();
    await patch;
    await expectToast(page, 'Message marked as read', 'The message has been marked as read.');
    await expect(r.getByRole('cell').nth(3)).toHaveText('Read');
    await expect(r.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    expect(await fontWeight(subjectButton(r, message.subject))).toBeLessThan(700);
    // Still collapsed: the action does not open the message; focus moves from the vanished button to the subject.
    await expect(subjectButton(r, message.subject)).toHaveAttribute('aria-expanded', 'false');
    await expect(subjectButton(r, message.subject)).toBeFocused();
  });

  test('deletes a message after confirmation', async ({ page, request }) => {
    const message = await send(request, sample('delete'));
    await open(page);
    const r = row(page, message.subject);
    const deleteButton = r.getByRole('button', { name: `Delete message: ${message.subject}` });
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('This will permanently delete this message. This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(r).toHaveCount(1);
    await expect(deleteButton).toBeFocused();

    await deleteButton.click();
    const del = page.waitForRequest(
      (req) => req.method() === 'DELETE' && req.url().endsWith(`/api/messages/${message.id}`),
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await del;
    await expectToast(page, 'Message deleted', 'The message has been deleted successfully.');
    await expect(confirm).toHaveCount(0);
    await expect(r).toHaveCount(0);
    // Its row is gone, so focus goes to the main region rather than being lost.
    await expect(page.locator('main')).toBeFocused();
    const list = (await (await (await staffApi(request)).get('/api/messages')).json()) as StoredMessage[];
    expect(list.map((m) => m.id)).not.toContain(message.id);
  });

  test.describe('failures from the server', () => {
    test.use({ allowConsoleErrors: [NOT_FOUND_LOG, 'status of 500'] });

    test('deleting a message someone already deleted shows the failure toast', async ({ page, request }) => {
      const message = await send(request, sample('gone'));
      await open(page);
      const r = row(page, message.subject);
      await r.getByRole('button', { name: `Delete message: ${message.subject}` }).click();
      expect((await (await staffApi(request)).delete(`/api/messages/${message.id}`)).status()).toBe(200);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Failed to delete message', 'An error occurred while deleting the message.');
      await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      // The list catches up with the server.
      await expect(r).toHaveCount(0);
    });

    test('marking a message read that is gone shows the failure toast', async ({ page, request }) => {
      const message = await send(request, sample('gone-read'));
      // Without the live inbox stream, so the deleted message stays on screen until the click.
      await page.route('**/api/admin/events', (route) => route.fulfill({ status: 204 }));
      await open(page);
      const r = row(page, message.subject);
      expect((await (await staffApi(request)).delete(`/api/messages/${message.id}`)).status()).toBe(200);
      await r.getByRole('button', { name: `Mark as read: ${message.subject}` }).click();
      await expectToast(page, 'Failed to mark message as read', 'An error occurred while marking the message as read.');
      await expect(r).toHaveCount(0);
    });

    test('a failed load offers to try again', async ({ page, request }) => {
      const message = await send(request, sample('retry'));
      await signIn(page);
      let fail = true;
      await page.route(/\/api\/messages(\?|$)/, (route) =>
        fail && route.request().method() === 'GET'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Internal error', code: 'INTERNAL_ERROR' }),
            })
          : route.fallback(),
      );
      await page.goto(URL_PATH);
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to load messages' })).toBeVisible();
      fail = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(row(page, message.subject)).toHaveCount(1);
    });
  });

  test('loading, then the empty state when there are no messages', async ({ page, request }) => {
    const api = await staffApi(request);
    for (const m of (await (await api.get('/api/messages')).json()) as StoredMessage[]) {
      expect((await api.delete(`/api/messages/${m.id}`)).status()).toBe(200);
    }
    await signIn(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/messages(\?|$)/, async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.fallback();
    });
    await page.goto(URL_PATH);
    await expect(page.getByRole('status').filter({ hasText: 'Loading messages...' })).toBeVisible();
    await expect(page.getByText('No messages have been received yet.')).toHaveCount(0);
    release();
    await expect(page.getByText('No messages have been received yet.')).toBeVisible();
    await expect(page.getByText('Loading messages...')).toHaveCount(0);
    await expect(table(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test.describe('on a phone (390x844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('messages are stacked cards that expand, mark read and delete', async ({ page, request }) => {
      const message = await send(request, sample('phone'));
      await open(page);
      await expect(table(page)).toBeHidden();
      const card = page
        .getByRole('list', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ has: subjectButton(page, message.subject) });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Unread');
      await expect(card).toContainText('Grace Hopper');
      await expect(card.getByRole('link', { name: message.email })).toHaveAttribute('href', `mailto:${message.email}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);

      await subjectButton(card, message.subject).click();
      await expect(card).toContainText('Do you plan an Android release of Lantern Drift?');
      await expect(card).toContainText('Read');
      await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
      await expectAccessible(page);

      await card.getByRole('button', { name: `Delete message: ${message.subject}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
      const box = await confirm.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Message deleted', 'The message has been deleted successfully.');
      await expect(card).toHaveCount(0);
    });
  });
});

test.describe('live inbox (issue 11)', () => {
  const badge = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).getByTestId('unread-badge');
  const unreadNow = async (request: APIRequestContext) =>
    ((await (await staffApi(request)).get('/api/messages/unread-count')).json() as Promise<{ unread: number }>).then(
      (r) => r.unread,
    );

  test('the unread badge counts a new message without a reload and drops when it is read', async ({
    page,
    request,
    browser,
  }) => {
    await signIn(page);
    await page.goto('/admin-page');
    const before = await unreadNow(request);
    if (before > 0) await expect(badge(page)).toHaveText(`${before} unread`);
    await expect(page.getByTestId('unread-card')).toContainText(String(before));

    // A visitor sends a message through the public contact form, in a browser of their own.
    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const form = await visitor.newPage();
    const values = sample('live');
    await form.goto('/contact');
    await form.getByLabel('First name').fill(values.firstName);
    await form.getByLabel('Last name').fill(values.lastName);
    await form.getByLabel('Email', { exact: true }).fill(values.email);
    await form.getByLabel('Subject').fill(values.subject);
    await form.getByLabel('Message', { exact: true }).fill(values.message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Message sent', { exact: true })).toBeVisible();
    await visitor.close();

    // The admin, untouched, shows it.
    await expect(badge(page)).toHaveText(`${before + 1} unread`);
    await expect(page.getByTestId('unread-card')).toContainText(String(before + 1));

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /Messages/ })
      .click();
    await page.getByLabel('Search messages').fill(values.subject);
    await expect(row(page, values.subject)).toHaveCount(1);
    await expect(table(page).getByRole('row')).toHaveCount(2); // the header and the one match
    await row(page, values.subject)
      .getByRole('button', { name: `Mark as read: ${values.subject}` })
      .click();
    await expectToast(page, 'Message marked as read', 'The message has been marked as read.');
    if (before === 0) await expect(badge(page)).toHaveCount(0);
    else await expect(badge(page)).toHaveText(`${before} unread`);

    // And back to unread.
    await row(page, values.subject)
      .getByRole('button', { name: `Mark as unread: ${values.subject}` })
      .click();
    await expectToast(page, 'Message marked as unread', 'The message shows as new again.');
    await expect(badge(page)).toHaveText(`${before + 1} unread`);
    await expect(row(page, values.subject).getByText('Unread', { exact: true })).toBeVisible();

    // The search is kept in the address.
    await page.reload();
    await expect(page.getByLabel('Search messages')).toHaveValue(values.subject);
    await expect(row(page, values.subject)).toHaveCount(1);
    await page.getByLabel('Search messages').fill(`nothing-like-this-${Date.now()}`);
    await expect(page.getByText(/^No messages match/)).toBeVisible();
  });
});
