// Issue 14, the public side of an app's privacy policy: /apps/{slug}/privacy rendered on the server
// (text, Last updated, the Data we collect table, earlier versions), each dated version at its own
// canonical address, unknown days and apps not found, the id form redirected, hidden apps hidden,
// and the sitemap listing the page only when the app has a policy.
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../tests/setup/api';
import { fixedClock } from '../../../tests/setup/clock';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { appPages } from '../db/schema';
import { api, paths } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { AppPrivacyVersionSummary } from '../../shared/schemas/app-privacy';
import { productionWeb } from './web';
import { readSitemap } from '../../../tests/setup/sitemap';

const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let admin: string;
let app: App;
let bare: App;
let hidden: App;
let day1: string;
let day2: string;

const get = (url: string) => ctx.app.inject({ url });
const staff = <T>(method: 'POST' | 'PUT', url: string, payload: unknown, status = 200) =>
  ok<T>(ctx.app.inject({ method, url, headers: { cookie: admin }, payload: payload as object }), status);
/** The app's day `days` on from now by its clock (which stands still until a test moves it). */
const dayAfter = (days: number) => new Date(ctx.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
const today = () => dayAfter(0);
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const newApp = (title: string, extra: Record<string, unknown> = {}) =>
  staff<App>(
    'POST',
    api.apps,
    {
      title,
      description: `${title} for tests.`,
      icon: 'https://cdn.example/icon.png',
      screenshots: ['https://cdn.example/a.png'],
      ...extra,
    },
    201,
  );

beforeAll(async () => {
  ctx = await createTestApp({}, { web: productionWeb(), clock: fixedClock() });
  ({ admin } = await staffSessions(ctx));
  app = await newApp('Lantern Drift');
  bare = await newApp('Quiet Notes');
  hidden = await newApp('Hidden Thing', { isHidden: true });
  day1 = today();
  await staff('PUT', api.adminAppPrivacyPolicy(app.id), { content: '<p>First words about lanterns.</p>' });
  ctx.clock.advance(3 * DAY_MS);
  day2 = today();
  await staff('PUT', api.adminAppPrivacyPolicy(app.id), {
    content: '<h2>Your data</h2><p>We keep your river scores.</p>',
    dataCollected: [
      {
        category: 'Identifiers',
        dataType: 'Device ID',
        linkedToUser: false,
        usedForTracking: true,
        purposes: ['Analytics', 'Third-Party Advertising'],
        sharedWithThirdParties: true,
        optional: true,
        encryptedInTransit: true,
        canBeDeleted: false,
      },
    ],
  });
  await staff('PUT', api.adminAppPrivacyPolicy(hidden.id), { content: '<p>Hidden.</p>' });
});

describe('the current policy', () => {
  it('is a complete server-rendered page with the text, Last updated, the table and earlier versions', async () => {
    const res = await get(paths.appPrivacy(app.slug));
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(canonical(html)).toBe(`${ctx.config.siteUrl}${paths.appPrivacy(app.slug)}`);
    expect(html).toMatch(/<title>Privacy Policy for Lantern Drift \| /);
    expect(html).toContain('<h1 class="mt-6 text-4xl');
    const body = text(html);
    expect(body).toContain('Privacy Policy for Lantern Drift');
    expect(body).toContain('We keep your river scores.');
    const long = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
    expect(body).toContain(`Last updated ${long(day2)}`);
    expect(body).toContain('Data we collect');
    expect(html).toMatch(/<th scope="row"[^>]*>Device ID<span[^>]*>Identifiers<\/span><\/th>/);
    expect(body).toContain('Analytics, Third-Party Advertising');
    expect(body).toContain('Optional');
    // Every version, each at its permanent address with when it was saved.
    const versions = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(app.id)));
    expect(body).toContain('Versions');
    for (const v of versions) expect(html).toContain(`href="${paths.appPrivacySaved(app.slug, v.id)}"`);
    expect(body).toContain(`Effective from ${long(day1)}`);
    expect(body).toMatch(new RegExp(`Saved ${long(day1)} at \\d{2}:\\d{2} UTC`));
  });

  it('the id form moves to the slug; an app with no policy, an unknown or a hidden app is not found', async () => {
    const moved = await get(`/apps/${app.id}/privacy`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(paths.appPrivacy(app.slug));
    expect((await get(paths.appPrivacy(bare.slug))).statusCode).toBe(404);
    expect((await get(paths.appPrivacy('no-such-app'))).statusCode).toBe(404);
    expect((await get(paths.appPrivacy(hidden.slug))).statusCode).toBe(404);
  });

  it('an app that declares it collects nothing says so; one that declares nothing shows no table', async () => {
    await staff('PUT', api.adminAppPrivacyPolicy(bare.id), { content: '<p>Notes stay on your phone.</p>' });
    let body = text((await get(paths.appPrivacy(bare.slug))).body);
    expect(body).toContain('Notes stay on your phone.');
    expect(body).not.toContain('Data we collect');
    expect(body).not.toContain('Versions');
    await staff('PUT', api.adminAppPrivacyPolicy(bare.id), {
      content: '<p>Notes stay on your phone.</p>',
      noDataCollected: true,
    });
    body = text((await get(paths.appPrivacy(bare.slug))).body);
    expect(body).toContain('Data we collect');
    expect(body).toContain('This app collects no data.');
  });
});

describe('dated versions', () => {
  it('an earlier version reads as it was, canonical to itself, linking to the current one', async () => {
    const res = await get(paths.appPrivacyVersion(app.slug, day1));
    expect(res.statusCode).toBe(200);
    expect(canonical(res.body)).toBe(`${ctx.config.siteUrl}${paths.appPrivacyVersion(app.slug, day1)}`);
    const body = text(res.body);
    expect(body).toContain('First words about lanterns.');
    expect(body).not.toContain('river scores');
    expect(body).toContain('This is an earlier version of the policy.');
    expect(res.body).toContain(`href="${paths.appPrivacy(app.slug)}"`);
  });

  it('an unknown or malformed day is not found', async () => {
    expect((await get(paths.appPrivacyVersion(app.slug, '2001-01-01'))).statusCode).toBe(404);
    expect((await get(paths.appPrivacyVersion(app.slug, '2001-13-01'))).statusCode).toBe(404);
    expect((await get(paths.appPrivacyVersion(app.slug, 'latest'))).statusCode).toBe(404);
  });
});

describe('every saved version and a version for a later day (issue 21)', () => {
  it('two saves the same day: each at its permanent address, canonical to itself; the day’s address shows the later', async () => {
    const other = await newApp('Tide Clock');
    await staff('PUT', api.adminAppPrivacyPolicy(other.id), { content: '<p>Morning text about tides.</p>' });
    await staff('PUT', api.adminAppPrivacyPolicy(other.id), { content: '<p>Afternoon text about tides.</p>' });
    const [afternoon, morning] = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(other.id)));
    const first = await get(paths.appPrivacySaved(other.slug, morning!.id));
    expect(first.statusCode).toBe(200);
    expect(canonical(first.body)).toBe(`${ctx.config.siteUrl}${paths.appPrivacySaved(other.slug, morning!.id)}`);
    expect(text(first.body)).toContain('Morning text about tides.');
    expect(text(first.body)).toContain('This is an earlier version of the policy.');
    const dated = await get(paths.appPrivacyVersion(other.slug, today()));
    expect(text(dated.body)).toContain('Afternoon text about tides.');
    expect(dated.body).toContain(`href="${paths.appPrivacySaved(other.slug, afternoon!.id)}"`);
    expect((await get(paths.appPrivacySaved(other.slug, 999_999))).statusCode).toBe(404);
    expect((await get(paths.appPrivacySaved(other.slug, 'x'))).statusCode).toBe(404);
    // Another app's version is not found under this one.
    expect((await get(paths.appPrivacySaved(app.slug, morning!.id))).statusCode).toBe(404);
  });

  it('is announced on the current page, then shown once the clock reaches its day (the page cache too)', async () => {
    const soon = dayAfter(2);
    const long = new Date(`${soon}T00:00:00Z`).toLocaleDateString('en-GB', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await staff('PUT', api.adminAppPrivacyPolicy(app.id), {
      content: '<p>Lanterns, new rules.</p>',
      effectiveOn: soon,
    });
    const [upcoming] = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(app.id)));
    let page = await get(paths.appPrivacy(app.slug));
    expect(text(page.body)).toMatch(
      new RegExp(`An updated privacy policy takes effect on ${long} ?\\. Read the updated policy`),
    );
    expect(page.body).toContain(`href="${paths.appPrivacySaved(app.slug, upcoming!.id)}"`);
    expect(text(page.body)).toContain('We keep your river scores.');
    // Served from the page cache now.
    expect((await get(paths.appPrivacy(app.slug))).body).toBe(page.body);
    const saved = text((await get(paths.appPrivacySaved(app.slug, upcoming!.id))).body);
    expect(saved).toContain(`This version takes effect on ${long}`);

    ctx.clock.advance(2 * DAY_MS);
    page = await get(paths.appPrivacy(app.slug));
    expect(text(page.body)).toContain('Lanterns, new rules.');
    expect(text(page.body)).not.toContain('river scores');
    expect(text(page.body)).not.toContain('An updated privacy policy');
    expect(text(page.body)).toContain(`Last updated ${long}`);
  });
});

describe('the sitemap', () => {
  it('lists the privacy page of apps that have one, not of hidden apps', async () => {
    const xml = await readSitemap(ctx.app);
    expect(xml).toContain(`<loc>${ctx.config.siteUrl}${paths.appPrivacy(app.slug)}</loc>`);
    expect(xml).not.toContain(paths.appPrivacy(hidden.slug));
  });
});

describe('the app page', () => {
  it('links to the app’s privacy policy, support and press kit, and to account deletion once it is on', async () => {
    let html = (await get(paths.app(app.slug))).body;
    expect(text(html)).toContain('For players');
    expect(html).toContain(`href="${paths.appPrivacy(app.slug)}"`);
    expect(html).toContain(`href="${paths.appSupport(app.slug)}"`);
    expect(html).not.toContain(`href="${paths.appDeleteAccount(app.slug)}"`);
    // Every app has a press kit: its fact sheet comes from the store fields until staff write one.
    expect(html).toContain(`href="${paths.appPress(app.slug)}"`);
    await ctx.database.db.insert(appPages).values({ appId: app.id, accountDeletion: true });
    await ctx.app.deps.content.changed();
    html = (await get(paths.app(app.slug))).body;
    expect(html).toContain(`href="${paths.appDeleteAccount(app.slug)}"`);
    // An app with no policy of its own has no privacy link.
    const other = await newApp('No Policy Yet');
    html = (await get(paths.app(other.slug))).body;
    expect(html).not.toContain(`href="${paths.appPrivacy(other.slug)}"`);
    expect(html).toContain(`href="${paths.appSupport(other.slug)}"`);
  });
});

describe('in another language (issue 24)', () => {
  it('writes the "Data we collect" table, Apple’s names too, in the page’s language; English stays the spec’s', async () => {
    await staff('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] });
    const row = {
      category: 'Identifiers',
      dataType: 'Device ID',
      linkedToUser: false,
      usedForTracking: true,
      purposes: ['Analytics', 'App Functionality'],
      sharedWithThirdParties: true,
      optional: true,
      encryptedInTransit: true,
      canBeDeleted: false,
    };
    await staff('PUT', api.adminAppPrivacyPolicy(bare.id), { content: '<p>Our notes.</p>', dataCollected: [row] });
    const app = bare;
    const appFields = { title: 'Laternenflug', description: 'Ein Spiel.', tagline: '', longDescription: '' };
    await staff('PUT', api.translation('app', app.id, 'de'), { fields: appFields, isPublished: true });
    await staff('PUT', api.translation('app-page', `${app.id}-privacy`, 'de'), {
      fields: { content: '<p>Wir speichern deine Punkte.</p>' },
      isPublished: true,
    });
    const res = await get(`/de${paths.appPrivacy(app.slug)}`);
    expect(res.statusCode).toBe(200);
    const german = text(res.body);
    for (const words of ['Welche Daten wir erfassen', 'Zum Tracking verwendet', 'An Dritte weitergegeben', 'Optional'])
      expect(german).toContain(words);
    expect(german).not.toContain('Data we collect');
    expect(german).not.toContain('Used to track you');
    // Apple's names as its German label writes them: the category, the data type, the purposes (in Apple's order).
    expect(german).toContain('Geräte-ID Kennungen');
    expect(german).toContain('App-Funktionalität, Analyse');
    for (const english of ['Identifiers', 'Device ID', 'App Functionality', 'Analytics'])
      expect(german).not.toContain(english);
    const english = text((await get(paths.appPrivacy(app.slug))).body);
    expect(english).toContain('Data we collect');
    expect(english).toContain('Used to track you');
    expect(english).toContain('Device ID Identifiers');
    expect(english).toContain('App Functionality, Analytics');
    await staff('PUT', api.locales, { defaultLocale: 'en', locales: [] });
  });
});
