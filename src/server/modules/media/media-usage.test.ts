// Where posts use an image, at scale (issue 28): the media library's page says where each of its
// items is used; with thousands of posts that is an index lookup per page (blog_posts_media_idx,
// migration 0024), not a read of every post.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../../../../tests/setup/bulk';
import { plan, rowsRead, scansOf } from '../../../../tests/setup/plans';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { mediaRepo, POST_MEDIA } from './media.repo';

const ctx = useStaffApp();
const POSTS = 5_000;
const USED = '00000000000000aa';
const UNUSED = '00000000000000bb';

beforeAll(async () => {
  await bulk(ctx, `insert into apps (title, description, icon) values ('Harbour Lights', 'A game', 'icon.png')`);
  // Many posts with pictures of their own; three show USED, in their text, gallery or share image.
  await bulk(
    ctx,
    `insert into blog_posts (app_id, title, content, images, share_image, slug)
     select (select min(id) from apps), 'Post ' || g,
       '<p>Day ' || g || '</p><img src="/media/' || lpad(to_hex(g + 4096), 16, '0') || '/640w.webp">' ||
         case when g = 10 then '<img src="/media/${USED}/1280w.avif">' else '' end,
       case when g = 20 then array['/media/${USED}/original.png'] else '{}' end,
       case when g = 30 then '/media/${USED}/1200x630.jpg' end,
       'post-' || g
     from generate_series(1, $1::int) g`,
    [POSTS],
  );
  await bulk(
    ctx,
    `insert into media (hash, filename, type, width, height, bytes)
     values ('${USED}' || repeat('0', 48), 'used.png', 'image/png', 10, 10, 100),
            ('${UNUSED}' || repeat('0', 48), 'unused.png', 'image/png', 10, 10, 100)`,
  );
  await bulk(ctx, 'vacuum analyze blog_posts, media');
}, 120_000);

describe('the media library’s usage of posts', () => {
  it('names every post that shows an item, by its text, gallery or share image', async () => {
    const { items } = await mediaRepo(ctx.database.db).list({ page: 1, pageSize: 24 });
    const used = items.find((item) => item.filename === 'used.png')!;
    expect(used.usedBy.map((u) => u.title).sort()).toEqual(['Post 10', 'Post 20', 'Post 30']);
    expect(items.find((item) => item.filename === 'unused.png')!.usedBy).toEqual([]);
  });

  it('looks the page’s items up in the index, reading only the posts that show them', async () => {
    const db = ctx.database.db as unknown as {
      dialect: { sqlToQuery: (q: unknown) => { sql: string; params: unknown[] } };
    };
    const query = sql`select r.id from blog_posts r where ${POST_MEDIA} && array[${USED}, ${UNUSED}]::text[]`;
    const nodes = await plan(ctx, { toSQL: () => db.dialect.sqlToQuery(query) });
    expect(scansOf(nodes, 'blog_posts').map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(rowsRead(nodes, 'blog_posts')).toBeLessThanOrEqual(3);
  });
});
