// What a first view of a public page makes a browser download: the HTML, its stylesheets, scripts and
// module preloads, the static imports of those modules (not dynamic import(), which waits for use),
// and the fonts its CSS declares in @font-face. Text is sized gzipped at level 6 (what a typical
// server or CDN sends); fonts at their own size, since woff2 is already compressed.
// Standalone: tsx scripts/page-weight.ts http://127.0.0.1:PORT [path…]
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const PUBLIC_PAGES = ['/', '/about', '/contact', '/privacy', '/apps/1/blogs', '/blogs/1'];

/** First view of a public page: at most this much HTML + CSS + JS (gzip), in at most this many requests. */
export const BUDGET = { totalGzip: 20 * 1024, requests: 8 };

export interface PageWeight {
  path: string;
  /** Bytes, gzip level 6. */
  htmlGzip: number;
  cssGzip: number;
  jsGzip: number;
  /** htmlGzip + cssGzip + jsGzip; fonts are counted apart. */
  totalGzip: number;
  /** Fonts from @font-face and preloads, as served (already compressed). */
  fontBytes: number;
  /** 1 for the HTML plus each distinct file fetched. */
  requests: number;
  /** Every file fetched after the HTML, in the order found. */
  files: string[];
}

type Kind = 'css' | 'js' | 'font';

interface Found {
  kind: Kind;
  /** An ES module: its static imports are followed. */
  module: boolean;
}

const gzipSize = (body: Buffer) => gzipSync(body, { level: 6 }).length;

/** The attributes of one start tag (names lower-cased, a few entities decoded). */
function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<[a-zA-Z]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    attrs[m[1]!.toLowerCase()] = value
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  }
  return attrs;
}

/** The files an HTML document asks for before it is usable. */
export function htmlResources(html: string): { href: string; found: Found }[] {
  const out: { href: string; found: Found }[] = [];
  const doc = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of doc.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes('stylesheet')) out.push({ href: a.href, found: { kind: 'css', module: false } });
    else if (rel.includes('modulepreload')) out.push({ href: a.href, found: { kind: 'js', module: true } });
    else if (rel.includes('preload')) {
      const as = (a.as ?? '').toLowerCase();
      if (as === 'style') out.push({ href: a.href, found: { kind: 'css', module: false } });
      else if (as === 'script') out.push({ href: a.href, found: { kind: 'js', module: false } });
      else if (as === 'font') out.push({ href: a.href, found: { kind: 'font', module: false } });
    }
  }
  for (const m of doc.matchAll(/<script\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (a.src) out.push({ href: a.src, found: { kind: 'js', module: (a.type ?? '').toLowerCase() === 'module' } });
  }
  return out;
}

/**
 * The static imports of a (minified or not) ES module: `import … from "x"`, `import "x"`,
 * `export … from "x"`, each at the start of a statement. `import("x")` is dynamic and not matched.
 */
export function staticImports(js: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\n}])\s*(?:import\s*(["'])([^"'\n]+)\1|(?:import|export)\b[^;"'()]*?\bfrom\s*(["'])([^"'\n]+)\3)/g;
  for (const m of js.matchAll(re)) out.push((m[2] ?? m[4])!);
  return out;
}

/** Code points of the text a page shows (for @font-face unicode-range). */
function pageText(html: string): Set<number> {
  const text = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;|&#x[0-9a-f]+;/gi, ' ');
  const points = new Set<number>();
  for (const ch of text) points.add(ch.codePointAt(0)!);
  return points;
}

/** Whether any of the code points falls in a CSS unicode-range ("U+0000-00FF, U+0131, U+4??"). */
function inRange(range: string, points: Set<number>): boolean {
  const spans = range.split(',').map((part) => {
    const p = part.trim().replace(/^u\+/i, '');
    if (p.includes('?')) return [parseInt(p.replace(/\?/g, '0'), 16), parseInt(p.replace(/\?/g, 'F'), 16)] as const;
    const [lo, hi] = p.split('-');
    return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as const;
  });
  for (const cp of points) if (spans.some(([lo, hi]) => cp >= lo && cp <= hi)) return true;
  return false;
}

/**
 * What a stylesheet pulls in: @import-ed sheets, and for each @font-face the first url() of its
 * src (the browser takes the first format it supports; woff2 comes first), only when the page's
 * text has a character in its unicode-range. Whether the family is used at all is not checked.
 */
export function cssResources(css: string, points: Set<number>): { href: string; found: Found }[] {
  const out: { href: string; found: Found }[] = [];
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of clean.matchAll(/@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1/g))
    out.push({ href: m[2]!, found: { kind: 'css', module: false } });
  for (const m of clean.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const block = m[1]!;
    const range = /unicode-range\s*:\s*([^;]+)/i.exec(block)?.[1];
    if (range && !inRange(range, points)) continue;
    const src = /(?:^|;)\s*src\s*:([^;]+)/i.exec(block)?.[1] ?? '';
    const url = /url\(\s*(["']?)([^"')]+)\1\s*\)/.exec(src)?.[2];
    if (url && !url.startsWith('data:')) out.push({ href: url, found: { kind: 'font', module: false } });
  }
  return out;
}

async function get(url: string): Promise<Buffer> {
  // fetch() undoes any content-encoding: the body is the file itself.
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The first-view weight of `path` on the server at `base` (loopback: other origins are not fetched). */
export async function pageWeight(base: string, path: string): Promise<PageWeight> {
  const pageUrl = new URL(path, base);
  const html = await get(pageUrl.href);
  const points = pageText(html.toString('utf8'));
  const weight: PageWeight = {
    path,
    htmlGzip: gzipSize(html),
    cssGzip: 0,
    jsGzip: 0,
    totalGzip: 0,
    fontBytes: 0,
    requests: 1,
    files: [],
  };
  const seen = new Map<string, Found>();
  const queue: { url: URL; found: Found }[] = [];
  const add = (href: string, from: URL, found: Found) => {
    const url = new URL(href, from);
    url.hash = '';
    if (url.protocol === 'data:') return;
    if (url.origin !== pageUrl.origin) throw new Error(`${path} loads ${url.href}: another origin, not fetched`);
    const known = seen.get(url.href);
    if (known) {
      // A file preloaded as a script and also loaded as a module: follow its imports all the same.
      if (found.module && !known.module) {
        known.module = true;
        queue.push({ url, found: known });
      }
      return;
    }
    const copy = { ...found };
    seen.set(url.href, copy);
    queue.push({ url, found: copy });
  };
  for (const r of htmlResources(html.toString('utf8'))) add(r.href, pageUrl, r.found);

  const bodies = new Map<string, Buffer>();
  while (queue.length > 0) {
    const { url, found } = queue.shift()!;
    let body = bodies.get(url.href);
    if (!body) {
      body = await get(url.href);
      bodies.set(url.href, body);
      weight.files.push(url.pathname + url.search);
      weight.requests += 1;
      if (found.kind === 'css') weight.cssGzip += gzipSize(body);
      else if (found.kind === 'js') weight.jsGzip += gzipSize(body);
      else weight.fontBytes += body.length;
      if (found.kind === 'css') for (const r of cssResources(body.toString('utf8'), points)) add(r.href, url, r.found);
    }
    if (found.kind === 'js' && found.module)
      for (const spec of staticImports(body.toString('utf8'))) {
        // Bare specifiers cannot load in a browser without an import map; the build emits none.
        if (!/^(\.{1,2}\/|\/)/.test(spec)) throw new Error(`${url.pathname} imports "${spec}": not a path`);
        add(spec, url, { kind: 'js', module: true });
      }
  }
  weight.totalGzip = weight.htmlGzip + weight.cssGzip + weight.jsGzip;
  return weight;
}

export const withinBudget = (w: PageWeight) => w.totalGzip <= BUDGET.totalGzip && w.requests <= BUDGET.requests;

async function cli(base: string | undefined, paths: string[]) {
  if (!base) {
    console.error('usage: tsx scripts/page-weight.ts http://127.0.0.1:PORT [path…]');
    process.exit(2);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  for (const p of paths.length > 0 ? paths : PUBLIC_PAGES) {
    const w = await pageWeight(base, p);
    console.log(
      `${p}: HTML ${kb(w.htmlGzip)}, CSS ${kb(w.cssGzip)}, JS ${kb(w.jsGzip)}, total ${kb(w.totalGzip)}, ` +
        `fonts ${kb(w.fontBytes)}, ${w.requests} requests, within budget: ${withinBudget(w) ? 'yes' : 'no'}`,
    );
    for (const f of w.files) console.log(`  ${f}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  cli(process.argv[2], process.argv.slice(3)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
