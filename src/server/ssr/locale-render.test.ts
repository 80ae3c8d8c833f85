// A public page in another language (issue 24): its own words from the language's catalogue, the
// islands sent only their namespaces, and <html lang dir>.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PublicApp } from '../../client/app/app';
import type { ContactFormProps } from '../../client/islands/contact-form';
import { makeQueryClient } from '../../client/lib/query-client';
import { intlFor } from '../../client/page-kit/intl';
import { pageLocale } from '../../client/page-kit/locale';
import type { SiteLocale } from '../../shared/locales';
import { renderDocument } from './html';

const LOCALES: SiteLocale[] = [
  { code: 'en', name: 'English', isDefault: true, dir: 'ltr' },
  { code: 'de', name: 'Deutsch', isDefault: false, dir: 'ltr' },
  { code: 'ar', name: 'العربية', isDefault: false, dir: 'rtl' },
];
const site = { name: 'Northpaw Studio', url: 'https://example.com' };

function render(
  code: string,
  url = '/nowhere',
  overrides: Record<string, string> = {},
  contactForm?: ContactFormProps,
) {
  const locale = pageLocale(LOCALES, code);
  const app = createElement(PublicApp, {
    contactForm,
    // The frame's reads (contact details, social links) stay pending: the page renders without them.
    queryClient: makeQueryClient(() => new Promise<Response>(() => {})),
    site,
    locale,
    messages: intlFor(locale.code, overrides).messages,
  });
  return renderToString(createElement(StaticRouter, { location: url }, app));
}

/** The language an island names for its words (data-intl), if any. */
const islandIntl = (html: string, name: string) =>
  new RegExp(`data-island="${name}"[^>]*data-intl="([^"]*)"`).exec(html)?.[1];

describe('a page in German', () => {
  it('shows the navigation, footer and not-found state in German', () => {
    const html = render('de');
    expect(html).toContain('>Startseite</a>');
    expect(html).toContain('>Über uns</a>');
    expect(html).toContain('>Datenschutzerklärung</a>');
    expect(html).toContain('Zum Inhalt springen');
    expect(html).toContain('404 Seite nicht gefunden');
    expect(html).toMatch(/Unter <code[^>]*>\/nowhere<\/code> gibt es keine Seite\./);
    expect(html).toContain(`© ${new Date().getUTCFullYear()} Northpaw Studio. Alle Rechte vorbehalten.`);
    expect(html).not.toContain('>About Us</a>');
  });

  it('renders islands in the page’s language and sends none of their words, only the language to fetch them in', () => {
    const html = render('de');
    expect(html).toContain('Farbschema wechseln');
    expect(islandIntl(html, 'theme-menu')).toBe('de');
    expect(islandIntl(html, 'mobile-menu')).toBe('de');
    expect(html).not.toContain('data-intl="{');
    // In English the islands' chunks hold their words: nothing to fetch, unless staff changed one.
    expect(render('en')).not.toContain('data-intl');
    const changed = render('en', '/nowhere', { 'themeMenu.toggle': 'Switch colours' });
    expect(islandIntl(changed, 'theme-menu')).toBe('en');
    expect(islandIntl(changed, 'mobile-menu')).toBeUndefined();
  });

  it('writes the contact form in German, a refused field’s message too', () => {
    const html = render('de', '/contact', {}, { errors: { firstName: 'First name is required' }, values: {} });
    expect(html).toContain('>Vorname</label>');
    expect(html).toContain('Vorname ist erforderlich');
    // (The English message stays in the island's props: it is the server's, shown translated.)
    expect(html.replace(/data-props="[^"]*"/g, '')).not.toContain('First name is required');
    expect(html).toContain('Nachricht senden');
    // In English, the spec's texts.
    const english = render('en', '/contact', {}, { errors: { firstName: 'First name is required' }, values: {} });
    expect(english).toContain('First name is required');
    expect(english).toContain('>Send a Message</h2>');
  });

  it('reads English for a language without a catalogue, and the staff’s overrides over the catalogue', () => {
    expect(render('nl')).toContain('>About Us</a>');
    expect(render('de', '/nowhere', { 'nav.about': 'Wer wir sind' })).toContain('>Wer wir sind</a>');
  });

  it('writes the document’s language and, for Arabic, its direction', () => {
    const doc = (lang?: { code: string; dir: 'ltr' | 'rtl' }) =>
      renderDocument({
        site,
        head: { title: 'T', description: '', path: '/' },
        body: '',
        assets: { css: [], entry: '/e.js', preload: [] },
        themeScript: '',
        lang,
      });
    expect(doc()).toContain('<html lang="en" class="dark"');
    expect(doc({ code: 'de', dir: 'ltr' })).toContain('<html lang="de" class="dark"');
    expect(doc({ code: 'ar', dir: 'rtl' })).toContain('<html lang="ar" dir="rtl" class="dark"');
    expect(render('ar')).toContain('الرئيسية');
  });
});
