// Issue 28: the admin's long lists (audit log, inbox, media library, subscribers, every post) are found
// by key as the blog index is (decision 128): every page holds what OFFSET gave, ties in time
// included, and a far page reads no more rows of its table than the first. Checked on the executed
// plans (the rows each query read), not on time.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulk } from '../../../tests/setup/bulk';
import { plan, rowsRead, scansOf } from '../../../tests/setup/plans';
import { useStaffApp } from '../../../tests/setup/test-app';
import { AUDIT_LIST } from '../modules/audit/audit-log.repo';
import { fromKey, newestOrder, pageStartQuery } from './newest-first';

const ctx = useStaffApp();
const ROWS = 6_000;
const PAGE = 25;
const repos = () => ctx.app.deps.repos;

/** The ids OFFSET gives for a page of `table` newest first by `at`. */
async function offsetPage(table: string, at: string, page: number): Promise<number[]> {
  const result = await ctx.database.db.execute<{ id: number }>(
    sql.raw(`select id from ${table} order by ${at} desc, id desc limit ${PAGE} offset ${(page - 1) * PAGE}`),
  );
  return (result as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  // Three rows share each second: the id breaks the tie, so no page repeats or skips one.
  const at = `timestamptz '2026-01-01' + (g / 3) * interval '1 second'`;
  await bulk(
    ctx,
    `insert into audit_log (at, actor_name, action, target_type, target_label)
     select ${at}, 'bulk', 'post.update', 'post', 'Post ' || g from generate_series(1, $1::int) g`,
    [ROWS],
  );
  await bulk(
    ctx,
    `insert into user_messages (first_name, last_name, email, subject, message, created_at)
     select 'Ada', 'Reader ' || g, 'reader' || g || '@example.com', 'Hello ' || g, 'Message ' || g, ${at}
     from generate_series(1, $1::int) g`,
    [ROWS],
  );
  await bulk(
    ctx,
    `insert into media (hash, filename, type, width, height, bytes, created_at)
     select lpad(to_hex(g), 16, '0'), 'shot-' || g || '.png', 'image/png', 640, 360, 1000, ${at}
     from generate_series(1, $1::int) g`,
    [ROWS],
  );
  await bulk(
    ctx,
    `insert into subscribers (email, token, created_at)
     select 'fan' || g || '@example.com', md5(g::text), ${at} from generate_series(1, $1::int) g`,
    [ROWS],
  );
  await bulk(ctx, 'vacuum analyze audit_log, user_messages, media, subscribers');
}, 120_000);

describe('the admin lists by key', () => {
  const last = Math.ceil(ROWS / PAGE);
  const rowCount = async (table: string) => {
    const result = await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  it('answer each page with what counting from the first gives, the last page and past it too', async () => {
    for (const page of [1, 2, 101, last]) {
      const offset = (page - 1) * PAGE;
      const audit = await repos().auditLog.page({}, PAGE, offset);
      expect(audit.items.map((e) => Number(e.id))).toEqual(await offsetPage('audit_log', 'at', page));
      // The bulk rows and the few the staff's own set-up wrote.
      expect(audit.total).toBe(await rowCount('audit_log'));
      const inbox = await repos().messages.page({ limit: PAGE, offset, q: '' });
      expect(inbox.items.map((m) => m.id)).toEqual(await offsetPage('user_messages', 'created_at', page));
      const library = await repos().media.list({ page, pageSize: PAGE });
      expect(library.items.map((m) => m.id)).toEqual(await offsetPage('media', 'created_at', page));
      const fans = await repos().subscriptions.page({ limit: PAGE, offset });
      expect(fans.items.map((s) => s.id)).toEqual(await offsetPage('subscribers', 'created_at', page));
    }
    expect(
      (await repos().auditLog.page({}, PAGE, Math.ceil((await rowCount('audit_log')) / PAGE) * PAGE)).items,
    ).toEqual([]);
    expect((await repos().media.list({ page: last + 1, pageSize: PAGE })).items).toEqual([]);
  });

  it('keep a search: the page is of the matching rows only', async () => {
    const inbox = await repos().messages.page({ limit: PAGE, offset: PAGE, q: 'Reader 1' });
    expect(inbox.items).toHaveLength(PAGE);
    for (const m of inbox.items) expect(m.lastName).toMatch(/^Reader 1/);
    const matching = await ctx.database.db.execute<{ id: number }>(
      sql`select id from user_messages where last_name ilike 'Reader 1%' order by created_at desc, id desc limit ${PAGE} offset ${PAGE}`,
    );
    expect(inbox.items.map((m) => m.id)).toEqual(
      (matching as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)),
    );
  });

  it('skip to a far page of the audit log on its index alone', async () => {
    const skip = await plan(ctx, pageStartQuery(ctx.database.db, AUDIT_LIST, undefined, 200 * PAGE));
    const scans = scansOf(skip, 'audit_log');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type'], JSON.stringify(scan)).toBe('Index Only Scan');
      expect(scan['Heap Fetches']).toBe(0);
    }
    // What the page itself reads: its own rows (OFFSET read all 5,000 before them).
    const [start] = await pageStartQuery(ctx.database.db, AUDIT_LIST, undefined, 200 * PAGE);
    const page = await plan(
      ctx,
      ctx.database.db
        .select()
        .from(AUDIT_LIST.table)
        .where(fromKey(AUDIT_LIST, start!))
        .orderBy(...newestOrder(AUDIT_LIST))
        .limit(PAGE),
    );
    expect(rowsRead(page, 'audit_log')).toBeLessThanOrEqual(PAGE * 2);
  });
});
