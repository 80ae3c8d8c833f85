// The theme on static pages: Light, Dark or System, kept in localStorage under vite-ui-theme (the
// inline head script applies it before first paint; see lib/theme-script.ts).
import { THEME_STORAGE_KEY } from '../../shared/theme-key';

export type Theme = 'light' | 'dark' | 'system';

/** The site's default when nothing is stored (SPEC §1). */
const DEFAULT_THEME: Theme = 'dark';

const darkScheme = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && darkScheme().matches);
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage may be unavailable (private mode): the choice still applies to this page
  }
  applyTheme(theme);
}

/**
 * The page keeps the visitor's choice: System follows the OS setting live, a choice made in
 * another tab applies here, and a page restored by Back (whose head script does not run again)
 * takes the choice made since.
 */
export function followSystemTheme(): void {
  darkScheme().addEventListener('change', () => {
    if (storedTheme() === 'system') applyTheme('system');
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme(storedTheme());
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) applyTheme(storedTheme());
  });
}
