// The hreflang cluster of a page (issue 24): the languages it is published in, each with its address.
// One function, used by the page's head, the sitemap and the admin's checker, so the three always
// agree. The default language's page is always in the cluster (and is x-default); another
// language's is when its translation is published (a page that shows the default language's text
// by staff's choice is not a translation: it names only its real language).
import type { SiteLocale } from '../../../shared/locales';
import type { TranslationsRepo } from './translations.repo';

/** What a page is of: one item, or nothing to translate (every language has it: the blog index). */
export type AlternateTarget =
  | { type: 'app' | 'post' | 'page' | 'app-page'; item: string }
  /** An app's release notes page (issue 26): there in a language where one of its versions is published. */
  | { type: 'releases'; item: string }
  | { type: 'all' };

export interface Alternate {
  /** A site language's tag, or 'x-default'. */
  hreflang: string;
  /** The page's path in that language (prefixed), relative to the site. */
  path: string;
}

/** The path of a page in a language: '' prefix for the default. */
export const prefixed = (locale: Pick<SiteLocale, 'code' | 'isDefault'>, path: string) =>
  locale.isDefault ? path : path === '/' ? `/${locale.code}` : `/${locale.code}${path}`;

type Row = Awaited<ReturnType<TranslationsRepo['forItem']>>[number];

/** The languages an item is published in (from its translations' rows), with its slug in each, the default first. */
export function publishedLocales(
  locales: SiteLocale[],
  rows: Pick<Row, 'locale' | 'isPublished' | 'useDefault' | 'slug'>[] | 'all',
): { locale: SiteLocale; slug: string | null }[] {
  if (rows === 'all') return locales.map((locale) => ({ locale, slug: null }));
  const byLocale = new Map(rows.map((r) => [r.locale, r]));
  return locales.flatMap((locale) => {
    if (locale.isDefault) return [{ locale, slug: null }];
    const row = byLocale.get(locale.code);
    return row?.isPublished && !row.useDefault ? [{ locale, slug: row.slug }] : [];
  });
}

/**
 * The cluster from an item's translations: each published language's address (built by `pathIn`
 * from the language's slug, for a post), itself included, plus x-default (the default language's).
 * A single language is no cluster.
 */
export function clusterOf(
  locales: SiteLocale[],
  rows: Parameters<typeof publishedLocales>[1],
  pathIn: (slug: string | null) => string,
  /** The rows of what the page also needs in a language (an app's support page: the app itself). */
  alsoNeeds?: Parameters<typeof publishedLocales>[1],
): Alternate[] {
  const needed = alsoNeeds && new Set(publishedLocales(locales, alsoNeeds).map((p) => p.locale.code));
  const published = publishedLocales(locales, rows).filter((p) => !needed || needed.has(p.locale.code));
  if (published.length < 2) return [];
  const cluster = published.map(({ locale, slug }) => ({
    hreflang: locale.code,
    path: prefixed(locale, pathIn(slug)),
  }));
  const fallback = published.find((p) => p.locale.isDefault);
  if (fallback) cluster.push({ hreflang: 'x-default', path: prefixed(fallback.locale, pathIn(null)) });
  return cluster;
}

/**
 * An app's release notes page in each language (issue 26): one row per language where at least one
 * of its versions is published (not merely shown in the default's text).
 */
export function releaseLanguages(
  rows: Pick<Row, 'locale' | 'isPublished' | 'useDefault'>[],
): Pick<Row, 'locale' | 'isPublished' | 'useDefault' | 'slug'>[] {
  const published = new Set(rows.filter((r) => r.isPublished && !r.useDefault).map((r) => r.locale));
  return [...published].map((locale) => ({ locale, isPublished: true, useDefault: false, slug: null }));
}

/** The cluster of one page: what it is of (`target`), read from its translations. */
export async function hreflangCluster(
  repo: TranslationsRepo,
  locales: SiteLocale[],
  target: AlternateTarget,
  pathIn: (slug: string | null) => string,
): Promise<Alternate[]> {
  if (target.type === 'releases') {
    const [releases, app] = await Promise.all([
      repo.releasesOfApp(Number(target.item)),
      repo.forItem('app', target.item),
    ]);
    return clusterOf(locales, releaseLanguages(releases), pathIn, app);
  }
  const rows = target.type === 'all' ? 'all' : await repo.forItem(target.type, target.item);
  // An app's own page is there in a language only where the app is too.
  const app = target.type === 'app-page' ? await repo.forItem('app', target.item.split('-')[0]!) : undefined;
  return clusterOf(locales, rows, pathIn, app);
}
