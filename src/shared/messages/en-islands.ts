// The English words of the islands, in a file of their own: each island's chunk imports its own
// namespace (so a page in English sends no messages with its islands: islands/island.tsx), and
// en.ts spreads them into the catalogue.

/** The theme menu island. */
export const themeMenuEn = {
  'themeMenu.toggle': 'Toggle theme',
  'themeMenu.label': 'Theme',
  'themeMenu.light': 'Light',
  'themeMenu.dark': 'Dark',
  'themeMenu.system': 'System',
} as const;

/** The mobile menu island. */
export const mobileMenuEn = {
  'mobileMenu.open': 'Open menu',
  'mobileMenu.title': 'Menu',
  'mobileMenu.close': 'Close menu',
  'mobileMenu.nav': 'Mobile',
} as const;
