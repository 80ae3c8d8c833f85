// The catalogue's controls (issue 25, decision 116): each kind of filter's options as links with
// their counts, the filters chosen with a way to remove each, and the two orders. Plain links to
// server-rendered addresses: nothing here needs JavaScript.
import { X } from 'lucide-react';
import { Link } from 'react-router';
import {
  CATALOGUE_FILTERS,
  CATALOGUE_SORTS,
  catalogueHref,
  type CatalogueFilter,
  type CatalogueOption,
  type CatalogueQuery,
  type CatalogueSort,
} from '../../../shared/schemas/app-catalogue';
import { cx } from '../../lib/cx';
import { pillClass } from '../../components/ui/pill';

/** The words the controls show, in the page's language. */
export interface CatalogueWords {
  filters: string;
  showFilters: string;
  heading: Record<CatalogueFilter, string>;
  /** An option's name ('Android', 'Live', 'Clear Text'). */
  option: (filter: CatalogueFilter, option: CatalogueOption) => string;
  /** What a screen reader hears after an option's name: ', 3 apps'. */
  count: (count: number) => string;
  chosen: string;
  remove: (name: string) => string;
  clearAll: string;
  sort: string;
  sortName: Record<CatalogueSort, string>;
}

/** The view with `filter` set to `value` (or removed, for undefined); the other filters and the order kept. */
const withFilter = (query: CatalogueQuery, filter: CatalogueFilter, value: string | undefined) =>
  catalogueHref({ ...query, [filter]: value });

function OptionLink({
  filter,
  option,
  query,
  words,
}: {
  filter: CatalogueFilter;
  option: CatalogueOption;
  query: CatalogueQuery;
  words: CatalogueWords;
}) {
  const chosen = query[filter] === option.value;
  const name = words.option(filter, option);
  const content = (
    <>
      {name}
      <span aria-hidden="true" className="text-xs opacity-75">
        {option.count}
      </span>
      <span className="sr-only">{words.count(option.count)}</span>
    </>
  );
  // An option that would list nothing is shown, not offered (no dead end); the chosen one is its own way out.
  if (!chosen && option.count === 0) {
    return <span className={cx(pillClass(false), 'opacity-75')}>{content}</span>;
  }
  return (
    <Link
      to={withFilter(query, filter, chosen ? undefined : option.value)}
      aria-current={chosen ? 'true' : undefined}
      className={pillClass(chosen)}
      rel="nofollow"
    >
      {content}
    </Link>
  );
}

/** Each kind of filter with its options, in a <details> that a phone shows folded (wide screens always open it). */
export function CatalogueFilters({
  options,
  query,
  words,
}: {
  options: Record<CatalogueFilter, CatalogueOption[]>;
  query: CatalogueQuery;
  words: CatalogueWords;
}) {
  const groups = CATALOGUE_FILTERS.filter((filter) => options[filter].length > 0);
  return (
    <nav aria-labelledby="catalogue-filters">
      <details className="catalogue-filters rounded-xl border p-4 lg:border-0 lg:p-0">
        <summary className="cursor-pointer font-semibold">{words.showFilters}</summary>
        <h2 id="catalogue-filters" className="sr-only">
          {words.filters}
        </h2>
        {groups.map((filter) => (
          <section key={filter} aria-labelledby={`catalogue-${filter}`} className="mt-4">
            <h3 id={`catalogue-${filter}`} className="text-sm font-semibold text-muted-foreground">
              {words.heading[filter]}
            </h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {options[filter].map((option) => (
                <li key={option.value}>
                  <OptionLink filter={filter} option={option} query={query} words={words} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </details>
    </nav>
  );
}

/** The filters chosen, each with its remove link, and one to clear them all (the order kept). */
export function ChosenFilters({
  options,
  query,
  words,
}: {
  options: Record<CatalogueFilter, CatalogueOption[]>;
  query: CatalogueQuery;
  words: CatalogueWords;
}) {
  const chosen = CATALOGUE_FILTERS.flatMap((filter) => {
    const option = options[filter].find((o) => o.value === query[filter]);
    return option ? [{ filter, name: words.option(filter, option) }] : [];
  });
  if (chosen.length === 0) return null;
  return (
    <section aria-labelledby="catalogue-chosen" className="mt-6 flex flex-wrap items-center gap-2">
      <h2 id="catalogue-chosen" className="text-sm font-semibold">
        {words.chosen}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {chosen.map(({ filter, name }) => (
          <li key={filter}>
            <Link
              to={withFilter(query, filter, undefined)}
              aria-label={words.remove(`${words.heading[filter]}: ${name}`)}
              className="inline-flex items-center gap-1 rounded-full border border-primary px-3 py-1.5 text-sm font-medium hover:bg-accent"
              rel="nofollow"
            >
              {name}
              <X aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={catalogueHref({ sort: query.sort })}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {words.clearAll}
      </Link>
    </section>
  );
}

/** The two orders: the staff's (the default) and newest release first. */
export function CatalogueSortLinks({ query, words }: { query: CatalogueQuery; words: CatalogueWords }) {
  const current = query.sort ?? 'order';
  return (
    <nav aria-label={words.sort} className="flex flex-wrap items-center gap-2 text-sm">
      <span aria-hidden="true" className="font-semibold">
        {words.sort}
      </span>
      <ul className="flex flex-wrap gap-2">
        {CATALOGUE_SORTS.map((sort) => (
          <li key={sort}>
            <Link
              to={catalogueHref({ ...query, sort })}
              aria-current={sort === current ? 'true' : undefined}
              className={pillClass(sort === current)}
              rel="nofollow"
            >
              {words.sortName[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
