// Admin: Audit Log (issue 23). Sign-in events are recorded; an administrator opens Audit Log from the
// sidebar, filters it (the filters in the address), sees the entries, exports them as CSV with the same
// filters, and reads it on a phone as cards. A plain User has no Audit Log in the sidebar.
import { E2E_ADMIN } from '../../playwright.config';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('audit log', () => {
  test('shows sign-in events, filters them in the address, and exports the filtered CSV', async ({ page }) => {
    // Something recorded: a failed sign-in with a name nobody has, a sign-out and a sign-in.
    const stranger = unique('nobody');
    const failed = await page.request.post('/api/admin/login', {
      data: { username: stranger, password: 'wrong-pass' },
    });
    expect(failed.status()).toBe(401);
    await signIn(page);
    expect((await page.request.post('/api/admin/logout')).status()).toBe(200);
    await signIn(page);

    await page.goto('/admin-page');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL('/admin-page/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    // Newest first: the sign-in that just happened.
    await expect(rows.first()).toContainText('Signed in');
    await expect(rows.first()).toContainText(E2E_ADMIN.username);
    await expectAccessible(page);

    // Filter by action: only failed sign-ins, the one above among them, with its name as the target.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Sign-in failed', exact: true }).click();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=sign-in\.failure(&|$)/);
    await expect(rows.filter({ hasText: stranger })).toHaveCount(1);
    // (The unfiltered list held it too: wait for every other kind of entry to go.)
    await expect(rows.filter({ hasNotText: 'Sign-in failed' })).toHaveCount(0);
    await expect(rows.filter({ hasText: stranger })).toContainText('Nobody signed in');

    // The address is shareable: opened afresh it shows the same filter, in the form too.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveText('Sign-in failed');
    await expect(rows.filter({ hasText: stranger })).toHaveCount(1);

    // The export carries the same filters and downloads a CSV named for the day.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toHaveAttribute('href', '/api/admin/audit-log.csv?action=sign-in.failure');
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await page.request.get((await exportLink.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,time,actor_id,actor,address,action,target_type,target_id,target,changes');
    expect(lines.filter((line) => line.includes(stranger))).toHaveLength(1);
    expect(lines.slice(1).every((line) => line.split(',')[5] === 'sign-in.failure')).toBe(true);

    // Another filter: the sign-out, by the administrator; a day range that ends before today finds nothing.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Signed out', exact: true }).click();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(rows.first()).toContainText('Signed out');
    await expect(rows.first()).toContainText(E2E_ADMIN.username);
    await page.getByLabel('To', { exact: true }).fill('2000-01-01');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).toHaveURL('/admin-page/audit-log');
    await expect(rows.first()).toBeVisible();
  });

  test('reads as cards on a phone, without sideways scrolling', async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin-page/audit-log');
    await expect(page.getByTestId('audit-card').first()).toBeVisible();
    await expect(page.getByTestId('audit-row').first()).toBeHidden();
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a plain User has no Audit Log in the sidebar and is told it is for administrators', async ({
    page,
    request,
  }) => {
    const user = await requestFactories(await staffApi(request)).makeUser({ isAdmin: false });
    await signIn(page, user);
    await page.goto('/admin-page');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/admin-page/audit-log');
    await expect(page.getByText('Only administrators can read the audit log.')).toBeVisible();
  });

  test('Site Settings keeps entries for the days an administrator sets, and the change is recorded', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/admin-page/site-settings');
    const card = page.getByRole('region', { name: 'Audit log' });
    const days = card.getByLabel('Keep entries for (days)');
    await expect(days).toHaveValue('365');
    await days.fill('10');
    await card.getByRole('button', { name: 'Save retention' }).click();
    await expect(card.getByText('Keep entries between 30 and 3650 days')).toBeVisible();
    await days.fill('400');
    await card.getByRole('button', { name: 'Save retention' }).click();
    await expect(page.getByText('Entries are kept for 400 days.', { exact: true })).toBeVisible();

    await page.goto('/admin-page/audit-log?action=settings.');
    const row = page.getByTestId('audit-row').first();
    await expect(row).toContainText('Settings changed');
    await expect(row).toContainText('Audit log retention');
    await expect(row).toContainText(/auditRetentionDays:\s*365\s*400/);
    await expect(row.getByRole('link', { name: 'Audit log retention' })).toHaveAttribute(
      'href',
      '/admin-page/site-settings',
    );
  });
});
