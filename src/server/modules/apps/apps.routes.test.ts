import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';

const validApp = {
  title: 'Lantern Drift',
  description: 'A calm river adventure.',
  icon: 'https://example.com/icon.png',
  screenshots: ['https://example.com/1.png', '/media/demo/shot-1.svg'],
  status: 'Live',
  googlePlayLink: 'https://play.google.com/store/apps/details?id=x',
  appStoreLink: '',
};

let ctx: TestContext;
let admin: string;
let editor: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, editor } = await staffSessions(ctx));
});

describe('apps', () => {
  it('creates, reads, updates and deletes an app', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: editor }, payload: validApp });
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json();
    expect(app).toMatchObject({ title: 'Lantern Drift', status: 'Live', appStoreLink: null, facebookLink: null });
    expect(app.id).toBeGreaterThan(0);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { id: number }) => a.id)).toContain(app.id);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/apps/${app.id}` });
    expect(one.json().screenshots).toEqual(validApp.screenshots);

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/apps/${app.id}`,
      headers: { cookie: admin },
      payload: { ...validApp, title: 'Lantern Drift 2', status: 'Testing' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Lantern Drift 2', status: 'Testing' });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/apps/${app.id}`, headers: { cookie: admin } });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/apps/${app.id}` })).statusCode).toBe(404);
  });
});
