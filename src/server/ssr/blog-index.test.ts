// Issue 12, the public side: the blog index (/blog) with its pages, app filter and feed; readable
// post addresses (old slugs redirect, /blogs/{id} names the readable one); a post's SEO head; the
// sitemap; and a shared draft's preview page (not indexed, not kept, gone once expired or revoked).
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../tests/setup/api';
import { fixedClock } from '../../../tests/setup/clock';
import { useStaffApp } from '../../../tests/setup/test-app';
import type { BlogPost, BlogPostInput } from '../../shared/schemas/blog-posts';
import type { NewPreviewLink } from '../../shared/schemas/preview-links';
import { productionWeb } from './web';
import { readSitemap } from '../../../tests/setup/sitemap';

const ctx = useStaffApp({}, { web: productionWeb(), clock: fixedClock() });
let lantern: number;
let orchard: number;
/** Lantern's posts, oldest first (12 published), and a draft. */
let lanternPosts: BlogPost[];
let orchardPosts: BlogPost[];
let draft: BlogPost;

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const staff = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, status = 200) =>
  ok<T>(ctx.app.inject({ method, url, headers: { cookie: ctx.admin }, payload: payload as object }), status);
const pages = () => ctx.app.caches.pages!;
const base = () => ctx.config.siteUrl;

/** The <main> of a page, and what it links to. */
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const hrefs = (html: string) => [...main(html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
/** The opening tag of the link to `href` in the page's <main>. */
const anchor = (html: string, href: string) =>
  new RegExp(`<a\\b[^>]*href="${href.replace(/[?]/g, '\\?').replace(/&/g, '&amp;')}"[^>]*>`).exec(html)?.[0] ?? '';
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];

const createApp = async (title: string) => (await ctx.make.makeApp({ title })).id;

const createPost = (appId: number, title: string, extra: Partial<BlogPostInput> = {}) =>
  ctx.make.makePost(appId, {
    title,
    content: `<p>${title}: what changed and why. ${'More words. '.repeat(30)}</p>`,
    isPublished: true,
    ...extra,
  });

beforeAll(async () => {
  lantern = await createApp('Lantern Drift');
  orchard = await createApp('Pocket Orchard');
  // Published one after another, each a minute later, so newest first is a known order.
  const start = ctx.clock.now().getTime() - 60 * 60_000;
  lanternPosts = [];
  for (let i = 1; i <= 12; i++) {
    const at = new Date(start + i * 2 * 60_000).toISOString();
    lanternPosts.push(await createPost(lantern, `Lantern devlog ${i}`, { publishAt: at }));
  }
  orchardPosts = [];
  for (let i = 1; i <= 3; i++) {
    const at = new Date(start + (i * 2 + 1) * 60_000).toISOString();
    orchardPosts.push(await createPost(orchard, `Orchard news ${i}`, { publishAt: at }));
  }
  draft = await createPost(lantern, 'Secret sequel', { isPublished: false });
});

describe('the blog index', () => {
  it('lists every published post, newest first, ten to a page, with its app and a readable link', async () => {
    const res = await get('/blog');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Blog<\/h1>/);
    const all = [...lanternPosts, ...orchardPosts].sort((a, b) => b.publishedAt!.localeCompare(a.publishedAt!));
    const links = hrefs(res.body);
    const shown = all.filter((p) => links.includes(`/blogs/${p.id}/${p.slug}`));
    expect(shown.map((p) => p.title)).toEqual(all.slice(0, 10).map((p) => p.title));
    // In that order on the page.
    const positions = shown.map((p) => main(res.body).indexOf(`>${p.title}<`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(main(res.body)).toContain('Pocket Orchard');
    expect(res.body).not.toContain('Secret sequel');
    expect(main(res.body)).toContain('Page 1 of 2');
    expect(anchor(main(res.body), '/blog?page=2')).toContain('aria-label="Next page"');
    expect(canonical(res.body)).toBe(`${base()}/blog`);
    expect(res.body).toContain(
      `type="application/rss+xml" title="${ctx.config.siteName} blog" href="${base()}/blog/rss.xml"`,
    );
  });

  it('shows the second page, and answers 404 past the last one or for a page that cannot be', async () => {
    const res = await get('/blog?page=2');
    expect(res.statusCode).toBe(200);
    expect(main(res.body)).toContain('Page 2 of 2');
    expect(main(res.body).match(/<article/g)).toHaveLength(5);
    const paging = main(res.body).slice(main(res.body).indexOf('aria-label="Pagination"'));
    expect(anchor(paging, '/blog')).toContain('aria-label="Previous page"');
    expect(canonical(res.body)).toBe(`${base()}/blog?page=2`);

    const before = pages().size;
    for (const url of ['/blog?page=3', '/blog?page=0', '/blog?page=abc', '/blog?page=-1', '/blog?app=x']) {
      const gone = await get(url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.body, url).toContain('<meta name="robots" content="noindex">');
      expect(gone.headers['cache-control'], url).toBe('no-store');
    }
    expect(pages().size).toBe(before);
  });

  it('filters by app with plain links, and answers 404 for an app that is not there', async () => {
    const all = await get('/blog');
    expect(hrefs(all.body)).toContain(`/blog?app=${orchard}`);
    const res = await get(`/blog?app=${orchard}`);
    expect(res.statusCode).toBe(200);
    const articles = main(res.body).match(/<article/g) ?? [];
    expect(articles).toHaveLength(3);
    for (const p of orchardPosts) expect(hrefs(res.body)).toContain(`/blogs/${p.id}/${p.slug}`);
    expect(main(res.body)).not.toContain('Lantern devlog');
    expect(main(res.body)).not.toContain('Page 1 of');
    expect(anchor(main(res.body), `/blog?app=${orchard}`)).toContain('aria-current="page"');
    expect(canonical(res.body)).toBe(`${base()}/blog?app=${orchard}`);

    // Lantern has two pages; the filter stays on the paging links.
    const lanternPage = await get(`/blog?app=${lantern}`);
    expect(lanternPage.body).toContain(`href="/blog?app=${lantern}&amp;page=2"`);
    expect((await get(`/blog?app=${lantern}&page=2`)).statusCode).toBe(200);
    expect((await get(`/blog?app=${lantern}&page=3`)).statusCode).toBe(404);

    expect((await get('/blog?app=999999')).statusCode).toBe(404);
  });

  it('keeps one page per page and app, whatever else the address holds, until content changes', async () => {
    await get('/blog?page=2');
    const before = pages().size;
    for (const url of [
      '/blog?page=2&utm_source=x',
      '/blog?utm_source=y&page=02',
      '/blog?page=2&page=9',
      '/blog?x=1&page=2',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(main(res.body), url).toContain('Page 2 of 2');
    }
    // `app` and `page` in either order are one page.
    await get(`/blog?page=2&app=${lantern}`);
    const afterFirst = pages().size;
    await get(`/blog?app=${lantern}&page=2&ref=mail`);
    expect(pages().size).toBe(afterFirst);
    expect(afterFirst).toBeLessThanOrEqual(before + 1);

    // A new post shows at once.
    const fresh = await createPost(orchard, 'Orchard harvest festival');
    const res = await get('/blog');
    expect(main(res.body)).toContain('Orchard harvest festival');
    expect(main(res.body)).toContain('Page 1 of 2');
    orchardPosts.push(fresh);
  });

  it('the API keeps the total of a cached page', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/blogs?page=1&pageSize=10');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count'], `read ${i + 1}`).toBe(String(lanternPosts.length + orchardPosts.length));
    }
  });

  it('has a feed of its own, cached like the others', async () => {
    const res = await get('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain(`<link>${base()}/blog</link>`);
    expect(res.body).toContain(`<atom:link href="${base()}/blog/rss.xml" rel="self"`);
    for (const p of [...lanternPosts, ...orchardPosts]) {
      expect(res.body).toContain(`<link>${base()}/blogs/${p.id}/${p.slug}</link>`);
    }
    expect(res.body).not.toContain('Secret sequel');
    expect((res.body.match(/<item>/g) ?? []).length).toBe(lanternPosts.length + orchardPosts.length);
  });

  it('is in the header, the footer and the sitemap; the sitemap names readable addresses and no drafts', async () => {
    const home = await get('/');
    const header = home.body.slice(home.body.indexOf('<header'), home.body.indexOf('</header>'));
    expect(header).toMatch(/<a[^>]*href="\/blog"[^>]*>Blog<\/a>/);
    const footer = home.body.slice(home.body.indexOf('<footer'), home.body.indexOf('</footer>'));
    expect(footer).toMatch(/<a[^>]*href="\/blog"[^>]*>Blog<\/a>/);
    const blog = await get('/blog');
    expect(blog.body).toMatch(/<a[^>]*href="\/blog"[^>]*aria-current="page"[^>]*>Blog<\/a>/);

    const sitemap = await readSitemap(ctx.app);
    expect(sitemap).toContain(`<loc>${base()}/blog</loc>`);
    for (const p of [...lanternPosts, ...orchardPosts]) {
      expect(sitemap).toContain(`<loc>${base()}/blogs/${p.id}/${p.slug}</loc>`);
      expect(sitemap).not.toContain(`<loc>${base()}/blogs/${p.id}</loc>`);
    }
    expect(sitemap).not.toContain(`/blogs/${draft.id}`);
  });
});

describe('readable post addresses', () => {
  it('renders the readable address, and /blogs/{id} names it as canonical', async () => {
    const post = lanternPosts[0]!;
    const readable = `/blogs/${post.id}/${post.slug}`;
    expect(post.slug).toBe('lantern-devlog-1');
    for (const url of [readable, `/blogs/${post.id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toMatch(/<h1[^>]*>Lantern devlog 1<\/h1>/);
      expect(canonical(res.body), url).toBe(`${base()}${readable}`);
      expect(metaContent(res.body, 'property', 'og:url'), url).toBe(`${base()}${readable}`);
    }
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec((await get(readable)).body)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'BlogPosting', mainEntityOfPage: `${base()}${readable}` });
  });

  it('redirects (301) an old or wrong slug to the current one, keeping the query', async () => {
    const post = lanternPosts[1]!;
    const old = `/blogs/${post.id}/${post.slug}`;
    const renamed = await staff<BlogPost>('PUT', `/api/admin/blogs/${post.id}`, {
      appId: lantern,
      title: post.title,
      content: post.content,
      slug: 'lantern-devlog-two',
    });
    expect(renamed.slug).toBe('lantern-devlog-two');
    const moved = await get(`${old}?utm_source=mail`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/blogs/${post.id}/lantern-devlog-two?utm_source=mail`);
    expect((await get(`/blogs/${post.id}/anything-else`)).headers.location).toBe(
      `/blogs/${post.id}/lantern-devlog-two`,
    );
    expect((await get(`/blogs/${post.id}/lantern-devlog-two`)).statusCode).toBe(200);
    // Signed-in staff are redirected too.
    const asStaff = await get(old, { cookie: ctx.admin });
    expect(asStaff.statusCode).toBe(301);
    lanternPosts[1] = renamed;
  });

  it('keeps a slug made of digits as it is (no redirect loop)', async () => {
    const post = lanternPosts[2]!;
    await staff('PUT', `/api/admin/blogs/${post.id}`, {
      appId: lantern,
      title: post.title,
      content: post.content,
      slug: '007',
    });
    const res = await get(`/blogs/${post.id}/007`);
    expect(res.statusCode).toBe(200);
    expect(canonical(res.body)).toBe(`${base()}/blogs/${post.id}/007`);
    expect((await get(`/blogs/00${post.id}/007`)).headers.location).toBe(`/blogs/${post.id}/007`);
    lanternPosts[2] = { ...post, slug: '007' };
  });

  it('answers 404 for a draft (visitors) and for a post that does not exist, at either address', async () => {
    for (const url of [
      `/blogs/${draft.id}`,
      `/blogs/${draft.id}/${draft.slug}`,
      '/blogs/999999/nothing',
      '/blogs/1/a/b',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe("a post's head", () => {
  it('uses the title, the start of the text and the app’s picture when nothing else is written', async () => {
    const post = lanternPosts[3]!;
    const res = await get(`/blogs/${post.id}/${post.slug}`);
    expect(res.body).toContain(`<title>Lantern devlog 4 | Lantern Drift | ${ctx.config.siteName}</title>`);
    const description = metaContent(res.body, 'name', 'description')!;
    expect(description.startsWith('Lantern devlog 4: what changed and why.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(163);
  });

  it('uses the SEO title, the SEO description, then the excerpt, and the chosen share image', async () => {
    const post = lanternPosts[4]!;
    const shareImage = '/media/0123456789abcdef/800x600.png';
    const edited = await staff<BlogPost>('PUT', `/api/admin/blogs/${post.id}`, {
      appId: lantern,
      title: post.title,
      content: post.content,
      seoTitle: 'Devlog five: lanterns that float',
      seoDescription: 'How the floating lanterns were made.',
      excerpt: 'An excerpt for the index.',
      shareImage,
    });
    let res = await get(`/blogs/${post.id}/${edited.slug}`);
    expect(res.body).toContain('<title>Devlog five: lanterns that float</title>');
    expect(metaContent(res.body, 'property', 'og:title')).toBe('Devlog five: lanterns that float');
    expect(metaContent(res.body, 'name', 'description')).toBe('How the floating lanterns were made.');
    expect(metaContent(res.body, 'property', 'og:image')).toBe(`${base()}${shareImage}`);
    expect(metaContent(res.body, 'property', 'og:image:width')).toBe('800');
    // The index shows the excerpt.
    expect(main((await get(`/blog?app=${lantern}`)).body)).toContain('An excerpt for the index.');

    // Empty texts mean "use the default": the excerpt, then the first large image of the text.
    const textImage = '/media/fedcba9876543210/1600x900.jpg';
    await staff('PUT', `/api/admin/blogs/${post.id}`, {
      appId: lantern,
      title: post.title,
      content: `<p>Intro.</p><p><img src="${textImage}" alt="A lantern"></p>`,
      seoTitle: '',
      seoDescription: '',
      shareImage: '',
    });
    res = await get(`/blogs/${post.id}/${edited.slug}`);
    expect(res.body).toContain(`<title>Lantern devlog 5 | Lantern Drift | ${ctx.config.siteName}</title>`);
    expect(metaContent(res.body, 'name', 'description')).toBe('An excerpt for the index.');
    expect(metaContent(res.body, 'property', 'og:image')).toBe(`${base()}${textImage}`);
  });
});

describe('a shared draft', () => {
  let link: NewPreviewLink;
  let path: string;

  beforeAll(async () => {
    link = await staff<NewPreviewLink>('POST', `/api/admin/blogs/${draft.id}/preview-link`, undefined, 201);
    path = new URL(link.url).pathname;
  });

  it('shows the draft as its page will look, with a banner, to anyone with the link; never indexed or kept', async () => {
    const before = pages().size;
    const res = await get(path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Secret sequel<\/h1>/);
    expect(res.body).toMatch(/role="status"[^>]*>.*Preview of a draft — not published/s);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(canonical(res.body)).toBeUndefined();
    expect(res.body).not.toContain('application/ld+json');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(pages().size).toBe(before);
    // The draft stays out of everything public.
    expect((await get('/blog')).body).not.toContain('Secret sequel');
  });

  it('is gone (404) once revoked', async () => {
    const second = await staff<NewPreviewLink>('POST', `/api/admin/blogs/${draft.id}/preview-link`, undefined, 201);
    const secondPath = new URL(second.url).pathname;
    expect((await get(secondPath)).statusCode).toBe(200);
    await staff('DELETE', `/api/admin/blogs/${draft.id}/preview-links/${second.id}`);
    const res = await get(secondPath);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This preview link has expired or was revoked');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('is gone (404) for an unknown or malformed secret', async () => {
    for (const url of [`/preview/${'0'.repeat(64)}`, '/preview/not-a-token', `/preview/${'a'.repeat(63)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('This preview link has expired or was revoked');
    }
  });

  it('is gone (404) once expired, after 7 days', async () => {
    expect((await get(path)).statusCode).toBe(200);
    ctx.clock.offsetMs = 7 * 24 * 60 * 60_000 + 60_000;
    try {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This preview link has expired or was revoked');
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});
