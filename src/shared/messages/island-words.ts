// How the islands' words reach the browser. An island's chunk holds its English words
// (en-islands.ts). A page never sends the others: an island whose words differ in the page's
// language names that language (data-intl="de"), and when it first wakes the loader fetches that
// language's island words once (GET /api/island-words/{locale}), before it hydrates. A first view
// is then as heavy in German as in English (tests/e2e/budget.spec.ts).
import { islandWordsEn } from './en-islands';

/** Islands' words by namespace, each key without it ({ themeMenu: { toggle: 'Toggle theme' } }). */
export type IslandMessages = Record<string, Record<string, string>>;

/**
 * The messages of the namespaces ('themeMenu') and single keys ('subscribeForm.titleApp'), packed
 * by namespace: an island whose state needs only some words of its namespace names those.
 */
export function packMessages(messages: Record<string, string>, names: readonly string[]): IslandMessages {
  const packed: IslandMessages = {};
  for (const [key, text] of Object.entries(messages)) {
    const dot = key.indexOf('.');
    const ns = key.slice(0, dot);
    if (names.includes(ns) || names.includes(key)) (packed[ns] ??= {})[key.slice(dot + 1)] = text;
  }
  return packed;
}

/** The flat messages (key → text) of packed ones. */
export function unpackMessages(packed: IslandMessages): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [ns, texts] of Object.entries(packed))
    for (const [key, text] of Object.entries(texts)) messages[`${ns}.${key}`] = text;
  return messages;
}

/**
 * The islands' words of a page's messages that are not their English, packed (empty when the
 * language says everything as English does): what an island of that language must be given.
 */
export function islandWordsOf(messages: Record<string, string>): IslandMessages {
  const differ: Record<string, string> = {};
  for (const [key, english] of Object.entries(islandWordsEn)) {
    const text = messages[key];
    if (text !== undefined && text !== english) differ[key] = text;
  }
  return packMessages(differ, Object.keys(differ));
}
