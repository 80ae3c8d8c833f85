// The admin's check of the hreflang clusters (issue 24): it reads the sitemap as a search engine
// does (the index, then its parts one at a time, issue 28), opens every address of every cluster, and lists what a search engine would find broken: an
// address that does not answer 200, or whose page does not name exactly the sitemap's cluster
// (itself, every other language and x-default, reciprocally). It also lists translations published
// for an item visitors cannot see, whose page would be missing from the cluster.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { HreflangCheck } from '../../../shared/schemas/translations';
import type { AppInstance } from '../../types';

/** Pages opened at most in one check (a large site is checked in part, and says so). */
export const CHECK_MAX_PAGES = 2_000;

const SITEMAP_PART = /<sitemap><loc>([^<]+)<\/loc>/g;
const SITEMAP_URL = /<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?((?:<xhtml:link [^>]+\/>)*)<\/url>/g;
const SITEMAP_LINK = /<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g;
const PAGE_LINK = /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"[^>]*>/g;

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const pairs = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => `${m[1]} ${unescape(m[2]!)}`).sort();

export async function checkHreflang(app: AppInstance, siteUrl: string): Promise<HreflangCheck> {
  const problems: HreflangCheck['problems'] = [];
  const relative = (url: string) => (url.startsWith(siteUrl) ? url.slice(siteUrl.length) || '/' : url);
  const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
  if (index.statusCode !== 200)
    return { checked: 0, problems: [{ path: '/sitemap.xml', message: `Answered ${index.statusCode}` }] };

  const partly = `Only the first ${CHECK_MAX_PAGES} addresses were checked`;
  let checked = 0;
  for (const [, part] of index.body.matchAll(SITEMAP_PART)) {
    if (checked >= CHECK_MAX_PAGES) {
      if (!problems.some((p) => p.message === partly)) problems.push({ path: '', message: partly });
      break;
    }
    const partPath = relative(unescape(part!));
    const sitemap = await app.inject({ method: 'GET', url: partPath });
    if (sitemap.statusCode !== 200) {
      problems.push({ path: partPath, message: `Answered ${sitemap.statusCode}` });
      continue;
    }
    checked = await checkPart(sitemap.body, checked);
  }
  return { checked, problems };

  /** Opens the clustered addresses of one part; the number checked so far after it. */
  async function checkPart(body: string, checkedBefore: number): Promise<number> {
    const clustered = [...body.matchAll(SITEMAP_URL)].filter((m) => m[2]);
    let checked = checkedBefore;
    for (const [, loc, links] of clustered) {
      if (checked >= CHECK_MAX_PAGES) {
        problems.push({ path: '', message: partly });
        break;
      }
      const path = relative(unescape(loc!));
      const expected = pairs(links!, SITEMAP_LINK);
      // In-process requests on the embedded database never wait for I/O: without a turn of the event
      // loop between pages the whole crawl is one block, and visitors' requests wait for all of it
      // (then load shedding answers 503, its delay measured).
      await nextTurn();
      const res = await app.inject({ method: 'GET', url: path });
      checked++;
      if (res.statusCode !== 200) {
        problems.push({ path, message: `Listed in the sitemap, but answers ${res.statusCode}` });
        continue;
      }
      const found = pairs(res.body, PAGE_LINK);
      for (const pair of expected.filter((p) => !found.includes(p))) {
        const [lang, href] = pair.split(' ');
        problems.push({ path, message: `Does not link to its ${lang} version (${relative(href!)})` });
      }
      for (const pair of found.filter((p) => !expected.includes(p))) {
        const [lang, href] = pair.split(' ');
        problems.push({
          path,
          message: `Links to ${relative(href!)} as ${lang}, which the sitemap does not pair with it`,
        });
      }
    }
    return checked;
  }
}
