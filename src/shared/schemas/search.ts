// Site search (issue 25, decision 117): GET /api/search?q=&locale=&type=&page= over the published,
// visible apps, posts, support pages and About Us, in one language, grouped by type.
import { z } from './zod';

/** The kinds of result, in the order the page groups them. */
/** 'releases' (issue 26): an app version's release notes, titled "{app} {version}". */
export const SEARCH_TYPES = ['apps', 'posts', 'support', 'about', 'releases'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_PAGE_SIZE = 10;
/** The words a search reads: a longer text is cut here (never refused) before it reaches the database. */
export const SEARCH_QUERY_MAX = 200;
/** What the address may carry at all: more is refused with a 422 rather than read. */
export const SEARCH_INPUT_MAX = 20_000;
export const SEARCH_PAGE_MAX = 1_000;

// eslint-disable-next-line no-control-regex -- the point: control characters (NUL first) never reach the query.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The words to search for: NUL and other control characters taken out, spaces folded, cut to the maximum. */
export function searchWords(q: string): string {
  return q.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX).trim();
}

export const SearchQuerySchema = z.object({
  q: z.string().max(SEARCH_INPUT_MAX, `Search must be at most ${SEARCH_INPUT_MAX} characters`).default(''),
  /** One of the site's languages (the default when absent); read by the locale reads' hook. */
  locale: z.string().max(40).optional(),
  type: z.enum(SEARCH_TYPES, { error: 'Unknown kind of result' }).optional(),
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(SEARCH_PAGE_MAX, `Page must be at most ${SEARCH_PAGE_MAX}`)
    .default(1),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  /** The app's id (apps and support pages), the post's id; null for About Us. */
  id: z.number().int().nullable(),
  title: z.string(),
  /** The result's address in the default language's form ('/apps/x'); the page adds its language's prefix. */
  path: z.string(),
  /** A few words around the match: escaped text with the matched words in <mark>. */
  snippet: z.string(),
  /** A post's or support page's app, as it is named in the language. */
  appTitle: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchReplySchema = z.object({
  /** The words searched for (after cleaning); empty: nothing was searched. */
  query: z.string(),
  /** Results of each type, whatever `type` asked for. */
  counts: z.object({
    apps: z.number(),
    posts: z.number(),
    support: z.number(),
    about: z.number(),
    releases: z.number(),
  }),
  /** Results of the asked type (or all): the pages count these. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Nothing matched the words, so these are titles spelt nearly alike (pg_trgm: typo tolerance). */
  fuzzy: z.boolean(),
  items: z.array(SearchResultSchema),
});
export type SearchReply = z.infer<typeof SearchReplySchema>;
