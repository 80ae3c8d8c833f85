// Where posts use an image, at scale (issue 28): the media library's page says where each of its
// items is used; with thousands of posts that is an index lookup per page (blog_posts_media_idx,
// migration 0024), not a read of every post.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../../../../tests/setup/bulk';
import { plan, rowsRead, scansOf } from '../../../../tests/setup/plans';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { api, paths } from '../../../shared/paths';
import { campaignApi } from '../../../shared/schemas/campaigns';
import type { UsedBy } from '../../../shared/schemas/media';
import { ok } from '../../../../tests/setup/api';
import { postFields } from '../../../../tests/setup/translations';
import { rowsOf } from '../../db/rows';
import { mediaRepo, POST_MEDIA, TRANSLATION_MEDIA } from './media.repo';

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

describe('every place that shows an item', () => {
  const SHOWN = '00000000000000cc';
  const img = (width: number) => `<img src="/media/${SHOWN}/${width}w.webp" alt="">`;

  it('names translations, an app’s own pages and policy versions, and campaigns; a delete is refused, naming each', async () => {
    const { send } = ctx;
    await bulk(
      ctx,
      `insert into media (hash, filename, type, width, height, bytes)
       values ('${SHOWN}' || repeat('0', 48), 'shown.png', 'image/png', 10, 10, 100)`,
    );
    const [item] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`select id from media where filename = 'shown.png'`),
    );
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
    const app = await ctx.make.makeApp({ title: 'Tide Pool' });
    const post = await ctx.make.makePost(app.id, { title: 'Patch notes' });
    await ok(
      send('PUT', api.translation('post', post.id, 'de'), {
        fields: { ...postFields('Neuigkeiten'), content: `<p>Neu</p>${img(640)}` },
      }),
    );
    await ok(
      send('PUT', api.translation('page', 'about', 'de'), {
        fields: { title: 'Über uns', content: `<p>Team</p>${img(320)}` },
      }),
    );
    await ok(send('PUT', api.adminAppPages(app.id), { supportIntro: `<p>Help</p>${img(640)}` }));
    await ok(send('PUT', api.adminAppPrivacyPolicy(app.id), { content: `<p>We keep nothing.</p>${img(640)}` }));
    const campaign = await ok<{ id: number }>(
      send('POST', campaignApi.list, { list: 'studio', subject: 'Spring news', content: `<p>Hello</p>${img(1280)}` }),
      201,
    );

    const usedBy = [
      { kind: 'page', id: null, title: 'Privacy Policy of Tide Pool', href: paths.admin.appPrivacy(app.id) },
      {
        kind: 'page',
        id: null,
        title: expect.stringMatching(/^Privacy Policy of Tide Pool, version of \d{4}-\d\d-\d\d$/),
        href: paths.admin.appPrivacy(app.id),
      },
      { kind: 'page', id: null, title: 'Support pages of Tide Pool', href: paths.admin.editApp(app.id) },
      { kind: 'campaign', id: campaign.id, title: 'Spring news', href: `${paths.admin.campaigns}?id=${campaign.id}` },
      { kind: 'translation', id: null, title: 'About Us (German)', href: `${paths.admin.aboutUs}?lang=de` },
      { kind: 'translation', id: null, title: 'Patch notes (German)', href: paths.admin.blogs },
    ];
    const { items } = await mediaRepo(ctx.database.db).list({ page: 1, pageSize: 24 });
    expect(items.find((i) => i.id === item!.id)!.usedBy).toEqual(usedBy);

    const refused = await send('DELETE', `${api.media}/${item!.id}`);
    expect(refused.statusCode).toBe(409);
    const version = (refused.json().usedBy as UsedBy[])[1]!.title;
    expect(refused.json().message).toBe(
      'This image is still used by the Privacy Policy of Tide Pool page, ' +
        `the ${version} page, the Support pages of Tide Pool page, the campaign "Spring news", ` +
        'the translation "About Us (German)", the translation "Patch notes (German)". Remove it there first.',
    );
  });

  it('looks a page’s items up in the translations’ index', async () => {
    const db = ctx.database.db as unknown as {
      dialect: { sqlToQuery: (q: unknown) => { sql: string; params: unknown[] } };
    };
    await bulk(
      ctx,
      `insert into translations (type, item, locale, fields)
       select 'page', 'bulk-' || g, 'de', jsonb_build_object('content', '<img src="/media/' || lpad(to_hex(g + 8192), 16, '0') || '/640w.webp">')
       from generate_series(1, $1::int) g`,
      [POSTS],
    );
    await bulk(ctx, 'vacuum analyze translations');
    const query = sql`select r.item from translations r where ${TRANSLATION_MEDIA} && array[${SHOWN}, ${UNUSED}]::text[]`;
    const nodes = await plan(ctx, { toSQL: () => db.dialect.sqlToQuery(query) });
    expect(scansOf(nodes, 'translations').map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(rowsRead(nodes, 'translations')).toBeLessThanOrEqual(2);
  });
});
