// The version an edit is based on, sent as If-Match (how the admin sends it, so the spec's bodies
// stay as they are): a stale one is refused with the item as it is now.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { apps } from '../db/schema';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await staffSessions(ctx)).editor;
});

const put = (url: string, payload: object, ifMatch?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: { cookie, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload,
  });

describe('If-Match', () => {
  it('saves a page over the version it names, and refuses a stale one with the page now (409)', async () => {
    const first = await put('/api/about-us', { title: 'About', content: '<p>Version one text.</p>' });
    expect(first.statusCode).toBe(200);
    const v1 = first.json<{ version: number }>().version;
    const second = await put('/api/about-us', { title: 'About', content: '<p>Version two text.</p>' }, `"${v1}"`);
    expect(second.statusCode).toBe(200);
    expect(second.json().version).toBe(v1 + 1);

    const stale = await put('/api/about-us', { title: 'Lost', content: '<p>Made from version one.</p>' }, `"${v1}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      current: { version: v1 + 1, content: '<p>Version two text.</p>' },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/about-us' })).json().title).toBe('About');
    // A weak validator and a bare number are read too.
    expect(
      (await put('/api/about-us', { title: 'About', content: '<p>Version three text.</p>' }, `W/"${v1 + 1}"`))
        .statusCode,
    ).toBe(200);
    expect(
      (await put('/api/about-us', { title: 'About', content: '<p>Version four text.</p>' }, String(v1 + 2))).statusCode,
    ).toBe(200);
  });

  it('refuses a post saved over a newer version, and a body version wins over the header', async () => {
    const [app] = await ctx.database.db.insert(apps).values({ title: 'Game', description: 'd', icon: 'i' }).returning();
    const post = { appId: app!.id, title: 'Patch', content: '<p>One</p>' };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: { cookie },
      payload: post,
    });
    const { id, version } = created.json<{ id: number; version: number }>();
    const two = await put(`/api/admin/blogs/${id}`, { ...post, content: '<p>Two</p>' }, `"${version}"`);
    expect(two.statusCode, two.body).toBe(200);
    const stale = await put(`/api/admin/blogs/${id}`, { ...post, content: '<p>Lost</p>' }, `"${version}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, content: '<p>Two</p>' });
    const bodyWins = await put(`/api/admin/blogs/${id}`, { ...post, version: version + 1 }, `"${version}"`);
    expect(bodyWins.statusCode).toBe(200);
  });
});
