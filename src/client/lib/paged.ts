// Reads one page of an admin list (see shared/schemas/paging.ts): the items and the total the
// server counted. Query keys are the full path with its query string, so each page caches apart.
import { TOTAL_COUNT_HEADER } from '../../shared/schemas/paging';
import { errorFrom, type Fetcher } from './http';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageParams {
  page: number;
  pageSize: number;
  q?: string;
}

/** `path` with the paging parameters (empty search left out). */
export function pagePath(path: string, { page, pageSize, q }: PageParams): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q?.trim()) params.set('q', q.trim());
  return `${path}?${params}`;
}

/** Marks a query key as a page read: `[path, PAGED]` is read with its total (the query client's default). */
export const PAGED = 'paged';
export const pagedKey = (path: string) => [path, PAGED] as const;

export async function fetchPage<T>(path: string, run: Fetcher = (p, init) => fetch(p, init)): Promise<Page<T>> {
  const res = await run(path, { credentials: 'include' });
  const text = await res.text();
  if (!res.ok) throw errorFrom(res.status, res.statusText, text);
  const items = JSON.parse(text) as T[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? items.length);
  return { items, total };
}
