// How an island's messages travel in its element (island.tsx writes them, hydrate.tsx reads them).

/**
 * An island's words as its element carries them (data-intl): by namespace, each key without it
 * ({ themeMenu: { toggle: 'Toggle theme' } }), as short as it can be: it is part of every page's
 * first view (tests/e2e/budget.spec.ts). Its language is the document's (<html lang>).
 */
export type IslandMessages = Record<string, Record<string, string>>;

/**
 * The messages of the namespaces ('themeMenu') and single keys ('subscribeForm.titleApp'), packed
 * for the element: an island whose state needs only some words of its namespace names those.
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

/** The flat messages (key → text) of an island's packed ones. */
export function unpackMessages(packed: IslandMessages): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [ns, texts] of Object.entries(packed))
    for (const [key, text] of Object.entries(texts)) messages[`${ns}.${key}`] = text;
  return messages;
}
