// One public page = one module: its address(es), the query it reads, its API reads, the page itself
// and its head, declared in one object next to the page (`definePublicPage`). app/public-pages.ts
// lists them; the server's route table (prefetching, redirects, cache keys, Vary) and the React
// Router routes are both built from that list.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { HeadData } from './head';

/** An API path, or a query key that starts with one (a page of a list: see lib/paged.ts). */
export type ReadKey = string | readonly [string, ...unknown[]];

/** A route's parameters, as React Router matches them. */
export type PageParams = Record<string, string | undefined>;

/**
 * What a page reads (API paths, given its params). `head` reads decide the document's head and
 * status (title, description, not found) and come first; `body` reads fill the page below and may
 * arrive after it has started: a slow one streams the page's skeleton first (SPEC's loading states).
 */
export interface Reads {
  head: ReadKey[];
  body: ReadKey[];
}

export const reads = (head: ReadKey[], body: ReadKey[] = []): Reads => ({ head, body });

/** What the head reads found decides the rest: more reads, or that the page lives at another address now. */
export interface ReadsThen {
  /** A permanent redirect to this address (an app's id → its slug). */
  moved?: string;
  /** Made before the page renders. */
  reads?: ReadKey[];
}

export interface PublicPage<HeadArgs extends unknown[] = never[]> {
  /** Its address(es), as React Router patterns ('/apps/:appKey'): each one renders the page. */
  paths: readonly string[];
  /**
   * The query parameters the page reads, in their canonical order. Only these reach the render and
   * the page cache's key (see ssr/page-paths.ts canonicalQuery); a page without them ignores the query.
   */
  search?: readonly string[];
  reads: (params: PageParams, search: URLSearchParams) => Reads;
  then?: (params: PageParams, data: QueryClient) => ReadsThen;
  /**
   * The page differs by the visitor's platform (ios, android, other: the store badges' order),
   * read from the User-Agent: it is kept once per platform and sent with `Vary: User-Agent`.
   */
  variesByPlatform?: boolean;
  /** The page's head (title, description, canonical path, feeds…) once its data is known; the page renders it with <Head>. */
  head: (...args: HeadArgs) => HeadData;
  element: ReactNode;
}

export const definePublicPage = <HeadArgs extends unknown[]>(page: PublicPage<HeadArgs>): PublicPage<HeadArgs> => page;
