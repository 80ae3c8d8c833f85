// The catalogue of apps (issue 25 item 3, decision 116): the filters `GET /api/apps` and the page
// /apps share, in one spelling (lower case: `/apps?platform=android&status=live&tag=clear-text`),
// and the rules that pick, count and order the apps. One value per kind of filter; kinds combine
// with AND. Pure, so the server's API and the page's render apply the very same rules.
import { z } from './zod';
import { APP_STATUSES } from '../constants';
import { paths } from '../paths';
import { slugify } from '../slug';
import { appStoreUrl, googlePlayUrl } from '../store-links';
import { ACCESSIBILITY_TAG_KEYS } from './app-accessibility';
import { APP_KINDS, PLATFORMS, PLATFORM_NAMES, type App, type Platform } from './apps';

/** The kinds of filter, in the address's canonical order. */
export const CATALOGUE_FILTERS = ['platform', 'status', 'kind', 'category', 'tag'] as const;
export type CatalogueFilter = (typeof CATALOGUE_FILTERS)[number];
/** Staff order (the default) or newest release first. */
export const CATALOGUE_SORTS = ['order', 'release'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/** The query parameters the page reads, in their canonical order. */
export const CATALOGUE_PARAMS = [...CATALOGUE_FILTERS, 'sort'] as const;

/** A status in an address: 'Coming Soon' → 'coming-soon'. */
export const statusSlug = (status: string): string => slugify(status, '');
/** A category (free text) in an address: 'Puzzle & Logic' → 'puzzle-logic'; '' for none. */
export const categorySlug = (category: string): string => slugify(category, '');

export const STATUS_SLUGS = APP_STATUSES.map(statusSlug) as string[];

/** The filters and order of one view of the catalogue (values in their address spelling). */
export type CatalogueQuery = Partial<Record<CatalogueFilter, string>> & { sort?: CatalogueSort };

const lower = (v: string) => v.trim().toLowerCase();

/**
 * One value of a kind of filter: given once (a repeated parameter is refused), read in any case
 * ('Live', 'Coming Soon' and 'coming-soon' are the same), one of `values`; empty is no filter.
 */
const choice = (name: string, values: readonly string[], normalise: (v: string) => string) =>
  z
    .string({ error: `Give ${name} once` })
    .max(200, `${name} must be one of: ${values.join(', ')}`)
    .transform(normalise)
    .refine((v) => v === '' || values.includes(v), `${name} must be one of: ${values.join(', ')}`)
    .transform((v) => v || undefined)
    .optional();

/** `GET /api/apps?platform=&status=&kind=&category=&tag=&sort=`: each optional; none lists every app as before. */
export const CatalogueQuerySchema = z.object({
  platform: choice('platform', PLATFORMS, lower),
  status: choice('status', STATUS_SLUGS, statusSlug),
  kind: choice('kind', APP_KINDS, lower),
  /** Free text: any category's address spelling (none matching lists no app). */
  category: z
    .string({ error: 'Give category once' })
    .max(200, 'category must be at most 200 characters')
    .transform((v) => categorySlug(v) || undefined)
    .optional(),
  tag: choice('tag', ACCESSIBILITY_TAG_KEYS, lower),
  sort: choice('sort', CATALOGUE_SORTS, lower) as z.ZodType<CatalogueSort | undefined>,
});

/** The page's query (`URLSearchParams`) read by the API's rules: null when a value is not one there is. */
export function catalogueQueryOf(search: URLSearchParams): CatalogueQuery | null {
  const given = Object.fromEntries(
    CATALOGUE_PARAMS.flatMap((name) =>
      search
        .getAll(name)
        .slice(0, 1)
        .map((v) => [name, v]),
    ),
  );
  const parsed = CatalogueQuerySchema.safeParse(given);
  if (!parsed.success) return null;
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as CatalogueQuery;
}

/** The address of a view: its filters in the canonical order, the default order left out. */
export function catalogueHref(query: CatalogueQuery, base: string = paths.apps): string {
  const out = new URLSearchParams();
  for (const name of CATALOGUE_FILTERS) if (query[name]) out.set(name, query[name]);
  if (query.sort && query.sort !== 'order') out.set('sort', query.sort);
  const search = out.toString();
  return search ? `${base}?${search}` : base;
}

export const isFiltered = (query: CatalogueQuery) => CATALOGUE_FILTERS.some((name) => query[name]);

/** The platforms an app runs on: as staff listed them, else as its store links say. */
export function appPlatforms(app: App): Platform[] {
  if (app.platforms.length) return app.platforms.filter((p): p is Platform => p in PLATFORM_NAMES);
  const derived: [Platform, unknown][] = [
    ['ios', appStoreUrl(app)],
    ['android', googlePlayUrl(app)],
    ['web', app.webAppLink],
  ];
  return derived.filter(([, link]) => link).map(([platform]) => platform);
}

/** An app's value(s) for a kind of filter, in the address spelling. */
function valuesOf(app: App, filter: CatalogueFilter): readonly string[] {
  switch (filter) {
    case 'platform':
      return appPlatforms(app);
    case 'status':
      return [statusSlug(app.status)];
    case 'kind':
      return [app.kind];
    case 'category':
      return [categorySlug(app.category)].filter(Boolean);
    case 'tag':
      return app.accessibilityTags ?? [];
  }
}

const matches = (app: App, query: CatalogueQuery, except?: CatalogueFilter) =>
  CATALOGUE_FILTERS.every((name) => name === except || !query[name] || valuesOf(app, name).includes(query[name]));

/** Newest release first; apps without a date after them; ties (and `order`) in the staff's order. */
function sorted<T extends App>(apps: T[], sort: CatalogueSort = 'order'): T[] {
  const staff = (a: App, b: App) => a.position - b.position || a.id - b.id;
  if (sort === 'order') return [...apps].sort(staff);
  return [...apps].sort((a, b) => {
    if (a.releaseDate === b.releaseDate) return staff(a, b);
    if (!a.releaseDate) return 1;
    if (!b.releaseDate) return -1;
    return a.releaseDate < b.releaseDate ? 1 : -1;
  });
}

/** The apps of a view, in its order. */
export function catalogueApps<T extends App>(apps: T[], query: CatalogueQuery): T[] {
  return sorted(
    apps.filter((app) => matches(app, query)),
    query.sort,
  );
}

export interface CatalogueOption {
  /** In the address's spelling. */
  value: string;
  /** How many apps choosing it would list, the other kinds of filter kept. */
  count: number;
  /** The category as staff wrote it (its first app's, in the staff order); other kinds are named by the page. */
  label?: string;
}

/**
 * Each kind's options with their counts: the values any of the apps has (in the shared lists' order,
 * categories in the staff order), and the chosen one even when no app has it (so it can be removed).
 */
export function catalogueOptions(apps: App[], query: CatalogueQuery): Record<CatalogueFilter, CatalogueOption[]> {
  const inOrder = sorted(apps);
  const known: Record<CatalogueFilter, readonly string[]> = {
    platform: PLATFORMS,
    status: STATUS_SLUGS,
    kind: APP_KINDS,
    category: [...new Set(inOrder.flatMap((app) => valuesOf(app, 'category')))],
    tag: ACCESSIBILITY_TAG_KEYS,
  };
  const entries = CATALOGUE_FILTERS.map((name) => {
    const others = apps.filter((app) => matches(app, query, name));
    const present = new Set(apps.flatMap((app) => valuesOf(app, name)));
    const chosen = query[name];
    const values = [...known[name].filter((v) => present.has(v) || v === chosen)];
    if (chosen && !values.includes(chosen)) values.push(chosen);
    const options = values.map((value) => ({
      value,
      count: others.filter((app) => valuesOf(app, name).includes(value)).length,
      ...(name === 'category'
        ? { label: inOrder.find((a) => categorySlug(a.category) === value)?.category ?? value }
        : {}),
    }));
    return [name, options] as const;
  });
  return Object.fromEntries(entries) as Record<CatalogueFilter, CatalogueOption[]>;
}
