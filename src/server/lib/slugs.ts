// Unique slugs (posts and apps): the one staff asked for (refused when taken) or one made from the
// title, with -2, -3… when taken. Chosen one at a time under a transaction-scoped advisory lock, so
// two items with one title saved at once do not both take it (and one fail).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { invalid } from './errors';

export interface SlugColumns {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
  /** Any fixed number unique to the table (the advisory lock's key). */
  lockKey: number;
  /** The message when the wanted slug is taken. */
  takenMessage: string;
}

export async function chooseSlug(
  tx: Db,
  { table, id, slug, lockKey, takenMessage }: SlugColumns,
  { wanted, base, selfId }: { wanted?: string; base: string; selfId?: number },
): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
  const taken = async (candidate: string) => {
    const others = selfId === undefined ? eq(slug, candidate) : and(eq(slug, candidate), ne(id, selfId));
    return (await tx.select({ id }).from(table).where(others).limit(1)).length > 0;
  };
  if (wanted) {
    if (await taken(wanted)) throw invalid(takenMessage, [{ path: 'slug', message: takenMessage }]);
    return wanted;
  }
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}
