// One canonical path per public page, so the page cache has one key per page and visitors and
// crawlers land on the URL the page's canonical link names: `/about/` → `/about`,
// `/blogs/0001` → `/blogs/1`, `/About` → `/about`; and one spelling of the query a page reads.
// A language's prefix is spelled as its tag: `/PT-br/blog` → `/pt-BR/blog`.
// Paths that cannot name a page at all (undecodable, or with control characters such as an encoded
// line break) are not found.
import { canonicalLocale } from '../../shared/locales';

export type CanonicalPath = { kind: 'page'; path: string } | { kind: 'redirect'; to: string } | { kind: 'invalid' };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function canonicalPagePath(raw: string): CanonicalPath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { kind: 'invalid' };
  }
  if (CONTROL.test(decoded) || !raw.startsWith('/') || raw.startsWith('//')) return { kind: 'invalid' };
  // The admin app routes in the browser and keeps its own paths.
  if (raw === '/admin-page' || raw.startsWith('/admin-page/')) return { kind: 'page', path: raw };

  const canonical =
    raw
      .replace(/\/+$/, '')
      .split('/')
      // Ids lose leading zeros (not a post's slug such as '007', nor a preview's secret); every
      // route of the site is lower case.
      .map((segment, i, all) =>
        /^\d+$/.test(segment) && ID_AFTER.has(all[i - 1] ?? '')
          ? String(BigInt(segment))
          : // A language's prefix keeps its tag's spelling (/pt-BR/blog, issue 24).
            (i === 1 && canonicalLocale(segment)) || segment.toLowerCase(),
      )
      .join('/') || '/';
  return canonical === raw ? { kind: 'page', path: raw } : { kind: 'redirect', to: canonical };
}

/** The segments an id follows: `/blogs/{id}`, `/apps/{appId}/blogs`. */
const ID_AFTER = new Set(['blogs', 'apps']);

/**
 * The query a page reads, in one spelling: only the parameters it names (`known`, in that order),
 * each once, numbers without leading zeros, empty ones left out. Anything else in the address
 * (tracking tags, junk) neither reaches the render nor multiplies the cache's keys.
 */
export function canonicalQuery(known: readonly string[], query: string): string {
  let given: URLSearchParams;
  try {
    given = new URLSearchParams(query);
  } catch {
    return '';
  }
  const out = new URLSearchParams();
  for (const name of known) {
    const value = given.get(name)?.trim();
    if (!value) continue;
    out.set(name, /^\d{1,15}$/.test(value) ? String(Number(value)) : value);
  }
  return out.toString();
}
