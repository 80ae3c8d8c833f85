/** Where the visitor's theme choice is kept in localStorage (SPEC §1). */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
