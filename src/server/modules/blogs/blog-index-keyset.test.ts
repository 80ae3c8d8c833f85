// The blog index is found by key (issue 28, decision 128): with 100,000 posts, page 500 reads no
// more of the posts table than page 1. Checked on the queries' plans (EXPLAIN ANALYZE: the work
// done, row by row), not on time: the skip to where the page starts is an index-only scan with no
// heap fetch, and the page itself reads its own posts only.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { bulk } from '../../../../tests/setup/bulk';
import { ok } from '../../../../tests/setup/api';
import type { PublicBlogPost } from '../../../shared/schemas/blog-posts';
import { publishedPageQueries } from './blogs.repo';
import { plan as planOf, rowsRead, scansOf, type PlanNode } from '../../../../tests/setup/plans';

const ctx = useStaffApp();
const POSTS = 100_000;
const PAGE_SIZE = 10;

const postScans = (nodes: PlanNode[]) => scansOf(nodes, 'blog_posts');
const plan = (query: Parameters<typeof planOf>[1]) => planOf(ctx, query);

let appId = 0;
let hiddenAppId = 0;

beforeAll(async () => {
  appId = (await ctx.make.makeApp()).id;
  hiddenAppId = (await ctx.make.makeApp({ isHidden: true } as never)).id;
  // Fast: one INSERT … SELECT generate_series; every tenth post in the hidden app, every 50th a draft.
  await bulk(
    ctx,
    `insert into blog_posts (app_id, scope, title, content, is_published, published_at, slug, created_at, updated_at)
     select case when g % 10 = 0 then $2::int else $1::int end, 'app', 'Post ' || g, '<p>Post ' || g || '</p>',
            g % 50 <> 0, case when g % 50 <> 0 then timestamptz '2020-01-01' + g * interval '1 minute' end,
            'keyset-post-' || g, timestamptz '2020-01-01' + g * interval '1 minute', timestamptz '2020-01-01' + g * interval '1 minute'
     from generate_series(1, $3::int) g`,
    [appId, hiddenAppId, POSTS],
  );
  // As autovacuum keeps it on a live server: statistics and the visibility map.
  await bulk(ctx, 'vacuum analyze blog_posts');
}, 180_000);

describe('the blog index by key', () => {
  it('answers page 500 with the same posts as counting from the first would', async () => {
    const page = (n: number) => ok<PublicBlogPost[]>(ctx.get(`/api/blogs?page=${n}&pageSize=${PAGE_SIZE}`));
    // What OFFSET over every visible published post, newest first, gives.
    const expected = await ctx.database.db.execute<{ id: number }>(sql`
      select p.id from blog_posts p left join apps a on a.id = p.app_id
      where p.is_published and (p.app_id is null or not a.is_hidden)
      order by coalesce(p.published_at, p.created_at) desc, p.id desc limit ${PAGE_SIZE} offset ${499 * PAGE_SIZE}`);
    const ids = (expected as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    expect(ids).toHaveLength(PAGE_SIZE);
    expect((await page(500)).map((p) => p.id)).toEqual(ids);
    const res = await ctx.get(`/api/blogs?page=1&pageSize=${PAGE_SIZE}`);
    // Visible published posts: not the hidden app's tenth, not the drafts.
    const visible = Array.from({ length: POSTS }, (_, i) => i + 1).filter((g) => g % 10 !== 0 && g % 50 !== 0).length;
    expect(res.headers['x-total-count']).toBe(String(visible));
    expect((await page(Math.ceil(visible / PAGE_SIZE) + 1)).length).toBe(0);
  });

  it('reads no skipped post from the table on page 500: the skip is index-only, the page reads its own posts', async () => {
    for (const app of [undefined, appId]) {
      const at = (n: number) =>
        publishedPageQueries(ctx.database.db, { limit: PAGE_SIZE, offset: (n - 1) * PAGE_SIZE, appId: app }, [
          hiddenAppId,
        ]);
      const skip = await plan(at(500).start!);
      const scans = postScans(skip);
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) {
        expect(scan['Node Type'], JSON.stringify(scan)).toBe('Index Only Scan');
        expect(scan['Heap Fetches']).toBe(0);
      }
      // The key of the page's first post, then the page: as little work on page 500 as on page 1.
      const [start] = await at(500).start!;
      const page500 = rowsRead(await plan(at(500).rows(start)), 'blog_posts');
      const page1 = rowsRead(await plan(at(1).rows()), 'blog_posts');
      expect(page1).toBeLessThanOrEqual(PAGE_SIZE * 2);
      expect(page500).toBeLessThanOrEqual(PAGE_SIZE * 2);
      // The count is read from the index alone as well.
      for (const scan of postScans(await plan(at(500).count))) expect(scan['Heap Fetches'] ?? 0).toBe(0);
    }
  });
});
