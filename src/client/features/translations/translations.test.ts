// The translation screens' own logic: the completeness markers, the language search, the form's
// starting values and rules (complete to publish, as far as written for a draft), and a language
// switch counting as leaving the editor.
import { describe, expect, it } from 'vitest';
import { leaves } from '../../components/drafts/unsaved-changes';
import { markersOf } from './completeness';
import { matchingLocales } from './languages-card';
import { toValues, translationSchema } from './values';

const LOCALES = [
  { code: 'en', name: 'English', isDefault: true, dir: 'ltr' as const },
  { code: 'de', name: 'Deutsch', isDefault: false, dir: 'ltr' as const },
  { code: 'fr', name: 'Français', isDefault: false, dir: 'ltr' as const },
  { code: 'pt-BR', name: 'Português (Brasil)', isDefault: false, dir: 'ltr' as const },
];

describe('completeness markers', () => {
  it('one per other language, in the site’s order; a language without a translation is missing', () => {
    const markers = markersOf(LOCALES, [
      { locale: 'fr', status: 'draft', outdated: true },
      { locale: 'de', status: 'published', outdated: false },
    ]);
    expect(markers.map((m) => m.text)).toEqual(['DE ✓', 'FR draft !', 'PT-BR —']);
    expect(markers.map((m) => m.spoken)).toEqual([
      'German (Deutsch): published',
      'French (Français): draft, changed since translated',
      'Portuguese (Brazil) (Português (Brasil)): not translated',
    ]);
  });

  it('nothing for a site with one language', () => {
    expect(markersOf(LOCALES.slice(0, 1), undefined)).toEqual([]);
  });
});

describe('the language search', () => {
  it('matches the code, the own name and the English name, leaving out the chosen ones', () => {
    expect(matchingLocales('germ', []).map((l) => l.code)).toEqual(['de']);
    expect(matchingLocales('DEUTSCH', []).map((l) => l.code)).toEqual(['de']);
    expect(matchingLocales('pt-br', []).map((l) => l.code)).toEqual(['pt-BR']);
    expect(matchingLocales('portug', ['pt-PT']).map((l) => l.code)).toEqual(['pt-BR']);
    expect(matchingLocales('日本', []).map((l) => l.code)).toEqual(['ja']);
  });
});

describe('the translation form', () => {
  it('starts from the saved translation, else empty fields of each kind’s shape', () => {
    expect(toValues('support', null)).toEqual({
      fields: { supportIntro: '', faq: [] },
      slug: '',
      useDefault: false,
      publishAt: '',
    });
    expect(toValues('about', { fields: { title: 'Über uns' }, slug: null, useDefault: true }).fields).toEqual({
      title: 'Über uns',
      content: '',
    });
  });

  it('a draft is checked as far as written; publishing needs every field the item needs', () => {
    const values = { fields: { title: '', content: '' }, slug: '', useDefault: false, publishAt: '' };
    expect(translationSchema('about', false).safeParse(values).success).toBe(true);
    const published = translationSchema('about', true).safeParse(values);
    expect(published.success).toBe(false);
    expect(published.error?.issues.map((i) => i.path.join('.'))).toContain('fields.title');
    const tooLong = translationSchema('site', false).safeParse({ ...values, fields: { tagline: 'x'.repeat(161) } });
    expect(tooLong.error?.issues[0]?.message).toBe('Tagline must be at most 160 characters');
  });
});

describe('the leave guard', () => {
  it('hears another screen or another language as leaving, not another query', () => {
    const at = (pathname: string, search = '') => ({ pathname, search });
    expect(leaves(at('/admin-page/about-us'), at('/admin-page/privacy'))).toBe(true);
    expect(leaves(at('/admin-page/about-us'), at('/admin-page/about-us', '?lang=de'))).toBe(true);
    expect(leaves(at('/a', '?lang=de'), at('/a', '?lang=fr'))).toBe(true);
    expect(leaves(at('/a', '?id=1&lang=de'), at('/a', '?lang=de&id=1&x=2'))).toBe(false);
  });
});
