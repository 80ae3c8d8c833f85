// The whole sitemap as a search engine reads it (issue 28): the index at /sitemap.xml, then each part
// it names, their texts one after another (for tests that look for an address anywhere in it).
import type { AppInstance } from '../../src/server/types';

const PART = /<sitemap><loc>([^<]+)<\/loc>/g;

export async function readSitemap(app: AppInstance, headers: Record<string, string> = {}): Promise<string> {
  const index = await app.inject({ method: 'GET', url: '/sitemap.xml', headers });
  if (index.statusCode !== 200) throw new Error(`/sitemap.xml answered ${index.statusCode}`);
  const texts = [index.body];
  for (const [, loc] of index.body.matchAll(PART)) {
    const url = new URL(loc!.replace(/&amp;/g, '&')).pathname;
    const part = await app.inject({ method: 'GET', url, headers });
    if (part.statusCode !== 200) throw new Error(`${url} answered ${part.statusCode}`);
    texts.push(part.body);
  }
  return texts.join('\n');
}
