// Campaigns (issue 26), end to end in Chromium: write a campaign in the rich text editor with an
// app's store badges, preview it, "Send me a test" (the List-Unsubscribe headers shown, and the
// email at the site's mail server carrying them), send it to a list with a confirmed subscriber
// after the confirmation naming the number of recipients, and see the totals; axe on the screen;
// screenshots on a desktop and a phone, light and dark.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_MAIL_DIR } from '../../playwright.config';
import { api, paths } from '../../src/shared/paths';
import { campaignApi, type Campaign } from '../../src/shared/schemas/campaigns';
import { requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const RUN = Date.now().toString(36);
const ME = `campaigner-${RUN}@example.com`;

/** The emails the site's mail server received for `address`, once there is one with `subject`. */
async function mailsTo(address: string, subject: string): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = [];
        for (const file of readdirSync(E2E_MAIL_DIR).sort()) {
          const mail = await simpleParser(readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8'));
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
          if (to.includes(address.toLowerCase()) && mail.subject === subject) found.push(mail);
        }
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');

test('write a campaign with store badges, preview it and send a test that shows its headers', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const staff = await staffApi(request);
  expect((await staff.put(api.myEmail, { data: { email: ME } })).status()).toBe(200);
  const app = await requestFactories(staff).makeApp({
    title: `Lantern Drift ${RUN}`,
    status: 'Coming Soon',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.studio.lantern',
  });
  try {
    await signIn(page);

    await page.goto(paths.admin.campaigns);
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible();
    const subject = `Launch day ${RUN}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('It is out now. Thank you for waiting!');
    await page.getByLabel('Insert from an app').click();
    await page.getByRole('option', { name: app.title }).click();
    await page.getByRole('button', { name: 'Insert store badges' }).click();
    await expect(page.getByRole('textbox', { name: 'Content' }).getByText('Get it on Google Play')).toBeVisible();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/admin-page\/campaigns\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = (await (await staff.get(campaignApi.one(id))).json()) as Campaign;
    expect(saved).toMatchObject({ status: 'draft', subject, list: 'studio' });

    // The preview is the email as it will look.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(preview.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Preview' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: 'Preview' })).toBeHidden();

    // The test goes to the staff member's own address; its headers are shown and were sent.
    await page.getByRole('button', { name: 'Send me a test' }).click();
    const shown = page.getByTestId('test-headers');
    await expect(shown).toContainText('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await expect(shown).toContainText('List-Unsubscribe: <http');
    await expect(page.getByText(/DKIM signature covers both List-Unsubscribe headers/)).toBeVisible();
    const [testMail] = await mailsTo(ME, `[Test] ${subject}`);
    expect(header(testMail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(testMail!, 'list-unsubscribe')).toMatch(/^<http:\/\/.+\/unsubscribe\/test>$/);
    expect(testMail!.text).toContain('https://play.google.com/store/apps/details?id=com.studio.lantern');
    await expectAccessible(page);
  } finally {
    expect((await staff.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  }
});

test('send a campaign to a list with a confirmed subscriber and see the totals', async ({ page, request }) => {
  test.setTimeout(90_000);
  const staff = await staffApi(request);
  const subject = `To the newsletter ${RUN}`;
  const created = await staff.post(campaignApi.list, {
    data: { list: 'studio', subject, content: '<p>News from the studio.</p>' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as Campaign;

  // A confirmed subscriber on the newsletter, through the public sign-up and its emailed link
  // (helper F's routes; without them this branch cannot put a subscriber in the running site).
  const reader = `reader-${RUN}@example.com`;
  const signUp = await request.post('/api/subscriptions', { data: { email: reader, list: 'studio', consent: true } });
  test.skip(signUp.status() === 404, 'the sign-up routes (issue 26, helper F) are not on this branch');
  expect(signUp.status()).toBe(202);
  const [confirmation] = await mailsTo(reader, (await readSubject(reader)) ?? '');
  const link = /https?:\/\/\S+\/subscriptions\/confirm\?token=[\w-]+/.exec(confirmation!.text ?? '')?.[0];
  expect(link).toBeTruthy();
  // Opening the link confirms nothing (decision 118): the page's button posts the confirmation.
  const token = new URL(link!).searchParams.get('token')!;
  expect((await request.post(api.subscriptionConfirmation(token))).status()).toBe(200);

  await signIn(page);
  await page.goto(`${paths.admin.campaigns}?id=${id}`);
  // Other specs may have confirmed newsletter readers in this site too: the reader is one of them.
  const audience = page.getByText(/^\d+ confirmed subscribers? will receive it\.$/);
  await expect(audience).toBeVisible();
  const n = Number(/\d+/.exec((await audience.textContent()) ?? '')![0]);
  expect(n).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`It goes to ${n} recipient`);
  await dialog.getByRole('button', { name: `Send to ${n}` }).click();
  await expect(page.getByTestId('total-sent')).toHaveText(String(n), { timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Recipients' }).getByText(reader)).toBeVisible();
  const [mail] = await mailsTo(reader, subject);
  expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const done = (await (await staff.get(campaignApi.one(id))).json()) as Campaign;
  expect(done).toMatchObject({ status: 'sent', totals: { sent: n, failed: 0 } });
});

/** The subject of the first email `address` received (the confirmation's wording is helper F's). */
async function readSubject(address: string): Promise<string | undefined> {
  let subject: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of readdirSync(E2E_MAIL_DIR).sort()) {
          const mail = await simpleParser(readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8'));
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
          if (to.includes(address.toLowerCase())) subject = mail.subject;
        }
        return subject;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return subject;
}

test('the Campaigns screen fits a desktop and a phone, in light and dark', async ({ page, request }, testInfo) => {
  const staff = await staffApi(request);
  const created = await staff.post(campaignApi.list, {
    data: { list: 'studio', subject: `Autumn news ${RUN}`, content: '<p>What the studio made this autumn.</p>' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as Campaign;
  await signIn(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const [name, url] of [
        ['list', paths.admin.campaigns],
        ['editor', `${paths.admin.campaigns}?id=${id}`],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (name === 'editor') await expect(page.getByRole('button', { name: 'Send me a test' })).toBeVisible();
        else await expect(page.getByText(`Autumn news ${RUN}`)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({
          path: testInfo.outputPath(`campaigns-${name}-${theme}-${viewport.width}.png`),
          fullPage: true,
        });
        if (viewport.width === 390) await expectAccessible(page);
      }
    }
  }
});
