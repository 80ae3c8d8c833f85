import { describe, expect, it } from 'vitest';
import { CATALOGUES, catalogueFor, en, MESSAGE_KEYS, messagesFor } from '.';
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { messageIssue, parseMessage } from './check';
import { ACCESSIBILITY_TAG_KEYS, ACCESSIBILITY_TAGS } from '../schemas/app-accessibility';
import {
  DATA_CATEGORY_NAMES,
  DATA_PURPOSES,
  DATA_TYPE_NAMES,
  labelNameKey,
  type LabelNameKind,
} from '../schemas/app-privacy';

/** Keys a shipped catalogue may leave to English (none today: every key is translated). */
const MAY_STAY_ENGLISH: Record<string, string[]> = {};

describe('message catalogues', () => {
  it('ship the languages the site offers first, Arabic (right to left) among them', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(
      ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt-BR', 'zh-Hans'].sort(),
    );
  });

  it.each(Object.keys(CATALOGUES))('%s has every English key, and no other', (code) => {
    const catalogue = CATALOGUES[code]!;
    const missing = MESSAGE_KEYS.filter((key) => !(key in catalogue) && !MAY_STAY_ENGLISH[code]?.includes(key));
    expect(missing).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !(key in en))).toEqual([]);
  });

  it.each(Object.keys(CATALOGUES))('%s: every message parses and uses only the English one’s arguments', (code) => {
    for (const [key, text] of Object.entries(CATALOGUES[code]!)) {
      expect(parseMessage(text!), `${code} ${key}`).not.toBeInstanceOf(Error);
      expect(messageIssue(key as keyof typeof en, text!), `${code} ${key}`).toBeUndefined();
    }
  });

  it('keep the spec’s English texts', () => {
    expect(messagesFor('en')).toMatchObject({
      'nav.home': 'Home',
      'nav.about': 'About Us',
      'nav.privacy': 'Privacy Policy',
      'footer.rights': '© {year} {site}. All rights reserved.',
      'themeMenu.toggle': 'Toggle theme',
      'notFound.title': '404 Page Not Found',
      'contact.heading': 'Contact Us',
      'state.loadFailed': 'Failed to load content',
    });
  });

  it('name every category, data type and purpose of the App Store label, in English as Apple writes it', () => {
    const names: [LabelNameKind, readonly string[]][] = [
      ['category', DATA_CATEGORY_NAMES],
      ['dataType', DATA_TYPE_NAMES],
      ['purpose', DATA_PURPOSES],
    ];
    for (const [kind, list] of names) {
      const keys = list.map((name) => labelNameKey(kind, name));
      // One key per name, and no key for a name the label does not have.
      expect(new Set(keys).size, kind).toBe(list.length);
      expect(MESSAGE_KEYS.filter((key) => key.startsWith(`appPrivacy.${kind}.`)).sort()).toEqual([...keys].sort());
      // The text shows as written (ICU reads the apostrophe of "Developer's" as itself).
      list.forEach((name, i) =>
        expect(parseMessage(en[keys[i] as keyof typeof en])).toEqual([{ type: TYPE.literal, value: name }]),
      );
    }
    expect(DATA_CATEGORY_NAMES).toHaveLength(14);
    expect(DATA_TYPE_NAMES).toHaveLength(32);
    expect(DATA_PURPOSES).toHaveLength(6);
  });

  it('name the 24 Accessible Games Initiative tags, in English as the initiative writes them', () => {
    expect(ACCESSIBILITY_TAGS).toHaveLength(24);
    expect(new Set(ACCESSIBILITY_TAG_KEYS).size).toBe(24);
    for (const { key, name } of ACCESSIBILITY_TAGS) expect(en[`a11yTag.${key}`]).toBe(name);
    const tagKeys = MESSAGE_KEYS.filter((k) => /^a11yTag\.[a-z-]+$/.test(k));
    expect(tagKeys.sort()).toEqual(ACCESSIBILITY_TAG_KEYS.map((k) => `a11yTag.${k}`).sort());
  });

  it('fall back key by key: a language without a catalogue reads English, a region its language', () => {
    expect(messagesFor('nl')).toEqual(en);
    expect(catalogueFor('fr-CA')).toBe(CATALOGUES.fr);
    expect(catalogueFor('pt-PT')).toBe(CATALOGUES['pt-BR']);
    // Traditional Chinese is not the Simplified catalogue.
    expect(catalogueFor('zh-Hant')).toEqual({});
  });

  it('put the staff’s overrides over the catalogue, ignoring keys it does not have', () => {
    const messages = messagesFor('de', { 'nav.home': 'Start', 'no.such': 'x' });
    expect(messages['nav.home']).toBe('Start');
    expect(messages['nav.blog']).toBe('Blog');
    expect(messages).not.toHaveProperty('no.such');
  });

  it('refuses a text that does not parse, or asks for an argument the English one lacks', () => {
    expect(messageIssue('footer.rights', '© {year')).toMatch(/^Not a valid message/);
    expect(messageIssue('footer.rights', '© {year} {name}')).toBe('Uses {name}, which this text does not have');
    expect(messageIssue('footer.rights', '{site} ©')).toBeUndefined();
  });
});
