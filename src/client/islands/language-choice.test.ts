import { describe, expect, it } from 'vitest';
import { languageToOffer } from './language-choice';

const links = [
  { code: 'en', name: 'English', href: 'https://studio.test/about' },
  { code: 'de', name: 'Deutsch', href: 'https://studio.test/de/about' },
  { code: 'pt-BR', name: 'Português (Brasil)', href: 'https://studio.test/pt-BR/about' },
];

describe('the language a page offers its visitor', () => {
  it('is the first the browser prefers that the page has, unless it is the page’s own', () => {
    expect(languageToOffer('en', ['de-DE', 'en'], links)?.code).toBe('de');
    expect(languageToOffer('en', ['pt-BR', 'de'], links)?.code).toBe('pt-BR');
    expect(languageToOffer('en', ['pt-PT'], links)?.code).toBe('pt-BR');
    expect(languageToOffer('de', ['de', 'en'], links)).toBeUndefined();
    expect(languageToOffer('en', ['en-US', 'de'], links)).toBeUndefined();
  });

  it('offers nothing when the page has no other language or the browser wants one it lacks', () => {
    expect(languageToOffer('en', ['de'], [])).toBeUndefined();
    expect(languageToOffer('en', ['ja', 'ko'], links)).toBeUndefined();
    // A language the page lacks, then the page's own: nothing.
    expect(languageToOffer('de', ['ja', 'de', 'en'], links)).toBeUndefined();
  });
});
