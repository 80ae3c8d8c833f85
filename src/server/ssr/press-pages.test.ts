// Issue 14, the press kits' public side: /press and /apps/{slug}/press rendered on the server, whole
// without JavaScript (fact sheet, lists, ZIP links, what the ZIP leaves out, the monetization words,
// the plain form and its notice), their head, caching until the kit changes, and the sitemap.
import { paths, api } from '../../shared/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../tests/setup/api';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import type { App } from '../../shared/schemas/apps';
import type { PressKit } from '../../shared/schemas/press';
import { productionWeb } from './web';
import { readSitemap } from '../../../tests/setup/sitemap';

let ctx: TestContext;
let admin: string;
let game: App;
let hidden: App;

const get = (url: string) => ctx.app.inject({ url });
const staff = <T>(method: 'POST' | 'PUT', url: string, payload: unknown, status = 200) =>
  ok<T>(ctx.app.inject({ method, url, headers: { cookie: admin }, payload: payload as object }), status);
/** The page's text without tags (what a reader without JavaScript sees). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  ctx = await createTestApp({}, { web: productionWeb() });
  ({ admin } = await staffSessions(ctx));
  await staff('PUT', '/api/site-settings', { name: 'Pawprint Games', tagline: 'Small games' });
  await staff('PUT', '/api/contact', { email: 'hello@pawprint.example', location: 'Porto' });
  game = await staff<App>(
    'POST',
    '/api/apps',
    {
      title: 'Skyward Fox',
      description: 'A fox who flies.',
      icon: 'https://cdn.example/icon.png',
      screenshots: ['https://cdn.example/shot-1.png'],
      platforms: ['ios', 'android', 'steam'],
      appStoreLink: 'https://apps.apple.com/app/id1234567890',
      googlePlayPackage: 'com.pawprint.fox',
      priceAmount: '4.99',
      priceCurrency: 'EUR',
      ratings: [
        { system: 'pegi', rating: '7', descriptors: ['Violence'], notices: ['in-game-purchases'] },
        { system: 'esrb', rating: 'E10+' },
      ],
    },
    201,
  );
  hidden = await staff<App>(
    'POST',
    '/api/apps',
    {
      title: 'Secret',
      description: 'Hidden.',
      icon: 'https://cdn.example/i.png',
      screenshots: ['https://cdn.example/s.png'],
      isHidden: true,
    },
    201,
  );
  await staff<PressKit>('PUT', api.adminPressKitStudio, {
    basedIn: 'Porto, Portugal',
    foundedOn: '2018',
    pressContact: 'press@pawprint.example',
    history: '<p>Two friends and a cat.</p>',
    monetization: 'allowed',
  });
  await staff<PressKit>('PUT', api.adminPressKitApp(game.id), {
    features: ['Fly through storms', 'No ads, ever'],
    releaseDates: [
      { platform: 'iOS', date: '2025-03-14' },
      { platform: 'Steam', date: '2025-06-01' },
    ],
    trailers: [{ video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Launch trailer' }],
    quotes: [{ quote: 'A delight.', source: 'Pocket Weekly', url: 'https://pocket.example/fox' }],
    awards: [{ title: 'Best Mobile Game', detail: 'Indie Prize 2025' }],
    credits: [{ name: 'Ada', role: 'Design' }],
    monetization: 'non_commercial',
  });
});

describe('/apps/{slug}/press', () => {
  it('is the whole kit in the HTML: facts, lists, trailer facade, ZIP links and the form', async () => {
    const res = await get(paths.appPress(game.slug));
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const words = text(html);
    expect(html).toContain(`<title>Skyward Fox Press Kit | Pawprint Games</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ctx.config.siteUrl}${paths.appPress(game.slug)}">`);
    expect(html).toMatch(/<meta name="description" content="Press kit for Skyward Fox by Pawprint Games/);
    // The fact sheet: developer from the site settings, based in from the studio's kit, per-platform dates.
    for (const fact of [
      'Developer Pawprint Games',
      'Based in Porto, Portugal',
      'Release (iOS) March 14, 2025',
      'Release (Steam) June 1, 2025',
      'Price €4.99',
      // Issue 25: each system's rating, as the app page writes it.
      'Age ratings PEGI 7 — Violence · In-Game Purchases ESRB E10+',
      'Press contact press@pawprint.example',
    ]) {
      expect(words).toContain(fact);
    }
    expect(html).toContain('href="https://apps.apple.com/app/id1234567890"');
    expect(html).toContain('href="https://play.google.com/store/apps/details?id=com.pawprint.fox"');
    expect(words).toContain('Fly through storms');
    expect(words).toContain('A delight.');
    expect(html).toContain('href="https://pocket.example/fox"');
    expect(words).toContain('Best Mobile Game : Indie Prize 2025');
    expect(words).toContain('You may make videos and streams of Skyward Fox, but not monetize them.');
    // The trailer is a facade: a link to the video's page, no player (nothing asked of YouTube yet).
    expect(html).toContain('data-testid="trailer-facade"');
    expect(html).not.toContain('youtube-nocookie.com/embed');
    // The only screenshot is hosted elsewhere: linked, and said to be left out of the ZIP (no ZIP link).
    expect(words).toContain('hosted elsewhere: linked below and not included in the ZIP');
    expect(html).not.toContain(`href="${paths.appPressScreenshots(game.slug)}"`);
    // The form works without JavaScript: it posts to this page.
    expect(html).toContain(`action="${paths.appPress(game.slug)}#press-request"`);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*>/);
  });

  it('shows the notice of a plain send, and hidden or unknown apps are not found', async () => {
    const sent = await get(`${paths.appPress(game.slug)}?sent=sent`);
    expect(sent.statusCode).toBe(200);
    expect(text(sent.body)).toContain('Request sent');
    expect((await get(paths.appPress(hidden.slug))).statusCode).toBe(404);
    expect((await get(paths.appPress('no-such-game'))).statusCode).toBe(404);
    // By id: a permanent move to the slug's address.
    const moved = await get(`/apps/${game.id}/press`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(paths.appPress(game.slug));
  });

  it('is kept until the kit changes', async () => {
    const first = await get(paths.appPress(game.slug));
    const again = await ctx.app.inject({
      url: paths.appPress(game.slug),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await staff('PUT', api.adminPressKitApp(game.id), { features: ['A brand-new feature'] });
    const after = await get(paths.appPress(game.slug));
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(text(after.body)).toContain('A brand-new feature');
  });
});

describe('/press', () => {
  it("is the studio's kit: facts, history, its visible apps linking to their kits, the monetization words", async () => {
    const res = await get(paths.press);
    expect(res.statusCode).toBe(200);
    const words = text(res.body);
    expect(res.body).toContain('<title>Press Kit | Pawprint Games</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${ctx.config.siteUrl}/press">`);
    for (const fact of ['Developer Pawprint Games', 'Based in Porto, Portugal', 'Founded 2018']) {
      expect(words).toContain(fact);
    }
    expect(words).toContain('Two friends and a cat.');
    expect(res.body).toContain(`href="${paths.appPress(game.slug)}"`);
    expect(res.body).not.toContain(`href="${paths.appPress(hidden.slug)}"`);
    expect(words).toContain("You may monetize videos and streams of Pawprint Games's games and apps.");
    expect(words).toContain('No logos yet');
  });
});

it('the sitemap lists the press pages of the studio and of visible apps', async () => {
  const xml = await readSitemap(ctx.app);
  expect(xml).toContain(`<loc>${ctx.config.siteUrl}/press</loc>`);
  expect(xml).toContain(`<loc>${ctx.config.siteUrl}${paths.appPress(game.slug)}</loc>`);
  expect(xml).not.toContain(paths.appPress(hidden.slug));
});
