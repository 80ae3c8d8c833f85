// No stampede (issue 28): a page whose cache was just dropped is rendered once however many
// visitors ask for it at the same moment. Real HTTP on the app's own port, a real write drops the
// cache, and the renders are counted by the page cache itself (`computed`: each single flight once).
import { beforeAll, describe, expect, it } from 'vitest';
import { useStaffApp } from '../../../tests/setup/test-app';
import { paths } from '../../shared/paths';
import { productionWeb } from './web';

const ctx = useStaffApp({}, { web: productionWeb() });
let base = '';
let appSlug = '';

beforeAll(async () => {
  const app = await ctx.make.makeApp();
  appSlug = app.slug;
  await ctx.make.makePost(app.id, { isPublished: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

/** A staff write of public content: every cached page and read is dropped. */
async function dropCaches() {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/about-us',
    headers: { cookie: ctx.admin },
    payload: { title: 'About the studio', content: `<p>Written at ${Date.now()}, in a test.</p>` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const VISITORS = 200;

async function stampede(url: string) {
  const replies = await Promise.all(
    Array.from({ length: VISITORS }, () =>
      fetch(base + url, { headers: { 'accept-encoding': 'gzip' } }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      })),
    ),
  );
  return replies;
}

describe('no stampede', () => {
  it(`renders a just-dropped page once for ${VISITORS} visitors asking at the same moment`, async () => {
    const pages = ctx.app.caches.pages!;
    for (const url of [paths.blogIndex, paths.app(appSlug)]) {
      expect((await fetch(base + url)).status).toBe(200); // kept
      await dropCaches();
      const before = pages.computed;
      const replies = await stampede(url);
      expect(pages.computed - before, url).toBe(1);
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
      // Every visitor got the same page (the one render, whole, streamed or not).
      expect(new Set(replies.map((r) => r.body)).size).toBe(1);
      expect(replies[0]!.body).toContain('</html>');
      // And the next visitor gets it from the cache: nothing rendered.
      expect((await fetch(base + url)).status).toBe(200);
      expect(pages.computed - before).toBe(1);
    }
  });

  it(`answers a just-dropped API read once for ${VISITORS} visitors at the same moment`, async () => {
    const reads = ctx.app.caches.reads;
    await dropCaches();
    const before = reads.computed;
    const replies = await stampede('/api/blogs?page=1');
    expect(reads.computed - before).toBe(1);
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it('starts a new render for visitors who come after a change made while one was under way', async () => {
    const pages = ctx.app.caches.pages!;
    await dropCaches();
    const before = pages.computed;
    const first = fetch(base + paths.about).then((r) => r.text());
    // The change lands while the first render is under way: later visitors must see it.
    await new Promise((r) => setTimeout(r, 5));
    await dropCaches();
    const second = await fetch(base + paths.about).then((r) => r.text());
    await first;
    expect(pages.computed - before).toBe(2);
    expect(second).toContain('About the studio');
  });
});
