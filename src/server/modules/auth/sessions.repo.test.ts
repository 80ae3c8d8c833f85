import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../../../tests/setup/test-app';
import { sessions } from '../../db/schema';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionsRepo } from './sessions.repo';

describe('session housekeeping', () => {
  it('prune removes idle and too-old sessions and keeps live ones', async () => {
    const ctx = await createTestApp();
    const userId = await createUser(ctx.database, 'keeper', 'keeper-pass', false);
    let now = Date.now();
    const repo = sessionsRepo(ctx.database.db, () => new Date(now));

    const idle = await repo.create(userId);
    now += SESSION_IDLE_MS - 60_000;
    const live = await repo.create(userId);
    now += 2 * 60_000; // the first is now idle past 7 days; the second is 2 minutes old
    await repo.prune();
    // Counted before resolving: resolve() would also drop an expired row on its own.
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
    expect(await repo.resolve(idle)).toBeNull();
    expect(await repo.resolve(live)).not.toBeNull();

    now += SESSION_ABSOLUTE_MS; // past the absolute limit, even though it was just used
    await repo.prune();
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
  });
});
