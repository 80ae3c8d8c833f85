// Replies from the inbox (issue 26, decision 121): staff answer a visitor's message in Messages;
// the visitor receives it at the site's mail server (tests/e2e/mail-sink.ts) from the studio's
// address with their message quoted; the reply shows under the message as a thread (who, when,
// Sent) and the message as Replied. Without mail set up, the form gives way to a mailto: link.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';
import { mailTo } from './mailbox';

function sample(label: string) {
  const tag = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${tag}@example.com`,
    subject: `Reply wanted ${tag}`,
    message: `Hello! (${tag})\nWill Lantern Drift come to Android?`,
  };
}

async function send(request: APIRequestContext, values: ReturnType<typeof sample>) {
  const res = await request.post('/api/messages', { data: values });
  expect(res.status(), await res.text()).toBe(201);
  await staffApi(request);
}

async function openMessage(page: Page, subject: string) {
  await signIn(page);
  await page.goto(`/admin-page/messages?q=${encodeURIComponent(subject)}`);
  const button = page.getByRole('table', { name: 'Messages' }).getByRole('button', { name: subject, exact: true });
  await button.click();
  return page.locator(`#${await button.getAttribute('aria-controls')}`);
}

test.describe('replying from the inbox', () => {
  test('the visitor receives the reply with their message quoted; the thread and the Replied mark show', async ({
    page,
    request,
  }) => {
    const values = sample('reply');
    await send(request, values);
    const body = await openMessage(page, values.subject);

    // An empty reply is refused next to the field.
    await body.getByRole('button', { name: 'Send reply' }).click();
    await expect(body.getByText('Write your reply')).toBeVisible();
    await expect(body.getByLabel('Reply to Ada')).toBeFocused();
    await expect(body.getByLabel('Reply to Ada')).toHaveAttribute('aria-invalid', 'true');

    await body.getByLabel('Reply to Ada').fill('Yes! It comes to Android this spring.');
    await body.getByRole('button', { name: 'Send reply' }).click();
    const thread = body.getByRole('region', { name: 'Replies to Ada' });
    await expect(thread.getByRole('listitem')).toHaveCount(1);
    await expect(thread).toContainText('Yes! It comes to Android this spring.');
    await expect(thread).toContainText('admin');
    await expect(thread.getByText('Sent', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(body.getByLabel('Reply to Ada')).toHaveValue('');
    await expectAccessible(page);

    const mail = await mailTo(values.email);
    expect(mail.subject).toBe(`Re: ${values.subject}`);
    expect(mail.text).toContain('Yes! It comes to Android this spring.');
    expect(mail.text).toContain('Ada Lovelace wrote:');
    expect(mail.text).toContain('> Will Lantern Drift come to Android?');

    // The list marks it replied.
    const row = page
      .getByRole('table', { name: 'Messages' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: values.subject, exact: true }) });
    await page.reload();
    await expect(row.getByText('Replied', { exact: true })).toBeVisible();
  });

  test('without mail set up, a mailto: link replaces the form, with the reason', async ({ page, request }) => {
    const values = sample('mailto');
    await send(request, values);
    // The server answers as one without SMTP would.
    await page.route(/\/api\/messages\/\d+$/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), canReply: false } });
    });
    const body = await openMessage(page, values.subject);
    await expect(body.getByText(/Mail is not set up on this server/)).toBeVisible();
    await expect(body.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${values.email.replace(/[.+]/g, '\\$&')}\\?subject=`),
    );
    await expect(body.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
