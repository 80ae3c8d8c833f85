// Issue 24, item 6 (helper A): an app's support and deletion pages in the page's language, the
// deletion form island sent only its words, dates in the page's language, and forms posted without
// JavaScript from a page in another language answered with that page (its errors in that language).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { Translation } from '../../shared/schemas/translations';
import { ok } from '../../../tests/setup/api';
import { useStaffApp } from '../../../tests/setup/test-app';
import { intlFor } from '../../client/page-kit/intl';
import { renderErrorDocument } from './html';
import { productionWeb } from './web';

const ctx = useStaffApp({}, { web: productionWeb() });
const page = (url: string) => ctx.app.inject({ url });
const put = (type: string, id: string | number, locale: string, body: object) =>
  ok<Translation>(ctx.send('PUT', api.translation(type, id, locale), body));

let address = 0;
/** A plain form POST, as a browser without JavaScript sends it, each from its own address. */
const formPost = (url: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: `198.51.100.${++address}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.deps.config.siteUrl },
    payload: new URLSearchParams(fields).toString(),
  });

/** The page's text without the islands' JSON props (which keep the server's English messages). */
const shown = (html: string) => html.replace(/data-props="[^"]*"/g, '');
const htmlLang = (html: string) => /<html[^>]*lang="([^"]+)"/.exec(html)?.[1];

let app: App;

beforeAll(async () => {
  await ok(ctx.send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
  app = await ctx.make.makeApp({
    title: 'Lantern Drift',
    status: 'Live',
    appStoreLink: 'https://apps.apple.com/app/id1234567890',
  });
  await put('app', app.id, 'de', {
    fields: { title: 'Laternenflug', description: 'Ein Spiel.', tagline: '', longDescription: '' },
    isPublished: true,
  });
  await ok(ctx.send('PUT', api.adminAppPages(app.id), { accountDeletion: true, deletionDays: 30, faq: [] }));
  await put('app-page', `${app.id}-support`, 'de', { fields: { supportIntro: '', faq: [] }, isPublished: true });
  await put('app-page', `${app.id}-deletion`, 'de', {
    fields: { deletionDeleted: '', deletionKept: '' },
    isPublished: true,
  });
  const post = await ctx.make.makePost(app.id, { title: 'Big update', isPublished: true });
  await put('post', post.id, 'de', {
    fields: { title: 'Großes Update', content: '<p>Alles neu.</p>', excerpt: '', seoTitle: '', seoDescription: '' },
    isPublished: true,
  });
});

describe('an app’s support and deletion pages in German', () => {
  it('write the support page’s own words in German, and English on the English page', async () => {
    const german = await page(`/de/apps/${app.slug}/support`);
    expect(german.statusCode).toBe(200);
    for (const text of [
      'Hilfe zu Laternenflug | ',
      'Support kontaktieren',
      'Häufige Fragen',
      'Hier gibt es noch keine Fragen: Frag uns einfach.',
      'unsere Kontaktseite</a>',
      'Lösche dein Konto bei Laternenflug</a>',
      '>Startseite</a>',
    ])
      expect(german.body).toContain(text);
    for (const text of ['Contact support', 'Frequently asked questions', 'Delete your Laternenflug account'])
      expect(german.body).not.toContain(text);
    const english = await page(`/apps/${app.slug}/support`);
    for (const text of [
      'Lantern Drift support',
      'Contact support',
      'Frequently asked questions',
      'No questions here yet: ask us anything.',
      'Delete your Lantern Drift account</a>.',
    ])
      expect(english.body).toContain(text);
  });

  it('write the deletion page and its form in German; the island is sent only its own words', async () => {
    const german = await page(`/de/apps/${app.slug}/delete-account`);
    expect(german.statusCode).toBe(200);
    for (const text of [
      'Dein Konto bei Laternenflug löschen',
      'innerhalb von 30 Tagen.',
      'Was wir löschen',
      'Löschung beantragen',
      '>E-Mail-Adresse</label>',
      'Die Adresse deines Kontos bei Laternenflug.',
    ])
      expect(german.body).toContain(text);
    expect(german.body).not.toContain('Email address');
    // The island names the language of its words, fetched when it wakes.
    expect(german.body).toMatch(/data-island="deletion-form"[^>]*data-intl="de"/);
    const words = (await page('/api/island-words/de')).json<Record<string, Record<string, string>>>();
    expect(words.deletionForm?.send).toBe('Löschung beantragen');
    // The form posts to the page in its language.
    expect(german.body).toContain(`action="/de/apps/${app.slug}/delete-account#request-heading"`);
    const english = await page(`/apps/${app.slug}/delete-account`);
    for (const text of [
      'Delete your Lantern Drift account',
      'We complete every request within 30 days.',
      '>Email address</label>',
      'Ask for deletion',
    ])
      expect(english.body).toContain(text);
    // In English the island's chunk holds its words: none are sent.
    expect(english.body).not.toMatch(/data-island="deletion-form"[^>]*data-intl/);
  });

  it('says an app is not found in German', async () => {
    const res = await page('/de/blog?app=9999');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('App nicht gefunden');
    expect(res.body).not.toContain('App Not Found');
    expect((await page('/apps/no-such-app/support')).body).toContain('App Not Found');
    expect((await page('/blog?app=9999')).body).toContain('App Not Found');
  });
});

describe('an app’s status and store badges in German', () => {
  it('write the status, the badges’ alt texts and the trademark lines in German; English unchanged', async () => {
    const german = (await page(`/de/apps/${app.slug}`)).body;
    for (const text of [
      '>Verfügbar</span>',
      'aria-label="Laternenflug herunterladen"',
      'alt="Laden im App Store (öffnet in einem neuen Tab)"',
      'Apple und das Apple-Logo sind Marken der Apple Inc.',
    ])
      expect(german).toContain(text);
    expect(german).not.toContain('Download on the App Store');
    expect(german).not.toContain('are trademarks of Apple Inc.');
    const home = (await page('/de')).body;
    expect(home).toContain('>Verfügbar</span>');
    expect(home).toContain('alt="Screenshot von Laternenflug"');
    const english = (await page(`/apps/${app.slug}`)).body;
    for (const text of [
      '>Live</span>',
      'aria-label="Get Lantern Drift"',
      'alt="Download on the App Store (opens in a new tab)"',
      'Apple and the Apple logo are trademarks of Apple Inc., registered in the U.S. and other countries.',
    ])
      expect(english).toContain(text);
    expect((await page('/')).body).toContain('alt="Screenshot of Lantern Drift"');
  });

  it('render the gallery island in German, its words fetched when it wakes; an English page fetches none', async () => {
    const german = (await page(`/de/apps/${app.slug}`)).body;
    expect(german).toMatch(/data-island="screenshot-gallery"[^>]*data-intl="de"/);
    expect(german).toContain('Screenshot 1 von 1 vergrößern');
    expect(german).toContain('>Schließen</span>');
    const english = (await page(`/apps/${app.slug}`)).body;
    expect(english).toContain('Enlarge screenshot 1 of 1');
    expect(english).not.toMatch(/data-island="screenshot-gallery"[^>]*data-intl/);
  });
});

describe('dates in the page’s language', () => {
  it('are written in German on a German page, in en-US on the default language’s', async () => {
    const german = (await page(`/de/apps/${app.slug}`)).body;
    const year = new Date().getUTCFullYear();
    expect(german).toMatch(new RegExp(`data-local-date="de"[^>]*>\\d{1,2}\\. \\p{L}+ ${year}</time>`, 'u'));
    const english = (await page(`/apps/${app.slug}`)).body;
    expect(english).toMatch(new RegExp(`data-local-date=""[^>]*>[A-Z][a-z]+ \\d{1,2}, ${year}</time>`));
  });
});

describe('forms posted without JavaScript from a German page', () => {
  it('answer the contact form with the German page and German errors; English stays the spec’s', async () => {
    const res = await formPost('/de/contact', {
      firstName: '',
      lastName: 'L',
      email: 'x',
      subject: 's',
      message: 'hi',
    });
    expect(res.statusCode).toBe(422);
    expect(htmlLang(res.body)).toBe('de');
    const text = shown(res.body);
    expect(text).toContain('Vorname ist erforderlich');
    expect(text).not.toContain('First name is required');
    expect(text).toContain('action="/de/contact#send-title"');
    const english = await formPost('/contact', {
      firstName: '',
      lastName: 'L',
      email: 'x',
      subject: 's',
      message: 'hi',
    });
    expect(htmlLang(english.body)).toBe('en');
    expect(english.body).toContain('First name is required');
    expect(english.body).toContain('Invalid email address');
  });

  it('send a valid contact form and come back to the German page with the German notice', async () => {
    const res = await formPost('/de/contact', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'Hallo',
      message: 'Eure Spiele laufen auf meinem alten Handy.',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/de/contact?sent=1');
    const notice = await page('/de/contact?sent=1');
    expect(htmlLang(notice.body)).toBe('de');
    expect(notice.body).toContain('role="status"');
  });

  it('answer the deletion form with the German page: its errors, then the receipt, in German', async () => {
    const refused = await formPost(`/de/apps/${app.slug}/delete-account`, { email: 'not-an-email' });
    expect(refused.statusCode).toBe(422);
    expect(htmlLang(refused.body)).toBe('de');
    expect(shown(refused.body)).toContain('Gib eine gültige E-Mail-Adresse ein');
    expect(shown(refused.body)).not.toContain('Enter a valid email address');
    const sent = await formPost(`/de/apps/${app.slug}/delete-account`, { email: 'ada@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(shown(sent.body)).toMatch(/Anfrage erhalten|Bestätige es in deinem E-Mail-Postfach/);
    expect(shown(sent.body)).toContain('Deine Referenz:');
    // A first segment that is no language is no page.
    expect((await formPost('/nowhere/contact', { firstName: 'A' })).statusCode).toBe(404);
    // Nor is a language the site does not have (French here): nothing is taken.
    expect((await formPost(`/fr/apps/${app.slug}/delete-account`, { email: 'ada@example.com' })).statusCode).toBe(404);
    expect((await formPost('/fr/contact', { firstName: 'A' })).statusCode).toBe(404);
    const english = await formPost(`/apps/${app.slug}/delete-account`, { email: 'not-an-email' });
    expect(english.body).toContain('Enter a valid email address');
  });
});

describe('the error page in the address’s language', () => {
  const parts = {
    site: { name: 'Northpaw Studio', url: 'https://example.com' },
    assets: { css: [], entry: '', preload: [] },
    themeScript: '',
  };
  it('writes a German address’s error page in German, an English one as before', () => {
    const german = renderErrorDocument({
      ...parts,
      status: 503,
      locale: { code: 'de', dir: 'ltr', prefix: '/de', t: intlFor('de').t },
    } as Parameters<typeof renderErrorDocument>[0]);
    expect(german).toContain('lang="de"');
    expect(german).toContain('Wir sind gleich wieder da');
    expect(german).toContain('>Erneut versuchen</a>');
    expect(german).toContain('href="/de"');
    const english = renderErrorDocument({ ...parts, status: 503 } as Parameters<typeof renderErrorDocument>[0]);
    expect(english).toContain('lang="en"');
    expect(english).toContain('We’ll be right back');
    expect(english).toContain('>Back to home</a>');
  });
});
