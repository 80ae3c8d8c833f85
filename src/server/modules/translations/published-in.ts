// What is there in each of the site's other languages, for the links of a page in it
// (ssr/localize-links.ts) and of a deletion request's emails (deletion-requests/deletion-language.ts):
// the visible apps by slug and id, and the apps, apps' own pages, posts and studio pages published
// in the language (or showing the default's text there by staff's choice).
// Built once per language with two reads and kept until content changes: a ContentCache, emptied on
// every content change, this instance's or another's (ContentEvents' NOTIFY), and never filled from
// reads older than the latest change.
import { ContentCache } from '../../lib/content-cache';
import type { ContentEvents } from '../../lib/content-events';
import type { Repos } from '../../types';

/** The kinds of translation a linked page needs in a language to be there. */
export type LinkedType = 'app' | 'post' | 'app-page' | 'page' | 'releases';
/** The translations read: a release's (issue 26) opens its app's release notes page ('releases:{appId}'). */
const LINKED_TYPES = ['app', 'post', 'app-page', 'page', 'release'];

/** Bytes the sets of every language may hold together (a set is a few dozen bytes an item). */
export const PUBLISHED_CACHE_BYTES = 8 * 1024 * 1024;

export interface PublishedSet {
  /** A visible app's id, by its slug or its id (as a link names it). */
  apps: Map<string, number>;
  /** `${type}:${item}` of each item there in the language. */
  items: Set<string>;
}

const sizeOf = (set: PublishedSet) => {
  let bytes = 0;
  for (const key of set.apps.keys()) bytes += key.length + 16;
  for (const key of set.items) bytes += key.length + 16;
  return bytes;
};

export class PublishedIn {
  readonly #cache: ContentCache<PublishedSet>;
  /** Sets being built, by content version and language: renders at the same moment share one build. */
  readonly #building = new Map<string, Promise<PublishedSet>>();

  constructor(
    content: ContentEvents,
    private readonly repos: Pick<Repos, 'apps' | 'translations'>,
  ) {
    this.#cache = new ContentCache(content, { maxBytes: PUBLISHED_CACHE_BYTES, sizeOf });
  }

  /** What is there in the language `locale` (a site language other than the default). */
  async in(locale: string): Promise<PublishedSet> {
    const hit = this.#cache.get(locale);
    if (hit) return hit;
    const ticket = this.#cache.ticket();
    const key = `${ticket} ${locale}`;
    let building = this.#building.get(key);
    if (!building) {
      building = this.#build(locale).finally(() => this.#building.delete(key));
      this.#building.set(key, building);
    }
    const set = await building;
    this.#cache.set(locale, set, ticket);
    return set;
  }

  async #build(locale: string): Promise<PublishedSet> {
    const [apps, rows] = await Promise.all([
      this.repos.apps.list(),
      this.repos.translations.openIn(locale, LINKED_TYPES),
    ]);
    // In the apps' order, the first app a key names (by its slug or its id) keeps it.
    const byKey = new Map<string, number>();
    for (const app of apps) for (const key of [app.slug, String(app.id)]) if (!byKey.has(key)) byKey.set(key, app.id);
    return {
      apps: byKey,
      items: new Set(rows.map((row) => (row.type === 'release' ? `releases:${row.appId}` : `${row.type}:${row.item}`))),
    };
  }
}
