// Press kits (issue 14, part 4): an app's kit downloads its screenshots as a ZIP of the stored
// originals, /press reads whole without JavaScript, both are axe-clean (phone and desktop, light and
// dark), a press-copy request reaches the admin's inbox with its Press tag, and the studio's kit is
// written on its admin screen.
import { readFile } from 'node:fs/promises';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { THEME_STORAGE_KEY } from '../../src/shared/theme-key';
import { requestFactories, unique } from '../factories';
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

// Two staff save the same kit (issue 22): the second sees both versions and chooses; nothing typed is lost.
test.describe('two staff editing one press kit', () => {
  // The refused save is a 409 the browser logs.
  test.use({ allowConsoleErrors: ['status of 409'] });

  test("the studio's kit: keep my version, or use the saved one", async ({ page, browser, request }) => {
    const other = await browser.newContext({ viewport: page.viewportSize() });
    const first = await other.newPage();
    await signIn(first);
    await signIn(page);
    const founded = (p: typeof page) => p.getByRole('form', { name: 'Studio press kit' }).getByLabel('Founded');
    const save = (p: typeof page) => p.getByRole('button', { name: 'Save Press Kit' }).click();
    await first.goto('/admin-page/press');
    await page.goto('/admin-page/press');
    await expect(founded(first)).toHaveValue('2019');
    await expect(founded(page)).toHaveValue('2019');

    // The first saves; the second, opened before it, saves over it and is asked.
    await founded(first).fill('2019 (first)');
    await save(first);
    await expect(first.getByText('Press kit saved').first()).toBeVisible();
    await founded(page).fill('2019 (second)');
    await save(page);
    const dialog = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await expect(dialog.getByTestId('mine-foundedOn')).toHaveText('2019 (second)');
    await expect(dialog.getByTestId('theirs-foundedOn')).toHaveText('2019 (first)');
    await expect(page.getByText(/will be lost/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(dialog).toBeHidden();
    await expect(founded(page)).toHaveValue('2019 (second)');
    await save(page);
    await expect(page.getByText('Press kit saved').first()).toBeVisible();
    const api = await staffApi(request);
    const kit = async () => (await (await api.get('/api/admin/press-kits/studio')).json()) as { foundedOn: string };
    expect((await kit()).foundedOn).toBe('2019 (second)');

    // Again, and this time the second takes the saved version: the first's text.
    await first.reload();
    await founded(first).fill('2019 (first, again)');
    await save(first);
    await expect(first.getByText('Press kit saved').first()).toBeVisible();
    await founded(page).fill('2019 (second, again)');
    await save(page);
    await expect(dialog.getByTestId('theirs-foundedOn')).toHaveText('2019 (first, again)');
    await dialog.getByRole('button', { name: 'Use the saved version' }).click();
    await expect(dialog).toBeHidden();
    await expect(founded(page)).toHaveValue('2019 (first, again)');
    expect((await kit()).foundedOn).toBe('2019 (first, again)');

    // As it was, for the other tests.
    await founded(page).fill('2019');
    await save(page);
    await expect(page.getByText('Press kit saved').first()).toBeVisible();
    expect((await kit()).foundedOn).toBe('2019');
    await other.close();
  });

  test("an app's kit on the app form: its own Save, and the same choice", async ({ page, browser, request }) => {
    const api = await staffApi(request);
    const app = await requestFactories(api).makeApp({ title: unique('Press Conflict') });
    // A kit that was written once (a never-written kit has no version to compare).
    expect((await api.put(`/api/admin/press-kits/apps/${app.id}`, { data: { basedIn: 'Riga' } })).status()).toBe(200);
    const kit = async () =>
      (await (await api.get(`/api/admin/press-kits/apps/${app.id}`)).json()) as { basedIn: string };

    const other = await browser.newContext({ viewport: page.viewportSize() });
    const first = await other.newPage();
    await signIn(first);
    await signIn(page);
    const card = (p: typeof page) => p.getByRole('form', { name: 'Press kit' });
    const basedIn = (p: typeof page) => card(p).getByLabel('Based in');
    const save = (p: typeof page) => card(p).getByRole('button', { name: 'Save Press Kit' }).click();
    await first.goto(`/admin-page/apps/edit?id=${app.id}`);
    await page.goto(`/admin-page/apps/edit?id=${app.id}`);
    await expect(basedIn(first)).toHaveValue('Riga');
    await expect(basedIn(page)).toHaveValue('Riga');

    await basedIn(first).fill('Riga (first)');
    await save(first);
    await expect(first.getByText('Press kit saved').first()).toBeVisible();
    await basedIn(page).fill('Riga (second)');
    await save(page);
    const dialog = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await expect(dialog.getByTestId('mine-basedIn')).toHaveText('Riga (second)');
    await expect(dialog.getByTestId('theirs-basedIn')).toHaveText('Riga (first)');
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await save(page);
    await expect(page.getByText('Press kit saved').first()).toBeVisible();
    expect((await kit()).basedIn).toBe('Riga (second)');

    await first.reload();
    await basedIn(first).fill('Riga (first, again)');
    await save(first);
    await expect(first.getByText('Press kit saved').first()).toBeVisible();
    await basedIn(page).fill('Riga (second, again)');
    await save(page);
    await expect(dialog.getByTestId('theirs-basedIn')).toHaveText('Riga (first, again)');
    await dialog.getByRole('button', { name: 'Use the saved version' }).click();
    await expect(basedIn(page)).toHaveValue('Riga (first, again)');
    expect((await kit()).basedIn).toBe('Riga (first, again)');

    await other.close();
    expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);
  });
});
