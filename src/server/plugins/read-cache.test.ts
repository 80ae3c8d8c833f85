import { describe, expect, it } from 'vitest';
import { createTestApp, staffSessions } from '../../../tests/setup/test-app';
import { apps, homeContent } from '../db/schema';

const home = { heroTitle: 'First title', featuredAppTitle: 'Our games' };

describe('public read cache', () => {
  it('answers visitors from memory until content changes, and never serves staff from it', async () => {
    const ctx = await createTestApp();
    const { editor } = await staffSessions(ctx);
    await ctx.app.inject({ method: 'PUT', url: '/api/home-content', headers: { cookie: editor }, payload: home });
    expect((await ctx.app.inject({ url: '/api/home-content' })).json().heroTitle).toBe('First title');

    // A change behind the API's back is not seen by visitors: the reply comes from the cache...
    await ctx.database.db.update(homeContent).set({ heroTitle: 'Changed in the database' });
    expect((await ctx.app.inject({ url: '/api/home-content' })).json().heroTitle).toBe('First title');
    // ...while staff always read the database.
    const staffRead = await ctx.app.inject({ url: '/api/home-content', headers: { cookie: editor } });
    expect(staffRead.json().heroTitle).toBe('Changed in the database');

    // A write through the API drops the cache.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/home-content',
      headers: { cookie: editor },
      payload: { ...home, heroTitle: 'Second title' },
    });
    expect((await ctx.app.inject({ url: '/api/home-content' })).json().heroTitle).toBe('Second title');
  });

  it('does not cache failures', async () => {
    const ctx = await createTestApp();
    expect((await ctx.app.inject({ url: '/api/apps/1' })).statusCode).toBe(404);
    // Inserted behind the API's back (no content event): only an uncached 404 lets it be seen.
    const [row] = await ctx.database.db
      .insert(apps)
      .values({
        title: 'A',
        description: 'B',
        icon: 'https://x.example/i.png',
        screenshots: ['https://x.example/s.png'],
      })
      .returning({ id: apps.id });
    expect((await ctx.app.inject({ url: `/api/apps/${row!.id}` })).statusCode).toBe(200);
  });
});
