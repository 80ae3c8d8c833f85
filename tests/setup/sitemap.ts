// The whole sitemap as a search engine reads it (issue 28): the index at /sitemap.xml, then each part
// it names. Used by the API tests (through inject) and the end-to-end tests (through real HTTP).
import type { AppInstance } from '../../src/server/types';

const PART = /<sitemap><loc>([^<]+)<\/loc>/g;

/** Answers a GET of a path on the site under test: its status and body. */
export type GetText = (path: string) => Promise<{ status: number; body: string }>;

/** The index's part addresses, as paths on the site. */
export function sitemapParts(index: string): string[] {
  return [...index.matchAll(PART)].map(([, loc]) => new URL(loc!.replace(/&amp;/g, '&')).pathname);
}

/** The index and each of its parts, in order; throws on any answer but 200. */
export async function fetchSitemap(get: GetText): Promise<{ index: string; parts: string[] }> {
  const ok = async (path: string) => {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return res.body;
  };
  const index = await ok('/sitemap.xml');
  const parts: string[] = [];
  for (const path of sitemapParts(index)) parts.push(await ok(path));
  return { index, parts };
}

/** The index and its parts' texts one after another (for tests that look for an address anywhere in it). */
export async function readSitemap(app: AppInstance, headers: Record<string, string> = {}): Promise<string> {
  const { index, parts } = await fetchSitemap(async (url) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.body };
  });
  return [index, ...parts].join('\n');
}
