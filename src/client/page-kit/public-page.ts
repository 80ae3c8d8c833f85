// One public page = one module: its address(es), the query it reads, its API reads, the page itself
// and its head, declared in one object next to the page (`definePublicPage`). app/public-pages.tsx
// lists them; the server's route table (prefetching, redirects, cache keys, Vary) and the React
// Router routes are both built from that list.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { HeadData } from './head';
import type { PageLocale } from './locale';
import type { Translate } from './messages';
import type { DeletionConfirmState, SubscriptionPageState } from './page-state';
import type { SiteInfo } from './site-context';

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

/**
 * What a page's head is made from: the render's reads once made (the head reads, what `then` asked
 * for, a post's app), never the body reads, so the head is known before the body renders.
 */
export interface HeadInput {
  site: SiteInfo;
  /** The page's language (its texts, its addresses' prefix). */
  locale: PageLocale;
  /** The page's words in its language (page-kit/intl.ts). */
  t: Translate;
  params: PageParams;
  search: URLSearchParams;
  data: QueryClient;
  /** A deletion request's confirmation after its POST (issue 21). */
  deletionConfirm: DeletionConfirmState;
  /** A mailing list's page after a plain POST (issue 26). */
  subscription: SubscriptionPageState;
}

export interface PublicPage {
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
   * The language the page is written in when its head reads (or a form's outcome) say so rather than
   * its address (a shared draft of a post's translation, a deletion request's confirmation: issue 24):
   * its words, `<html lang dir>` and links are in it.
   */
  language?: (
    params: PageParams,
    data: QueryClient,
    deletionConfirm: DeletionConfirmState,
    subscription: SubscriptionPageState,
  ) => string | undefined;
  /**
   * The page differs by the visitor's platform (ios, android, other: the store badges' order),
   * read from the User-Agent: it is kept once per platform and sent with `Vary: User-Agent`.
   */
  variesByPlatform?: boolean;
  /**
   * The page's head (title, description, canonical path, feeds, status…) in the state its reads
   * leave it (found, not found…), as the page shows that state. A `path` of '' is the address opened.
   */
  head: (input: HeadInput) => HeadData;
  element: ReactNode;
}

export const definePublicPage = (page: PublicPage): PublicPage => page;
