// The language a public page is in: its tag, direction and address prefix ('' for the site's
// default language, '/de' for German), and the site's languages (for hreflang and the switcher).
// The server render provides it; every page, island and head reads it from here.
import { createContext, useContext } from 'react';
import { canonicalLocale, type SiteLocale, type TextDirection } from '../../shared/locales';

export interface PageLocale {
  /** The page's BCP 47 tag ('en', 'pt-BR'). */
  code: string;
  dir: TextDirection;
  /** Whether this is the site's default language (its pages at today's addresses, no prefix). */
  isDefault: boolean;
  /** What the page's addresses start with: '' for the default language, '/de' for German. */
  prefix: string;
  /** The site's languages, the default first. */
  locales: SiteLocale[];
}

export const DEFAULT_PAGE_LOCALE: PageLocale = {
  code: 'en',
  dir: 'ltr',
  isDefault: true,
  prefix: '',
  locales: [{ code: 'en', name: 'English', isDefault: true, dir: 'ltr' }],
};

/** The page's language in a site with these languages: `code` undefined means the default. */
export function pageLocale(locales: SiteLocale[], code?: string): PageLocale {
  const fallback = locales.find((l) => l.isDefault) ?? DEFAULT_PAGE_LOCALE.locales[0]!;
  const chosen = (code && locales.find((l) => l.code === code)) || fallback;
  const isDefault = chosen.code === fallback.code;
  return { code: chosen.code, dir: chosen.dir, isDefault, prefix: isDefault ? '' : `/${chosen.code}`, locales };
}

/** A site path ('/apps/x') as it is written in the page's language ('/de/apps/x'). */
export function localePath(locale: Pick<PageLocale, 'prefix'>, path: string): string {
  if (!locale.prefix) return path;
  return path === '/' ? locale.prefix : `${locale.prefix}${path}`;
}

export const LocaleContext = createContext<PageLocale>(DEFAULT_PAGE_LOCALE);

export function useLocale(): PageLocale {
  return useContext(LocaleContext);
}

/**
 * An address split into its language and the page's path: '/de/apps/x' → { locale: 'de', path:
 * '/apps/x' }; an address without a language's prefix is the default language's ({ path }). Only
 * known tags count as a prefix, in their canonical spelling ('/pt-br/blog' → 'pt-BR').
 */
export function splitLocalePath(pathname: string): { locale?: string; path: string } {
  const match = /^\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,4})?)(?=\/|$)/.exec(pathname);
  const locale = match ? canonicalLocale(match[1]!) : undefined;
  if (!match || !locale) return { path: pathname };
  return { locale, path: pathname.slice(match[0].length) || '/' };
}
