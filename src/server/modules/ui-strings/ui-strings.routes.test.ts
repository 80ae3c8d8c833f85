// The site's words per language (issue 24): the listing, overrides set and reset, what is refused,
// the audit entry, and that pages show an override at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { productionWeb } from '../../ssr/web';
import type { UiStrings } from '../../../shared/schemas/ui-strings';

let ctx: TestContext;
let admin: string;
let editor: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { web: productionWeb() });
  ({ admin, editor } = await staffSessions(ctx));
});

const list = (locale: string, cookie = admin) =>
  ctx.app.inject({ url: `/api/admin/ui-strings?locale=${locale}`, headers: { cookie } });
const put = (locale: string, strings: Record<string, string | null>, cookie = admin) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/ui-strings/${locale}`, headers: { cookie }, payload: { strings } });
const entry = (body: UiStrings, key: string) => body.strings.find((s) => s.key === key);

describe('ui strings', () => {
  it('lists every key with its English text, the language’s catalogue and no override yet', async () => {
    const res = await list('de');
    expect(res.statusCode).toBe(200);
    const body = res.json<UiStrings>();
    expect(body.locale).toBe('de');
    expect(entry(body, 'nav.about')).toEqual({
      key: 'nav.about',
      english: 'About Us',
      catalogue: 'Über uns',
      override: null,
    });
    // A language without a catalogue shows English as its catalogue text; tags in any case.
    expect(entry((await list('nl')).json(), 'nav.about')?.catalogue).toBe('About Us');
    expect((await list('pt-br')).json<UiStrings>().locale).toBe('pt-BR');
  });

  it('refuses an unknown language, an unknown key and a text that is not a valid message, per key', async () => {
    expect((await list('xx')).statusCode).toBe(422);
    expect((await put('xx', { 'nav.home': 'Start' })).statusCode).toBe(422);
    const paths = (res: { json: () => { issues?: { path: string }[] } }) =>
      (res.json().issues ?? []).map((i) => i.path).sort();
    const blank = await put('de', { 'nav.blog': ' ' });
    expect(blank.statusCode).toBe(422);
    expect(paths(blank)).toEqual(['strings.nav.blog']);
    const res = await put('de', { 'nav.home': 'Start', 'no.such.key': 'x', 'footer.rights': '© {year' });
    expect(res.statusCode).toBe(422);
    expect(paths(res)).toEqual(['strings.footer.rights', 'strings.no.such.key']);
    // Nothing of a refused save is kept.
    expect(entry((await list('de')).json(), 'nav.home')?.override).toBeNull();
  });

  it('is for administrators: a User may not read or write the texts', async () => {
    expect((await list('de', editor)).statusCode).toBe(403);
    expect((await put('de', { 'nav.home': 'Start' }, editor)).statusCode).toBe(403);
  });

  it('sets and resets an override, audited, and the pages show it at once', async () => {
    const page = async () => (await ctx.app.inject({ url: '/about' })).body;
    expect(await page()).toContain('>About Us</a>');

    const res = await put('en', { 'nav.about': 'Our Story', 'footer.links': 'Elsewhere' });
    expect(res.statusCode).toBe(200);
    expect(entry(res.json(), 'nav.about')?.override).toBe('Our Story');
    expect((await ctx.app.inject({ url: '/api/ui-strings/en' })).json()).toEqual({
      'footer.links': 'Elsewhere',
      'nav.about': 'Our Story',
    });
    const html = await page();
    expect(html).toContain('>Our Story</a>');
    expect(html).not.toContain('>About Us</a>');

    const audit = await ctx.app.inject({ url: '/api/admin/audit-log', headers: { cookie: admin } });
    expect(audit.json<{ action: string; target: { id: string } }[]>()[0]).toMatchObject({
      action: 'settings.update',
      target: { id: 'ui-strings:en' },
    });

    const reset = await put('en', { 'nav.about': null });
    expect(entry(reset.json(), 'nav.about')?.override).toBeNull();
    expect(entry(reset.json(), 'footer.links')?.override).toBe('Elsewhere');
    expect(await page()).toContain('>About Us</a>');
  });

  it('gives islands their words in a language when they wake: only those unlike English, the staff’s over the catalogue', async () => {
    const words = async (locale: string) => {
      const res = await ctx.app.inject({ url: `/api/island-words/${locale}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      return res.json<Record<string, Record<string, string>>>();
    };
    const german = await words('de');
    expect(german.themeMenu).toMatchObject({ toggle: 'Farbschema wechseln', light: 'Hell' });
    expect(german.subscribeForm?.submit).toBe('Anmelden');
    // Islands' words only: none of the page's own.
    expect(Object.keys(german)).not.toContain('nav');
    // English and a language the site cannot name need nothing beyond the islands' own English.
    expect(await words('en')).toEqual({});
    expect(await words('xx-nowhere')).toEqual({});

    // A staff text reaches the islands at once, in English too (the cached answer is dropped).
    expect((await put('de', { 'themeMenu.light': 'Taghell' })).statusCode).toBe(200);
    expect((await words('de')).themeMenu?.light).toBe('Taghell');
    expect((await put('en', { 'mobileMenu.open': 'Menu, please' })).statusCode).toBe(200);
    expect(await words('en')).toEqual({ mobileMenu: { open: 'Menu, please' } });
    await put('de', { 'themeMenu.light': null });
    await put('en', { 'mobileMenu.open': null });
    expect(await words('en')).toEqual({});
  });
});
