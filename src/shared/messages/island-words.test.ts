// The islands' words: whole namespaces or single keys packed, and those of a language that an island
// must fetch when it wakes (only the ones unlike its English).
import { describe, expect, it } from 'vitest';
import { islandWordsEn } from './en-islands';
import { messagesFor } from './index';
import { islandWordsOf, packMessages, unpackMessages } from './island-words';

const catalogue = {
  'themeMenu.toggle': 'Thema wechseln',
  'subscribeForm.titleNewsletter': 'Neuigkeiten',
  'subscribeForm.titleApp': 'Sag mir Bescheid',
  'subscribeForm.submit': 'Anmelden',
  'nav.home': 'Startseite',
};

describe('packMessages', () => {
  it('packs whole namespaces and single keys, nothing else', () => {
    const packed = packMessages(catalogue, ['themeMenu', 'subscribeForm.titleNewsletter', 'subscribeForm.submit']);
    expect(packed).toEqual({
      themeMenu: { toggle: 'Thema wechseln' },
      subscribeForm: { titleNewsletter: 'Neuigkeiten', submit: 'Anmelden' },
    });
    expect(unpackMessages(packed)).toEqual({
      'themeMenu.toggle': 'Thema wechseln',
      'subscribeForm.titleNewsletter': 'Neuigkeiten',
      'subscribeForm.submit': 'Anmelden',
    });
  });
});

describe('islandWordsOf', () => {
  it('keeps the islands’ words that are not their English, packed, and nothing of the pages’', () => {
    const words = islandWordsOf(messagesFor('de', { 'themeMenu.light': 'Taghell' }));
    expect(words.themeMenu).toMatchObject({ toggle: 'Farbschema wechseln', light: 'Taghell' });
    // "System" is the same word in German: the island's English says it already.
    expect(words.themeMenu).not.toHaveProperty('system');
    expect(Object.keys(words)).not.toContain('nav');
    expect(Object.keys(unpackMessages(words)).every((key) => key in islandWordsEn)).toBe(true);
    expect(islandWordsOf(messagesFor('en'))).toEqual({});
    expect(islandWordsOf(messagesFor('en', { 'mobileMenu.open': 'Menu, please' }))).toEqual({
      mobileMenu: { open: 'Menu, please' },
    });
  });
});
