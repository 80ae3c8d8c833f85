// The message catalogues of the public site, and how a page's messages are put together: the
// English text, the language's catalogue over it (key by key: a missing key reads as English), the
// staff's overrides (ui_strings) over both.
import { ar } from './ar';
import { de } from './de';
import { en, type MessageKey } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { ptBR } from './pt-BR';
import { zhHans } from './zh-Hans';

export { en, type MessageKey };

/** A language's catalogue: some or all of the English keys, translated. */
export type Catalogue = Partial<Record<MessageKey, string>>;

/** The page's messages, every key present. */
export type Messages = Record<MessageKey, string>;

/** The shipped catalogues, by locale tag. */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  it,
  ja,
  ko,
  'zh-Hans': zhHans,
  ar,
};

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

const KEYS = new Set<string>(MESSAGE_KEYS);

export const isMessageKey = (key: string): key is MessageKey => KEYS.has(key);

/** A tag's language and script subtags, lowercased ('zh-Hans' → ['zh', 'hans']). */
function subtags(code: string): [string, string | undefined] {
  const [language = '', ...rest] = code.toLowerCase().split('-');
  return [language, rest.find((part) => part.length === 4)];
}

/**
 * The catalogue a locale reads: its own, else its language's ('fr-CA' → 'fr', 'pt-PT' → 'pt-BR'),
 * else none (English throughout).
 */
export function catalogueFor(code: string): Catalogue {
  if (CATALOGUES[code]) return CATALOGUES[code];
  const [language, script] = subtags(code);
  // Chinese in Traditional script does not read the Simplified catalogue (nor the reverse).
  const match = Object.keys(CATALOGUES).find((tag) => {
    const [other, otherScript] = subtags(tag);
    return other === language && (!script || !otherScript || script === otherScript);
  });
  return match ? CATALOGUES[match]! : {};
}

/** A page's messages: English, the language's catalogue over it, the staff's overrides over both. */
export function messagesFor(code: string, overrides: Partial<Record<string, string>> = {}): Messages {
  const messages: Messages = { ...en, ...catalogueFor(code) };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined && isMessageKey(key)) messages[key] = value;
  }
  return messages;
}
