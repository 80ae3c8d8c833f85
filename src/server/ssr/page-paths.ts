// One canonical path per public page, so the page cache has one key per page and visitors and
// crawlers land on the URL the page's canonical link names: `/about/` → `/about`,
// `/blogs/0001` → `/blogs/1`, `/About` → `/about`. Paths that cannot name a page at all
// (undecodable, or with control characters such as an encoded line break) are not found.

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
      // Numeric segments (ids) lose leading zeros; every route of the site is lower case.
      .map((segment) => (/^\d+$/.test(segment) ? String(BigInt(segment)) : segment.toLowerCase()))
      .join('/') || '/';
  return canonical === raw ? { kind: 'page', path: raw } : { kind: 'redirect', to: canonical };
}
