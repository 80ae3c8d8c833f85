// The page-text editors of the admin: Home Content, About Us, contact information and the
// privacy policy (SPEC §2, §5 validation, §7 calls, §8 toasts). Every test that writes puts the
// demo content back afterwards, so the public-page specs still see it.
import type { APIRequestContext, Locator, Page, Request, Route } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

interface HomeContent {
  heroTitle: string;
  heroSubtitle: string;
  heroContent: string;
  introTitle: string;
  introContent: string;
  featuredAppTitle: string;
  ctaText: string;
}
interface AboutUs {
  title: string;
  content: string;
  lastUpdated: string;
}
interface ContactInfo {
  email: string;
  location: string | null;
  twitterLink: string | null;
  linkedinLink: string | null;
  githubLink: string | null;
}
interface PrivacyPolicy {
  content: string;
  lastUpdated: string;
}
interface Snapshot {
  home: HomeContent;
  about: AboutUs;
  contact: ContactInfo;
  privacy: PrivacyPolicy;
}
type PageKey = keyof Snapshot;

const API: Record<PageKey, string> = {
  home: '/api/home-content',
  about: '/api/about-us',
  contact: '/api/contact',
  privacy: '/api/privacy-policy',
};

const SERVER_DOWN = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ message: 'Database unavailable', code: 'INTERNAL_ERROR' }),
};

let demo: Snapshot | undefined;
const touched = new Set<PageKey>();

async function readAll(request: APIRequestContext): Promise<Snapshot> {
  const get = async <T>(key: PageKey) => {
    const res = await request.get(API[key]);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as T | null;
    expect(body, `${key} demo content`).not.toBeNull();
    return body as T;
  };
  return {
    home: await get('home'),
    about: await get('about'),
    contact: await get('contact'),
    privacy: await get('privacy'),
  };
}

function payload(key: PageKey, snap: Snapshot): unknown {
  switch (key) {
    case 'home': {
      const { heroTitle, heroSubtitle, heroContent, introTitle, introContent, featuredAppTitle, ctaText } = snap.home;
      return { heroTitle, heroSubtitle, heroContent, introTitle, introContent, featuredAppTitle, ctaText };
    }
    case 'about':
      return { title: snap.about.title, content: snap.about.content };
    case 'contact': {
      const { email, location, twitterLink, linkedinLink, githubLink } = snap.contact;
      return { email, location, twitterLink, linkedinLink, githubLink };
    }
    case 'privacy':
      return { content: snap.privacy.content, lastUpdated: snap.privacy.lastUpdated };
  }
}

test.beforeEach(async ({ page, request }) => {
  demo ??= await readAll(request);
  touched.clear();
  await signIn(page);
});

test.afterEach(async ({ request }) => {
  if (!demo || touched.size === 0) return;
  const staff = await staffApi(request);
  for (const key of touched) {
    const res = await staff.put(API[key], { data: payload(key, demo) });
    expect(res.status(), `restoring ${key}`).toBe(200);
  }
});

const snap = () => demo!;
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Routes a path: the first GET (or every PUT) gets `reply`, everything else goes on. */
async function failFirstGet(page: Page, path: string) {
  let failed = false;
  await page.route(`**${path}`, (route) => {
    if (route.request().method() === 'GET' && !failed) {
      failed = true;
      return route.fulfill(SERVER_DOWN);
    }
    return route.fallback();
  });
}

async function failPut(
  page: Page,
  path: string,
  reply: { status: number; contentType?: string; body: string } = SERVER_DOWN,
) {
  await page.route(`**${path}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill(reply) : route.fallback(),
  );
}

/** Holds the method's requests on the path until release(); `requests` collects them. */
async function hold(page: Page, path: string, method: 'GET' | 'PUT') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const requested = new Promise<void>((resolve) => (seen = resolve));
  const requests: Request[] = [];
  await page.route(`**${path}`, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    requests.push(route.request());
    seen();
    await released;
    return route.fallback();
  });
  return { release, requested, requests };
}

/** Counts the PUTs the page sends to a path (to show a form did not send). */
function countPuts(page: Page, path: string) {
  const puts: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT' && new URL(req.url()).pathname === path) puts.push(req);
  });
  return puts;
}

/** Empties a rich-text editor the way a person does (select all, delete). */
async function clearEditor(page: Page, editor: Locator) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(editor).toHaveText('');
}

/** The editing area's height (the box that scrolls under the toolbar). */
async function editingAreaHeight(page: Page) {
  return (await page.getByTestId('rich-text-editor').locator('> div').last().boundingBox())?.height;
}

const ddmmyyyy = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

// ---------------------------------------------------------------------------------------------
test.describe('Home Content editor', () => {
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const save = (page: Page) => page.getByRole('button', { name: /^(Save Home Content|Saving\.\.\.)$/ });

  async function open(page: Page) {
    await page.goto('/admin-page/home-content');
    await expect(h1(page)).toHaveText('Home Content');
    await expect(field(page, 'Hero Title')).toBeVisible();
  }

  test('loads the demo content into the Hero, Featured Apps and Call To Action sections', async ({ page }) => {
    const home = snap().home;
    await open(page);
    await expect(page).toHaveTitle(/^Home Content \| Admin \| /);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Hero', 'Featured Apps', 'Call To Action']);
    await expect(field(page, 'Hero Title')).toHaveValue(home.heroTitle);
    await expect(field(page, 'Hero Subtitle')).toHaveValue(home.heroSubtitle);
    await expect(field(page, 'Hero Content')).toHaveValue(home.heroContent);
    await expect(field(page, 'Hero Content')).toHaveJSProperty('tagName', 'TEXTAREA');
    await expect(field(page, 'Featured Apps Title')).toHaveValue(home.featuredAppTitle);
    await expect(field(page, 'Call To Action Text')).toHaveValue(home.ctaText);
    await expect(save(page)).toHaveText('Save Home Content');
    await expectAccessible(page);
  });

  test('shows a skeleton while the content loads', async ({ page }) => {
    const held = await hold(page, '/api/home-content', 'GET');
    await page.goto('/admin-page/home-content');
    await held.requested;
    try {
      await expect(page.getByTestId('home-content-skeleton')).toBeVisible();
      await expect(field(page, 'Hero Title')).toHaveCount(0);
    } finally {
      held.release();
    }
    await expect(page.getByTestId('home-content-skeleton')).toHaveCount(0);
    await expect(field(page, 'Hero Title')).toHaveValue(snap().home.heroTitle);
  });

  test('shows the validation messages next to the fields and sends nothing', async ({ page }) => {
    touched.add('home'); // restored even if a regression lets the form send
    const puts = countPuts(page, '/api/home-content');
    await open(page);
    await field(page, 'Hero Title').fill('X');
    await field(page, 'Featured Apps Title').fill(' ');
    await save(page).click();
    await expect(page.locator('#heroTitle-error')).toHaveText('Hero title must be at least 2 characters');
    await expect(page.locator('#featuredAppTitle-error')).toHaveText(
      'Featured app title must be at least 2 characters',
    );
    await expect(field(page, 'Hero Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Hero Title')).toBeFocused();
    await expect(field(page, 'Hero Title')).toHaveValue('X');
    // Optional fields may be empty.
    await expect(page.locator('#heroSubtitle-error')).toHaveCount(0);

    await field(page, 'Hero Title').fill('OK title');
    await expect(page.locator('#heroTitle-error')).toHaveCount(0);
    await expect(page.locator('#featuredAppTitle-error')).toHaveCount(1);
    expect(puts).toHaveLength(0);
  });

  test('saves: Saving..., the success toast and the new text on the home page', async ({ page, request }) => {
    touched.add('home');
    // introTitle and introContent are not on screen: the form sends them as loaded.
    const staff = await staffApi(request);
    const intro = { introTitle: 'Kept intro title', introContent: 'Kept intro content' };
    expect(
      (await staff.put('/api/home-content', { data: { ...(payload('home', snap()) as object), ...intro } })).status(),
    ).toBe(200);

    const next = {
      heroTitle: `Hero ${Date.now()}`,
      heroSubtitle: 'A brand new subtitle',
      heroContent: 'First line of the hero.\nSecond line of the hero.',
      featuredAppTitle: 'Our latest games',
      ctaText: 'Pick one and play',
    };
    await open(page);
    await field(page, 'Hero Title').fill(next.heroTitle);
    await field(page, 'Hero Subtitle').fill(next.heroSubtitle);
    await field(page, 'Hero Content').fill(next.heroContent);
    await field(page, 'Featured Apps Title').fill(next.featuredAppTitle);
    await field(page, 'Call To Action Text').fill(next.ctaText);

    const held = await hold(page, '/api/home-content', 'PUT');
    await save(page).click();
    await held.requested;
    try {
      await expect(save(page)).toHaveText('Saving...');
      await expect(save(page)).toBeDisabled();
    } finally {
      held.release();
    }
    expect(held.requests).toHaveLength(1);
    expect(held.requests[0]!.postDataJSON()).toEqual({ ...next, ...intro });

    const toast = toasts(page);
    await expect(toast).toContainText('Content Updated');
    await expect(toast).toContainText('The home page content has been updated successfully.');
    await expect(toast).not.toHaveAttribute('data-variant', 'destructive');
    await expect(save(page)).toHaveText('Save Home Content');
    await expect(field(page, 'Hero Title')).toHaveValue(next.heroTitle);

    // The public page shows the new text, in the browser's cache and from the server.
    await page.getByRole('link', { name: 'Back to Site' }).click();
    await expect(page).toHaveURL('/');
    await expect(h1(page)).toHaveText(next.heroTitle);
    await expect(page.getByText(next.heroSubtitle)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: next.featuredAppTitle })).toBeVisible();
    await expect(page.getByText(next.ctaText)).toBeVisible();
    await page.goto('/');
    await expect(h1(page)).toHaveText(next.heroTitle);
    await expect(page.getByText('First line of the hero.')).toBeVisible();
  });

  test('an empty database gives an empty form, and intro texts are sent empty', async ({ page }) => {
    touched.add('home');
    await page.route('**/api/home-content', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: 'null' })
        : route.fallback(),
    );
    await open(page);
    for (const label of ['Hero Title', 'Hero Subtitle', 'Hero Content', 'Featured Apps Title', 'Call To Action Text']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await save(page).click();
    await expect(page.locator('#heroTitle-error')).toHaveText('Hero title must be at least 2 characters');
    await expect(page.locator('#featuredAppTitle-error')).toHaveText(
      'Featured app title must be at least 2 characters',
    );

    await field(page, 'Hero Title').fill('Fresh studio');
    await field(page, 'Featured Apps Title').fill('Games');
    const put = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith('/api/home-content'));
    await save(page).click();
    expect((await put).postDataJSON()).toEqual({
      heroTitle: 'Fresh studio',
      heroSubtitle: '',
      heroContent: '',
      introTitle: '',
      introContent: '',
      featuredAppTitle: 'Games',
      ctaText: '',
    });
    await expect(toasts(page)).toContainText('Content Updated');
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

    test('a failed save shows Update Failed with the message and keeps the values', async ({ page }) => {
      await failPut(page, '/api/home-content');
      await open(page);
      await field(page, 'Hero Title').fill('Unsaved hero title');
      await save(page).click();
      const toast = toasts(page);
      await expect(toast).toContainText('Update Failed');
      await expect(toast).toContainText('Database unavailable');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(field(page, 'Hero Title')).toHaveValue('Unsaved hero title');
      await expect(save(page)).toHaveText('Save Home Content');
      await expect(save(page)).toBeEnabled();
    });

    test('a failed load shows the error and Try again loads the content', async ({ page }) => {
      await failFirstGet(page, '/api/home-content');
      await page.goto('/admin-page/home-content');
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to load home page content' });
      await expect(alert).toBeVisible();
      await expect(field(page, 'Hero Title')).toHaveCount(0);
      await expectAccessible(page);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(field(page, 'Hero Title')).toHaveValue(snap().home.heroTitle);
      await expect(alert).toHaveCount(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------
test.describe('About Us editor', () => {
  const title = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
  const editor = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
  const save = (page: Page) => page.getByRole('button', { name: /^(Save About Us Page|Saving\.\.\.)$/ });

  async function open(page: Page) {
    await page.goto('/admin-page/about-us');
    await expect(h1(page)).toHaveText('About Us');
    await expect(title(page)).toHaveValue(snap().about.title);
    await expect(editor(page)).toBeVisible();
  }

  test('loads the title and the content into the page editor', async ({ page }) => {
    await open(page);
    await expect(page).toHaveTitle(/^About Us \| Admin \| /);
    await expect(editor(page).getByRole('heading', { level: 2 })).toHaveText([
      'Our mission',
      'The team',
      'How we make games',
    ]);
    await expect(editor(page)).toContainText('four-person independent studio in Bristol');
    // The 'page' toolbar: Normal and headings 1 to 3, no alignment or indent.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar.getByRole('combobox', { name: 'Text style' }).locator('option')).toHaveText([
      'Normal',
      'Heading 1',
      'Heading 2',
      'Heading 3',
    ]);
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Numbered list',
      'Bulleted list',
      'Add link',
      'Clear formatting',
    ]) {
      await expect(toolbar.getByRole('button', { name })).toBeVisible();
    }
    await expect(toolbar.getByRole('button', { name: 'Align center' })).toHaveCount(0);
    await expect(save(page)).toHaveText('Save About Us Page');
    await expectAccessible(page);
  });

  test('the content editor is 500 px high and scrolls', async ({ page }) => {
    await open(page);
    expect(await editingAreaHeight(page)).toBe(500);
  });

  test('shows the validation messages and sends nothing', async ({ page }) => {
    touched.add('about'); // restored even if a regression lets the form send
    const puts = countPuts(page, '/api/about-us');
    await open(page);
    await title(page).fill('A');
    await clearEditor(page, editor(page));
    await save(page).click();
    await expect(page.locator('#about-title-error')).toHaveText('Title must be at least 2 characters');
    await expect(page.locator('#about-content-error')).toHaveText('Content must be at least 10 characters');
    await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(title(page)).toHaveValue('A');
    expect(puts).toHaveLength(0);
  });

  test('saves: the success toast and the new text on /about', async ({ page }) => {
    touched.add('about');
    const newTitle = `About us ${Date.now()}`;
    const newText = 'We are a tiny studio that now writes end-to-end tests.';
    await open(page);
    await title(page).fill(newTitle);
    await editor(page).fill(newText);
    const held = await hold(page, '/api/about-us', 'PUT');
    await save(page).click();
    await held.requested;
    try {
      await expect(save(page)).toHaveText('Saving...');
      await expect(save(page)).toBeDisabled();
    } finally {
      held.release();
    }
    const sent = held.requests[0]!.postDataJSON() as { title: string; content: string };
    expect(Object.keys(sent).sort()).toEqual(['content', 'title']);
    expect(sent.title).toBe(newTitle);
    expect(sent.content).toContain(newText);

    const toast = toasts(page);
    await expect(toast).toContainText('About Us Updated');
    await expect(toast).toContainText('The About Us page content has been updated successfully.');
    await expect(save(page)).toHaveText('Save About Us Page');

    await page.getByRole('link', { name: 'View the page' }).click();
    await expect(page).toHaveURL('/about');
    await expect(h1(page)).toHaveText(newTitle);
    await expect(page.getByText(newText)).toBeVisible();
    await page.goto('/about');
    await expect(h1(page)).toHaveText(newTitle);
    await expect(page.getByText(newText)).toBeVisible();
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

    test('a failed save shows Update Failed and keeps the values', async ({ page }) => {
      await failPut(page, '/api/about-us');
      await open(page);
      await title(page).fill('Unsaved About title');
      await save(page).click();
      const toast = toasts(page);
      await expect(toast).toContainText('Update Failed');
      await expect(toast).toContainText('Failed to update About Us page content.');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(title(page)).toHaveValue('Unsaved About title');
      await expect(editor(page)).toContainText('four-person independent studio in Bristol');
      await expect(save(page)).toBeEnabled();
    });

    test('a failed load shows the error and Try again loads the content', async ({ page }) => {
      await failFirstGet(page, '/api/about-us');
      await page.goto('/admin-page/about-us');
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to load About Us page content' });
      await expect(alert).toBeVisible();
      await expect(title(page)).toHaveCount(0);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(title(page)).toHaveValue(snap().about.title);
      await expect(editor(page)).toContainText('four-person independent studio in Bristol');
      await expect(alert).toHaveCount(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------
test.describe('Contact information editor', () => {
  type Label = 'Email' | 'Location' | 'X (Twitter) URL' | 'LinkedIn URL' | 'GitHub URL';
  const field = (page: Page, label: Label) => page.getByLabel(label, { exact: true });
  const save = (page: Page) => page.getByRole('button', { name: /^(Save Contact Information|Saving\.\.\.)$/ });

  async function open(page: Page) {
    await page.goto('/admin-page/contact');
    await expect(h1(page)).toHaveText('Edit Contact Information');
    await expect(field(page, 'Email')).toHaveValue(snap().contact.email);
  }

  test('loads the five fields', async ({ page }) => {
    const c = snap().contact;
    await open(page);
    await expect(field(page, 'Location')).toHaveValue(c.location ?? '');
    await expect(field(page, 'X (Twitter) URL')).toHaveValue(c.twitterLink ?? '');
    await expect(field(page, 'LinkedIn URL')).toHaveValue(c.linkedinLink ?? '');
    await expect(field(page, 'GitHub URL')).toHaveValue(c.githubLink ?? '');
    await expectAccessible(page);
  });

  test('shows placeholders while loading', async ({ page }) => {
    const held = await hold(page, '/api/contact', 'GET');
    await page.goto('/admin-page/contact');
    await held.requested;
    try {
      await expect(page.getByTestId('contact-info-skeleton')).toBeVisible();
      await expect(field(page, 'Email')).toHaveCount(0);
    } finally {
      held.release();
    }
    await expect(field(page, 'Email')).toHaveValue(snap().contact.email);
  });

  test('shows the validation messages and sends nothing', async ({ page }) => {
    touched.add('contact'); // restored even if a regression lets the form send
    const puts = countPuts(page, '/api/contact');
    await open(page);
    await field(page, 'Email').fill('');
    await save(page).click();
    await expect(page.locator('#contact-email-error')).toHaveText('Email is required');
    await expect(field(page, 'Email')).toBeFocused();

    await field(page, 'Email').fill('not-an-email');
    await field(page, 'X (Twitter) URL').fill('twitter dot com');
    await field(page, 'GitHub URL').fill('');
    await save(page).click();
    await expect(page.locator('#contact-email-error')).toHaveText('Invalid email address');
    await expect(page.locator('#contact-twitterLink-error')).toHaveText('Please enter a valid URL');
    // Optional links may be empty.
    await expect(page.locator('#contact-githubLink-error')).toHaveCount(0);
    expect(puts).toHaveLength(0);
  });

  test('saves without the id and the contact page shows the new details', async ({ page }) => {
    touched.add('contact');
    const next = {
      email: 'studio-e2e@example.com',
      location: 'Bath, United Kingdom',
      githubLink: 'https://github.com/northpaw-e2e',
    };
    await open(page);
    await field(page, 'Email').fill(next.email);
    await field(page, 'Location').fill(next.location);
    await field(page, 'LinkedIn URL').fill('');
    await field(page, 'GitHub URL').fill(next.githubLink);
    const put = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith('/api/contact'));
    await save(page).click();
    expect((await put).postDataJSON()).toEqual({
      email: next.email,
      location: next.location,
      twitterLink: snap().contact.twitterLink,
      linkedinLink: null,
      githubLink: next.githubLink,
    });
    await expect(toasts(page)).toContainText('Contact information updated');
    await expect(toasts(page)).not.toHaveAttribute('data-variant', 'destructive');
    await expect(field(page, 'LinkedIn URL')).toHaveValue('');

    await page.goto('/contact');
    const info = page.getByRole('complementary', { name: 'Contact Information' });
    await expect(info.getByRole('link', { name: next.email })).toHaveAttribute('href', `mailto:${next.email}`);
    await expect(info).toContainText(next.location);
    await expect(info.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', next.githubLink);
    await expect(info.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

    test('a failed save shows Error with the message and keeps the values', async ({ page }) => {
      await failPut(page, '/api/contact');
      await open(page);
      await field(page, 'Location').fill('Unsaved location');
      await save(page).click();
      const toast = toasts(page);
      await expect(toast).toContainText('Error');
      await expect(toast).toContainText('Failed to update contact information: Database unavailable');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(field(page, 'Location')).toHaveValue('Unsaved location');
      await expect(save(page)).toBeEnabled();
    });
  });

  test.describe('when the server refuses fields', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 422'] });

    test("the server's messages show next to its fields, the first focused", async ({ page }) => {
      // The server's rules are the form's own, so a refusal is staged here; the API tests cover the shape.
      await failPut(page, '/api/contact', {
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Invalid input',
          code: 'VALIDATION_FAILED',
          issues: [
            { path: 'email', message: 'This address is refused' },
            { path: 'githubLink', message: 'This link is refused' },
            { path: 'id', message: 'Not a field of the form' },
          ],
        }),
      });
      await open(page);
      await field(page, 'Location').fill('Unsaved location');
      await save(page).click();
      await expect(toasts(page)).toContainText('Failed to update contact information: Invalid input');
      await expect(page.locator('#contact-email-error')).toHaveText('This address is refused');
      await expect(page.locator('#contact-githubLink-error')).toHaveText('This link is refused');
      await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, 'Email')).toBeFocused();
      await expect(page.getByText('Not a field of the form')).toHaveCount(0);
      await expect(field(page, 'Location')).toHaveValue('Unsaved location');
    });
  });
});

// ---------------------------------------------------------------------------------------------
test.describe('Privacy policy editor', () => {
  const date = (page: Page) => page.getByLabel('Last Updated Date', { exact: true });
  const editor = (page: Page) => page.getByRole('textbox', { name: 'Privacy Policy Content' });
  const save = (page: Page) => page.getByRole('button', { name: /^(Save Privacy Policy|Saving\.\.\.)$/ });

  async function open(page: Page) {
    await page.goto('/admin-page/privacy');
    await expect(h1(page)).toHaveText('Edit Privacy Policy');
    await expect(date(page)).toHaveValue(ddmmyyyy(snap().privacy.lastUpdated));
    await expect(editor(page)).toBeVisible();
  }

  test('loads the date as DD/MM/YYYY and the policy into the editor', async ({ page }) => {
    await open(page);
    await expect(page.getByText('Update your privacy policy content and last updated date.')).toBeVisible();
    await expect(date(page)).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByText('Example: 14/05/2025')).toBeVisible();
    await expect(editor(page).getByRole('heading', { level: 2 }).first()).toHaveText('Information we collect');
    await expect(save(page)).toHaveText('Save Privacy Policy');
    await expectAccessible(page);
  });

  test('the content editor is 500 px high and scrolls', async ({ page }) => {
    await open(page);
    expect(await editingAreaHeight(page)).toBe(500);
  });

  test('shows skeletons while loading', async ({ page }) => {
    const held = await hold(page, '/api/privacy-policy', 'GET');
    await page.goto('/admin-page/privacy');
    await held.requested;
    try {
      await expect(page.getByTestId('admin-privacy-skeleton')).toBeVisible();
      await expect(date(page)).toHaveCount(0);
    } finally {
      held.release();
    }
    await expect(page.getByTestId('admin-privacy-skeleton')).toHaveCount(0);
    await expect(date(page)).toHaveValue(ddmmyyyy(snap().privacy.lastUpdated));
  });

  test('checks the date: the DD/MM/YYYY shape, then a real calendar day', async ({ page }) => {
    touched.add('privacy'); // restored even if a regression lets the form send
    const puts = countPuts(page, '/api/privacy-policy');
    await open(page);
    const error = page.locator('#privacy-date-error');
    await date(page).fill('2025-05-14');
    await save(page).click();
    await expect(error).toHaveText('Date must be in DD/MM/YYYY format');
    await expect(date(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Example: 14/05/2025')).toHaveCount(0);

    await date(page).fill('1/5/2025');
    await expect(error).toHaveText('Date must be in DD/MM/YYYY format');

    await date(page).fill('31/02/2025');
    await expect(error).toHaveText('Invalid date format. Please use DD/MM/YYYY format.');
    await save(page).click();
    await expect(error).toHaveText('Invalid date format. Please use DD/MM/YYYY format.');

    await date(page).fill('14/05/2025');
    await expect(error).toHaveCount(0);
    await expect(page.getByText('Example: 14/05/2025')).toBeVisible();

    await clearEditor(page, editor(page));
    await save(page).click();
    await expect(page.locator('#privacy-content-error')).toHaveText('Content is required');
    expect(puts).toHaveLength(0);
  });

  test('saves the date as an ISO string and /privacy shows the new date and text', async ({ page }) => {
    touched.add('privacy');
    const text = `Our updated policy, written on ${Date.now()}.`;
    await open(page);
    await date(page).fill('01/02/2024');
    await editor(page).fill(text);
    const held = await hold(page, '/api/privacy-policy', 'PUT');
    await save(page).click();
    await held.requested;
    try {
      await expect(save(page)).toHaveText('Saving...');
      await expect(save(page)).toBeDisabled();
    } finally {
      held.release();
    }
    const sent = held.requests[0]!.postDataJSON() as { content: string; lastUpdated: string };
    expect(Object.keys(sent).sort()).toEqual(['content', 'lastUpdated']);
    expect(sent.lastUpdated).toBe('2024-02-01T00:00:00.000Z');
    expect(sent.content).toContain(text);

    const toast = toasts(page);
    await expect(toast).toContainText('Privacy Policy Updated');
    await expect(toast).toContainText('Your privacy policy has been successfully updated.');
    await expect(save(page)).toHaveText('Save Privacy Policy');
    await expect(date(page)).toHaveValue('01/02/2024');
    await expect(editor(page)).toHaveText(text);

    await page.getByRole('link', { name: 'View the Privacy Policy page' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByText('Last updated: 1 February 2024')).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText('Last updated: 1 February 2024')).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsoleErrors: ['the server responded with a status of 500'] });

    test('a failed save shows Update Failed with the status and body', async ({ page }) => {
      await failPut(page, '/api/privacy-policy', { status: 500, body: 'down' });
      await open(page);
      await date(page).fill('02/03/2024');
      await save(page).click();
      const toast = toasts(page);
      await expect(toast).toContainText('Update Failed');
      await expect(toast).toContainText('Failed to update: 500: down');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(date(page)).toHaveValue('02/03/2024');
      await expect(save(page)).toBeEnabled();
    });

    test('a failed load shows the Error toast; Try again loads the policy', async ({ page }) => {
      await failFirstGet(page, '/api/privacy-policy');
      await page.goto('/admin-page/privacy');
      const toast = toasts(page);
      await expect(toast).toContainText('Error');
      await expect(toast).toContainText('Failed to load privacy policy');
      await expect(toast).toHaveAttribute('data-variant', 'destructive');
      await expect(date(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(date(page)).toHaveValue(ddmmyyyy(snap().privacy.lastUpdated));
    });
  });
});

// ---------------------------------------------------------------------------------------------
test('the four editors fit a 390 px wide screen and keep one h1', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const screens: [string, string, string][] = [
    ['/admin-page/home-content', 'Home Content', 'Save Home Content'],
    ['/admin-page/about-us', 'About Us', 'Save About Us Page'],
    ['/admin-page/contact', 'Edit Contact Information', 'Save Contact Information'],
    ['/admin-page/privacy', 'Edit Privacy Policy', 'Save Privacy Policy'],
  ];
  for (const [path, heading, button] of screens) {
    await page.goto(path);
    await expect(h1(page)).toHaveText(heading);
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
