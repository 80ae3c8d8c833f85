// Migration 0001 makes usernames unique ignoring case; accounts that already differ only in case
// from an older one are renamed (the oldest keeps the name), so the index can be built.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { MIGRATIONS_DIR } from './client';
import { users } from './schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

/** The migration's statements from the renaming on (the rate_limits table and the old constraint are already done). */
function usernameStatements(): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0001_limits_and_usernames.sql'), 'utf8');
  const statements = text.split('--> statement-breakpoint').map((s) => s.trim());
  const from = statements.findIndex((s) => s.includes('DO $$'));
  expect(from).toBeGreaterThan(0);
  return statements.slice(from);
}

describe('migration 0001: usernames unique ignoring case', () => {
  it('renames the newer accounts of a case-duplicate group, keeps the oldest, then builds the index', async () => {
    const { db } = ctx.database;
    // The database as it could be before the migration: no case-insensitive index, duplicates in it.
    await db.execute(sql`drop index users_username_lower_idx`);
    const long = 'x'.repeat(50);
    await db.insert(users).values([
      { id: 1001, username: 'Sam', password: 'h', isAdmin: true },
      { id: 1002, username: 'sam', password: 'h' },
      // Holds the name the rename would try first for 1002.
      { id: 1003, username: 'sam-1002', password: 'h' },
      { id: 1004, username: 'SAM', password: 'h' },
      { id: 1005, username: long, password: 'h' },
      { id: 1006, username: long.toUpperCase(), password: 'h' },
      { id: 1007, username: 'unique', password: 'h' },
    ]);

    for (const statement of usernameStatements()) await db.execute(sql.raw(statement));

    const rows = await db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id));
    expect(rows).toEqual([
      { id: 1001, username: 'Sam' },
      { id: 1002, username: 'sam-1003' },
      { id: 1003, username: 'sam-1002' },
      { id: 1004, username: 'SAM-1004' },
      { id: 1005, username: long },
      { id: 1006, username: `${'X'.repeat(45)}-1006` },
      { id: 1007, username: 'unique' },
    ]);
    for (const { username } of rows) expect(username).toMatch(/^[A-Za-z0-9._-]{1,50}$/);

    // The index is back and holds.
    await expect(db.insert(users).values({ username: 'UNIQUE', password: 'h' })).rejects.toThrow();
  });
});
