import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/setup/servers';
import { createTestApp, createUser, staffSessions } from '../../../tests/setup/test-app';
import { isDatabaseUnavailable } from './db-errors';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a failure'),
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection through the Drizzle wrapper', async () => {
    const port = await freePort(); // nothing listens there
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', connectionTimeoutMillis: 1_000 });
    const error = await failure(drizzle(pool).execute(sql`select 1`));
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves the database’s other answers alone', async () => {
    const { database } = await createTestApp();
    await createUser(database, 'taken', 'password-1', false);
    expect(isDatabaseUnavailable(await failure(createUser(database, 'taken', 'password-1', false)))).toBe(false);
    expect(isDatabaseUnavailable(await failure(database.db.execute(sql`select nope`)))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('an API request on an unreachable database', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, for reads and writes', async () => {
    const ctx = await createTestApp();
    const { editor } = await staffSessions(ctx);
    await ctx.database.close();
    const replies = [
      await ctx.app.inject({ url: '/api/apps' }),
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/contact',
        headers: { cookie: editor },
        payload: { email: 'hello@studio.example', location: 'Bristol' },
      }),
    ];
    for (const res of replies) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'DATABASE_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
    }
  });
});
