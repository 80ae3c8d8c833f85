// An app's account-deletion and support pages (issue 14), end to end: a visitor signed out asks for
// deletion and reads their reference (with and without JavaScript), confirms it by the link the
// site's mail server received (issue 21; staff see it unconfirmed until then), staff find it in
// Deletion Requests, move it to done after confirming and read the audit trail, and the visitor is
// emailed with the note; the support page's FAQ; the pages axe-clean in both themes and readable with
// JavaScript off; the app form's cards.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';
import { mailTo } from './mailbox';

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');

/** The confirmation link's path in an email. */
const linkIn = (text: string) => {
  const url = /https?:\/\/\S+\/delete-account\/confirm\/[0-9a-f]{64}/.exec(text)?.[0];
  expect(url, text).toBeTruthy();
  return new URL(url!).pathname;
};

// A demo app with accounts, a deletion text and an FAQ (seed-data.ts).
const SLUG = 'lantern-drift';
const DELETE = `/apps/${SLUG}/delete-account`;
const SUPPORT = `/apps/${SLUG}/support`;

test.describe('account deletion, signed out', () => {
  // A spent confirmation link answers 404.
  test.use({ allowConsoleErrors: ['status of 404'] });

  test('a visitor asks for deletion and sees the reference; staff move it to done and read the trail', async ({
    page,
    browser,
  }) => {
    const res = await page.goto(DELETE);
    expect(res?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Delete your Lantern Drift account');
    await expect(main.getByRole('heading', { name: 'What we delete' })).toBeVisible();
    await expect(main).toContainText('Records of in-app purchases are kept for 7 years');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${DELETE}$`));

    // A bad email is refused in the browser, with the schema's message.
    await main.getByLabel('Email address').fill('not-an-email');
    await main.getByRole('button', { name: 'Ask for deletion' }).click();
    await expect(main.getByText('Enter a valid email address')).toBeVisible();
    await expect(main.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

    const email = `e2e-${Date.now()}@example.com`;
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel(/Account identifier/).fill('captain-e2e');
    await main.getByLabel(/Note/).fill('Please delete my saves too.');
    await main.getByRole('button', { name: 'Ask for deletion' }).click();
    const reference = main.getByTestId('deletion-reference');
    await expect(reference).toHaveText(/^DEL-[A-Z2-9]{6}$/);
    await expect(main.getByRole('heading', { name: 'Check your email to confirm' })).toBeFocused();
    await expect(main.getByTestId('deletion-receipt')).toContainText('within 30 days');
    const ref = (await reference.textContent())!;

    // The site's mail server received the link, and nothing the visitor typed but the address.
    const mail = await mailTo(email);
    expect(mail.subject).toBe(`Confirm your request to delete your Lantern Drift account (${ref})`);
    expect(mail.raw).not.toContain('captain-e2e');
    expect(mail.raw).not.toContain('Please delete my saves too.');
    const link = linkIn(mail.text);

    // Staff, in their own browser.
    const staff = await browser.newContext({ viewport: page.viewportSize() });
    const admin = await staff.newPage();
    await signIn(admin);
    await admin.goto('/admin-page/deletion-requests');
    await expect(admin.getByRole('heading', { name: 'Deletion Requests', level: 1 })).toBeVisible();
    await admin
      .getByRole('button', { name: `Open ${ref}` })
      .first()
      .click();
    await expect(admin.getByRole('heading', { name: `Deletion request ${ref}` })).toBeVisible();
    await expect(admin.getByText(email)).toBeVisible();
    await expect(admin.getByText('captain-e2e')).toBeVisible();
    // Not confirmed yet: marked so in place of a due date.
    await expect(admin.getByTestId('unconfirmed')).toHaveText('Awaiting email confirmation');
    const trail = admin.getByTestId('audit-trail');
    await expect(trail.getByRole('listitem')).toHaveCount(1);
    await expect(trail).toContainText('Visitor sent it (New)');
    await expectAccessible(admin);

    // The visitor opens the link: the page names the request and asks; the button confirms it.
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['x-robots-tag']).toContain('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Confirm your request');
    await expect(main.getByTestId('deletion-reference')).toHaveText(ref);
    await expectAccessible(page);
    await main.getByRole('button', { name: 'Confirm my request' }).click();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Request confirmed');
    await expect(main.getByTestId('deletion-confirmed')).toContainText(`Your reference: ${ref}`);
    await expectAccessible(page);
    // The link is spent.
    expect((await page.goto(link))?.status()).toBe(404);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('This link has expired or has already been used');

    // Staff see it confirmed, due from now, with the confirmation on the trail.
    await admin.reload();
    await expect(admin.getByTestId('unconfirmed')).toHaveCount(0);
    await expect(trail.getByRole('listitem')).toHaveCount(2);
    await expect(trail.getByRole('listitem').nth(1)).toContainText('Visitor added to the trail (New)');
    await expect(trail.getByRole('listitem').nth(1)).toContainText('Email address confirmed by the emailed link');

    // Done is asked about first.
    await admin.getByLabel('Status', { exact: true }).click();
    await admin.getByRole('option', { name: 'Done' }).click();
    await admin.getByLabel(/^Note/).fill('Deleted from the game server.');
    await admin.getByRole('button', { name: 'Save status' }).click();
    const confirm = admin.getByRole('alertdialog');
    await expect(confirm).toContainText(`Mark ${ref} as done?`);
    await expectAccessible(admin);
    await confirm.getByRole('button', { name: 'Mark as done' }).click();
    await expect(confirm).toBeHidden();
    await expect(trail.getByRole('listitem')).toHaveCount(3);
    await expect(trail.getByRole('listitem').nth(2)).toContainText('admin moved it from New to Done');
    await expect(trail.getByRole('listitem').nth(2)).toContainText('Deleted from the game server.');
    await expectAccessible(admin);
    // The visitor is told, with the note.
    const doneMail = await mailTo(email, 2);
    expect(doneMail.subject).toBe(`Your Lantern Drift account has been deleted (${ref})`);
    expect(doneMail.text).toContain('Deleted from the game server.');

    // The list, filtered to done requests, shows it as done.
    await admin.getByRole('button', { name: 'All requests' }).click();
    await expect(admin.getByRole('heading', { name: 'Deletion Requests', level: 1 })).toBeVisible();
    await admin.getByRole('combobox', { name: 'Status' }).click();
    await admin.getByRole('option', { name: 'Done' }).click();
    await expect(admin).toHaveURL(/status=done/);
    const row = admin.getByTestId('deletion-row').filter({ hasText: ref });
    await expect(row).toContainText('Done');
    await expectAccessible(admin);
    await staff.close();
  });

  test('the pages are accessible in the dark and light themes, on a phone too', async ({ page }) => {
    // A request's confirmation page (opening it confirms nothing, so it can be looked at again and again).
    const apps = (await (await page.request.get('/api/apps')).json()) as { id: number; slug: string }[];
    const appId = apps.find((a) => a.slug === SLUG)!.id;
    const email = `a11y-${Date.now()}@example.com`;
    expect((await page.request.post(`/api/apps/${appId}/deletion-requests`, { data: { email } })).status()).toBe(201);
    const CONFIRM = linkIn((await mailTo(email)).text);
    for (const theme of ['dark', 'light'] as const) {
      await page.addInitScript((t) => window.localStorage.setItem('vite-ui-theme', t), theme);
      for (const size of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        for (const url of [DELETE, SUPPORT, CONFIRM]) {
          await page.goto(url);
          await expect(page.locator('html')).toHaveClass(theme);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          await expectAccessible(page);
          // Nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        }
      }
    }
  });

  test('the support page shows the contact route and the FAQ, opened with the keyboard', async ({ page }) => {
    const res = await page.goto(SUPPORT);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Lantern Drift Support \| /);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      /^mailto:support@example\.com/,
    );
    const faq = main.getByTestId('faq');
    await expect(faq.locator('summary')).toHaveText([
      /How do I move my voyages to a new phone\?/,
      /I bought the Lighthouse Pack but it is not there\./,
      /Does Lantern Drift work offline\?/,
    ]);
    const answer = main.getByText('Only leaderboards and cloud saves need a connection', { exact: false });
    await expect(answer).toBeHidden();
    await faq.locator('summary').nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await expect(main.getByRole('link', { name: 'Delete your Lantern Drift account' })).toHaveAttribute('href', DELETE);
  });
});

test.describe('in German (issue 24)', () => {
  test('a visitor asking on the German page is written to in German, and confirms on a German page', async ({
    page,
    browser,
  }) => {
    // The demo ships Lantern Drift's deletion page in German (decision 109).
    await page.goto(`/de${DELETE}`);
    const main = page.getByRole('main');
    const email = `de-${Date.now()}@example.com`;
    await main.getByLabel('E-Mail-Adresse').fill(email);
    await main.getByRole('button', { name: 'Löschung beantragen' }).click();
    const ref = (await main.getByTestId('deletion-reference').textContent())!;

    const mail = await mailTo(email);
    expect(mail.subject).toBe(`Bestätige deine Anfrage, dein Konto bei Lantern Drift zu löschen (${ref})`);
    expect(mail.text).toContain(`/de${DELETE}`);
    await page.goto(linkIn(mail.text));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Bestätige deine Anfrage');
    await expect(page.getByRole('navigation', { name: 'Navigationspfad' }).getByRole('link').first()).toHaveAttribute(
      'href',
      '/de',
    );
    await expectAccessible(page);
    await main.getByRole('button', { name: 'Meine Anfrage bestätigen' }).click();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Anfrage bestätigt');
    await expect(main.getByTestId('deletion-confirmed')).toContainText(`Deine Referenz: ${ref}`);
    await expectAccessible(page);

    // Staff see which language the visitor is written to in.
    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await signIn(admin);
    await admin.goto('/admin-page/deletion-requests');
    await admin
      .getByRole('button', { name: `Open ${ref}` })
      .first()
      .click();
    await expect(admin.getByText('German', { exact: true })).toBeVisible();
    await staff.close();
  });
});

test.describe('an app without accounts', () => {
  test.use({ allowConsoleErrors: ['status of 404'] });

  test('an app without a support email points to the contact page; one without accounts has no deletion page', async ({
    page,
  }) => {
    await page.goto('/apps/brightlist/support');
    await expect(page.getByRole('main').getByRole('link', { name: 'our contact page' })).toHaveAttribute(
      'href',
      '/contact',
    );
    const res = await page.goto('/apps/tidepool-tactics/delete-account');
    expect(res?.status()).toBe(404);
    expect((await page.goto('/apps/tidepool-tactics/support'))?.status()).toBe(200);
  });
});

test.describe('with JavaScript off', () => {
  // Axe needs JavaScript: the same pages are checked with it above.
  test.use({ javaScriptEnabled: false, allowConsoleErrors: ['status of 422'] });

  test('the deletion form posts the plain way: errors come back, then the reference', async ({ page }) => {
    await page.goto(DELETE);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'What we delete' })).toBeVisible();
    await main.getByLabel('Email address').fill('nope');
    await main.getByRole('button', { name: 'Ask for deletion' }).click();
    await expect(page).toHaveURL(new RegExp(`${DELETE}#request-heading$`));
    await expect(main.getByText('Enter a valid email address')).toBeVisible();
    await expect(main.getByLabel('Email address')).toHaveValue('nope');

    const email = `plain-${Date.now()}@example.com`;
    await main.getByLabel('Email address').fill(email);
    await main.getByRole('button', { name: 'Ask for deletion' }).click();
    await expect(main.getByTestId('deletion-reference')).toHaveText(/^DEL-[A-Z2-9]{6}$/);
    await expect(main.getByRole('heading', { name: 'Check your email to confirm' })).toBeVisible();
    const ref = await main.getByTestId('deletion-reference').textContent();

    // The link's page confirms with a plain form POST.
    await page.goto(linkIn((await mailTo(email)).text));
    await main.getByRole('button', { name: 'Confirm my request' }).click();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Request confirmed');
    await expect(main.getByTestId('deletion-reference')).toHaveText(ref!);
  });

  test('the support page and its FAQ are there without JavaScript', async ({ page }) => {
    await page.goto(SUPPORT);
    const faq = page.getByTestId('faq');
    await faq.locator('summary').first().click();
    await expect(page.getByText('Open Settings › Cloud save on your old phone')).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@example.com' })).toBeVisible();
  });
});

test.describe('the app form', () => {
  test('shows the store fields to paste the addresses into, and saves an FAQ', async ({ page }) => {
    await signIn(page);
    const apps = (await (await page.request.get('/api/apps')).json()) as { id: number; slug: string }[];
    const app = apps.find((a) => a.slug === 'pocket-orchard')!;
    await page.goto(`/admin-page/apps/edit?id=${app.id}`);
    await expect(page.getByRole('heading', { name: 'Account deletion' })).toBeVisible();
    await expect(page.getByTestId('deletion-url')).toContainText('/apps/pocket-orchard/delete-account');
    await expect(page.getByTestId('deletion-url')).toContainText('Data safety › Delete account URL');
    await expect(page.getByTestId('support-url')).toContainText('App Store Connect › Support URL');

    await page.getByLabel('This app has user accounts').click();
    await page.getByRole('button', { name: 'Add question' }).click();
    await expect(page.getByLabel('Question', { exact: true })).toBeFocused();
    await page.getByLabel('Question', { exact: true }).fill('Is there multiplayer?');
    await page.getByLabel('Answer').fill('Not yet.');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question', { exact: true }).nth(1).fill('Which phones?');
    await page.getByLabel('Answer').nth(1).fill('Android 10 and iOS 16 or newer.');
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    // Removing asks first.
    await page.getByRole('button', { name: 'Remove question 2' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('“Is there multiplayer?”');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Support email').fill('bad-email');
    // The block has its own Save: the app's own form is not sent with it.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Save account deletion and support' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Support email')).toBeFocused();
    await page.getByLabel('Support email').fill('tide@example.com');
    await page.getByRole('button', { name: 'Save account deletion and support' }).click();
    await expect(toasts(page)).toContainText('Account deletion and support saved');
    expect(sent).toEqual([`PUT /api/admin/apps/${app.id}/pages`]);
    // Saved: leaving does not ask.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin-page\/apps$/);

    await page.goto('/apps/pocket-orchard/support');
    await expect(page.getByTestId('faq').locator('summary')).toHaveText([/Which phones\?/, /Is there multiplayer\?/]);
    await expect(page.getByRole('link', { name: 'tide@example.com' })).toBeVisible();
    expect((await page.goto('/apps/pocket-orchard/delete-account'))?.status()).toBe(200);
  });
});

test.describe('two editors of the same app', () => {
  test.use({ allowConsoleErrors: ['status of 409'] });

  test('the second Save shows both versions; "Keep my version" then Save keeps the second text', async ({
    page,
    browser,
    request,
  }) => {
    const api = await staffApi(request);
    const apps = (await (await api.get('/api/apps')).json()) as { id: number; slug: string }[];
    const app = apps.find((a) => a.slug === 'pocket-orchard')!;
    const before = await (await api.get(`/api/admin/apps/${app.id}/pages`)).json();

    const other = await browser.newContext();
    try {
      const first = await other.newPage();
      await signIn(first);
      await signIn(page);
      await first.goto(`/admin-page/apps/edit?id=${app.id}`);
      await page.goto(`/admin-page/apps/edit?id=${app.id}`);
      await expect(first.getByLabel('Support email')).toBeVisible();
      await expect(page.getByLabel('Support email')).toBeVisible();

      await first.getByLabel('Support email').fill('first@example.com');
      await first.getByRole('button', { name: 'Save account deletion and support' }).click();
      await expect(toasts(first)).toContainText('Account deletion and support saved');

      await page.getByLabel('Support email').fill('second@example.com');
      await page.getByRole('button', { name: 'Save account deletion and support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Changed elsewhere' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('mine-supportEmail')).toHaveText('second@example.com');
      await expect(dialog.getByTestId('theirs-supportEmail')).toHaveText('first@example.com');
      // No warning that typed text is lost (the app form's own help texts may use the word).
      await expect(dialog).not.toContainText(/lost/i);
      await expect(page.getByRole('alert').filter({ hasText: /lost/i })).toHaveCount(0);
      await expect(toasts(page).filter({ hasText: /lost/i })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Keep my version' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel('Support email')).toHaveValue('second@example.com');
      await page.getByRole('button', { name: 'Save account deletion and support' }).click();
      await expect(toasts(page)).toContainText('Account deletion and support saved');

      const saved = (await (await api.get(`/api/admin/apps/${app.id}/pages`)).json()) as { supportEmail: string };
      expect(saved.supportEmail).toBe('second@example.com');
    } finally {
      await other.close();
      // The demo app's texts as they were, for the other tests.
      const { appId: _appId, updatedAt: _updatedAt, version: _version, ...texts } = before as Record<string, unknown>;
      await api.put(`/api/admin/apps/${app.id}/pages`, { data: texts });
    }
  });
});
