import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, staffSessions } from '../../../tests/setup/test-app';
import { APPLICATION_NAME, openDatabase } from '../db/client';
import { ContentEvents } from './content-events';

const contact = { email: 'hello@studio.example', location: 'Bristol' };

describe('content version', () => {
  it('is bumped by content writes and not by reads, failed writes or messages', async () => {
    const ctx = await createTestApp();
    const { editor } = await staffSessions(ctx);
    const v0 = ctx.app.deps.content.version;
    await ctx.app.inject({ url: '/api/contact' });
    await ctx.app.inject({ method: 'PUT', url: '/api/contact', payload: contact }); // 401
    await ctx.app.inject({ method: 'PUT', url: '/api/contact', headers: { cookie: editor }, payload: { email: 'x' } }); // 422
    await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'Hi', message: 'Hello there, studio!' },
    });
    expect(ctx.app.deps.content.version).toBe(v0);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: editor },
      payload: contact,
    });
    expect(res.statusCode).toBe(200);
    expect(ctx.app.deps.content.version).toBe(v0 + 1);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')('reaches every instance through LISTEN/NOTIFY', async () => {
    const ctx = await createTestApp();
    const { editor } = await staffSessions(ctx);
    // A second instance on the same database.
    const other = await openDatabase({ url: ctx.databaseUrl! });
    const events = new ContentEvents(other, ctx.app.deps.now);
    await events.start();
    const heard = vi.fn();
    events.onChange(heard);
    await ctx.app.inject({ method: 'PUT', url: '/api/contact', headers: { cookie: editor }, payload: contact });
    await vi.waitFor(() => expect(heard).toHaveBeenCalled(), { timeout: 5000 });
    await events.stop();
    await other.close();
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'listens again after its connection is lost, and drops caches then (notices were missed)',
    async () => {
      const ctx = await createTestApp();
      const other = await openDatabase({ url: ctx.databaseUrl! });
      const events = new ContentEvents(other, ctx.app.deps.now);
      await events.start();
      expect(events.listening).toBe(true);
      const heard = vi.fn();
      events.onChange(heard);

      // The server ends the LISTEN session, as a restart or a failover would.
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${`${APPLICATION_NAME} listen`}`,
      );
      await vi.waitFor(() => expect(events.listening).toBe(false), { timeout: 5_000 });
      await vi.waitFor(() => expect(events.listening).toBe(true), { timeout: 5_000 });
      expect(heard).toHaveBeenCalled();

      // And it hears other instances again.
      heard.mockClear();
      await ctx.database.notify('content_changed', 'another instance');
      await vi.waitFor(() => expect(heard).toHaveBeenCalled(), { timeout: 5_000 });
      await events.stop();
      await other.close();
    },
  );

  it('a change is counted even when the database cannot be told (the write is already committed)', async () => {
    const ctx = await createTestApp();
    const events = new ContentEvents(ctx.database, ctx.app.deps.now);
    await ctx.database.close();
    const v0 = events.version;
    await expect(events.changed()).resolves.toBeUndefined();
    expect(events.version).toBe(v0 + 1);
    await events.stop();
  });
});
