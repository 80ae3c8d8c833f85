// Press kits (issue 14, part 4): an app's kit downloads its screenshots as a ZIP of the stored
// originals, /press reads whole without JavaScript, both are axe-clean (phone and desktop, light and
// dark), a press-copy request reaches the admin's inbox with its Press tag, and the studio's kit is
// written on its admin screen.
import { readFile } from 'node:fs/promises';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { THEME_STORAGE_KEY } from '../../src/shared/theme-key';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const SLUG = 'lantern-drift';

function unzip(buffer: Buffer): Promise<[string, Buffer][]> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const out: [string, Buffer][] = [];
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push([entry.fileName, Buffer.concat(chunks)]);
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test("an app's press kit: the screenshots ZIP holds every stored original, named in order", async ({
  page,
  request,
}) => {
  const apps = (await (await request.get('/api/apps')).json()) as { slug: string; screenshots: string[] }[];
  const app = apps.find((a) => a.slug === SLUG)!;
  await page.goto(`/apps/${SLUG}/press`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lantern Drift press kit' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fact sheet' })).toContainText('Release (iOS)');
  await expect(page.getByText('You may monetize videos and streams of Lantern Drift.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download all screenshots (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SLUG}-screenshots.zip`);
  const entries = await unzip(await readFile((await download.path())!));
  expect(entries.map(([name]) => name)).toEqual(
    app.screenshots.map((_, i) => `${SLUG}-screenshot-${String(i + 1).padStart(2, '0')}.jpg`),
  );
  for (const [i, [, bytes]] of entries.entries()) {
    const original = await request.get(app.screenshots[i]!);
    expect(bytes.equals(await original.body())).toBe(true);
  }
});

for (const [width, height, theme] of [
  [1280, 800, 'dark'],
  [390, 844, 'light'],
] as const) {
  test(`the press pages are accessible at ${width}px in the ${theme} theme`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    for (const path of [`/apps/${SLUG}/press`, '/press']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('press kit');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/press is whole: facts, history, apps linking to their kits, logos and the plain form', async ({ page }) => {
    await page.goto('/press');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/press kit$/);
    const facts = page.getByRole('region', { name: 'Fact sheet' });
    await expect(facts).toContainText('Based in');
    await expect(facts).toContainText('Tallinn, Estonia');
    await expect(page.getByRole('region', { name: 'History' })).toContainText('night train');
    await page.getByRole('link', { name: 'Lantern Drift press kit' }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${SLUG}/press$`));
    await expect(page.getByRole('region', { name: 'Awards and recognition' })).toContainText('Baltic Indie Awards');
    // The app's kit is whole too: its facts from the store fields and the ZIP links, plain links.
    await expect(page.getByRole('region', { name: 'Fact sheet' })).toContainText('Release (iOS)');
    await expect(page.getByRole('link', { name: /Download all screenshots \(ZIP\)/ })).toHaveAttribute(
      'href',
      `/apps/${SLUG}/press/screenshots.zip`,
    );
    await page.goto('/press');

    // The form posts without JavaScript and the page says it was sent.
    await page.getByLabel('Your name').fill('Plain Reporter');
    await page.getByLabel('Email').fill('plain@reporter.example');
    await page.getByLabel('Outlet or channel').fill('No-Script Weekly');
    await page.getByRole('button', { name: 'Request a press copy' }).click();
    await expect(page).toHaveURL(/\/press\?sent=sent#press-request$/);
    await expect(page.getByTestId('press-request-notice')).toContainText('Request sent');
  });
});

test('a press-copy request reaches the inbox with its Press tag', async ({ page }) => {
  await page.goto(`/apps/${SLUG}/press`);
  const form = page.getByRole('region', { name: 'Request a press copy' });
  await form.getByLabel('Your name').fill('Nellie Bly');
  await form.getByLabel('Email').fill('nellie.e2e@paper.example');
  await form.getByLabel('Outlet or channel').fill('The Daily Paper');
  await form.getByLabel('Platform (optional)').fill('iOS');
  await form.getByRole('button', { name: 'Request a press copy' }).click();
  await expect(form.getByTestId('press-request-notice')).toContainText('Request sent');
  // Sent with JavaScript: the page did not move, the fields are empty again.
  await expect(page).toHaveURL(new RegExp(`/apps/${SLUG}/press$`));
  await expect(form.getByLabel('Your name')).toHaveValue('');

  await signIn(page);
  await page.goto('/admin-page/messages');
  const subject = page.getByRole('button', { name: /Press copy: Lantern Drift \(iOS\)/ }).first();
  await expect(subject).toBeVisible();
  await expect(subject.getByTestId('press-tag')).toHaveText('Press');
});

test("the studio's kit is written on its admin screen and shown on /press", async ({ page, request }) => {
  await signIn(page);
  await page.goto('/admin-page/press');
  await expect(page.getByRole('heading', { level: 1, name: 'Press Kit' })).toBeVisible();
  await expect(page.getByLabel('Based in')).toHaveValue('Tallinn, Estonia');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add feature' }).click();
  await page.getByLabel('Feature (feature 1)').fill('Every game plays offline');
  // A bad trailer link is named before anything is sent.
  await page.getByRole('button', { name: 'Add trailer' }).click();
  await page.getByLabel('Video link (trailer 1)').fill('https://example.com/not-a-video');
  await page.getByRole('button', { name: 'Save Press Kit' }).click();
  await expect(page.getByText('Enter a YouTube or Vimeo link (or the video id)')).toBeVisible();
  // Removing asks first.
  await page.getByRole('button', { name: 'Remove trailer 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Save Press Kit' }).click();
  await expect(page.getByText('Press kit saved').first()).toBeVisible();

  const api = await staffApi(request);
  expect(((await (await api.get('/api/admin/press-kits/studio')).json()) as { features: string[] }).features).toEqual([
    'Every game plays offline',
  ]);
  await page.goto('/press');
  await expect(page.getByRole('region', { name: 'Features' })).toContainText('Every game plays offline');
});
