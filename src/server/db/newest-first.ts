// Lists shown newest first, a numbered page at a time, found by key (issue 28, decision 128): where
// the page starts is read from the list's (time, id) index alone, skipping the earlier entries
// without reading their rows, then the page's rows are read from that key on. Page 500 of the audit
// log reads ten rows of it, as page 1 does; OFFSET read all 5,000 before them.
import { and, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A list's order: its time (a column or an expression its index holds) then its id, both descending. */
export interface NewestFirst {
  table: PgTable;
  at: AnyColumn | SQL;
  id: PgColumn;
}

/** `ORDER BY` for the list: newest first, ties by the higher id. */
export const newestOrder = ({ at, id }: NewestFirst) => [desc(at), desc(id)];

/** The key of the entry `offset` places into the list (the page's first), read from the index only. */
export function pageStartQuery(db: Db, list: NewestFirst, where: SQL | undefined, offset: number) {
  return db
    .select({ at: sql<string>`${list.at}::text`, id: sql<string>`${list.id}::text` })
    .from(list.table)
    .where(where)
    .orderBy(...newestOrder(list))
    .limit(1)
    .offset(offset);
}

/** Where a page starts: its first entry's time and id, as the database wrote them (ids may be bigint). */
export interface PageStart {
  at: string;
  id: string;
}

/** The entries from `start` on (itself included). */
export const fromKey = (list: NewestFirst, start: PageStart): SQL =>
  sql`(${list.at}, ${list.id}) <= (${start.at}::timestamptz, ${start.id}::bigint)`;

/**
 * The page `offset` entries in, at most `limit`: `read` gets the condition its rows must meet (the
 * list's own filter and the key) and reads them in `newestOrder`, limited to `limit`.
 */
export async function pageByKey<Row>(
  db: Db,
  list: NewestFirst,
  where: SQL | undefined,
  offset: number,
  read: (condition: SQL | undefined) => Promise<Row[]>,
): Promise<Row[]> {
  if (offset <= 0) return read(where);
  const [start] = await pageStartQuery(db, list, where, offset);
  return start ? read(and(where, fromKey(list, start))) : [];
}
