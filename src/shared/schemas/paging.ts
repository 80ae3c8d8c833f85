// Opt-in paging and search for the admin's growing lists (messages, posts, media; issue 11).
// A call without `page`, `pageSize` or `q` answers exactly as the spec says (the whole list);
// with any of them it answers one page of the same items, with the total in the X-Total-Count header.
import { z } from './zod';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
/** The reply header with the number of items matching the search, across all pages. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const PageQuerySchema = z.object({
  /** 1-based page number. */
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').optional(),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(PAGE_SIZE_MAX, `Page size must be at most ${PAGE_SIZE_MAX}`)
    .optional(),
  /** Case-insensitive text search (each area says which fields it matches). */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The page asked for, or undefined when the call asked for none (the spec's whole list). */
export function pageOf(query: PageQuery): { limit: number; offset: number; q: string } | undefined {
  if (query.page === undefined && query.pageSize === undefined && query.q === undefined) return undefined;
  const limit = query.pageSize ?? PAGE_SIZE_DEFAULT;
  return { limit, offset: ((query.page ?? 1) - 1) * limit, q: query.q ?? '' };
}

/** A LIKE pattern matching `q` literally anywhere (its %, _ and \ escaped). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
