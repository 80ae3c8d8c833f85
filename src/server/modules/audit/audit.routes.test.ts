// The audit log's reading side (issue 23): administrators only; filters, paging and the filter menus;
// the CSV export (header, quoting, formulas made plain text, the same filters, read by key in batches);
// retention: entries older than the setting are removed at start-up, daily and when it is shortened.
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { AuditEntry, AuditFilterOptions } from '../../../shared/schemas/audit-log';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { expectError, expectInvalid, expectUnauthenticated, ok } from '../../../../tests/setup/api';
import { restartTestApp, useStaffApp } from '../../../../tests/setup/test-app';
import type { AuditEntry as NewEntry } from './audit.repo';

const ctx = useStaffApp();
const DAY = 86_400_000;

/** Noon (UTC) `n` days after a day three weeks before the clock's start. */
const dayAt = (n: number) => {
  const start = ctx.clock.start;
  const midnight = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()) - 21 * DAY;
  return new Date(midnight + n * DAY + 12 * 3_600_000);
};
const dayOf = (n: number) => dayAt(n).toISOString().slice(0, 10);

/** Records an entry as `who` at `at` (the clock moved there and back), through the writing repo. */
async function recordAt(at: Date, who: { id: number; name: string } | null, entry: NewEntry, address = '203.0.113.5') {
  const offset = ctx.clock.offsetMs;
  ctx.clock.set(at);
  await ctx.app.deps.repos.audit.record({ actorId: who?.id ?? null, actorName: who?.name ?? '', address }, entry);
  ctx.clock.offsetMs = offset;
}

let admin: { id: number; name: string };
let editor: { id: number; name: string };

const list = async (query = '') => {
  const res = await ctx.get(`${api.auditLog}${query ? `?${query}` : ''}`, ctx.admin);
  const items = await ok<AuditEntry[]>(res);
  return { items, total: Number(res.headers[TOTAL_COUNT_HEADER]) };
};
const actions = (items: AuditEntry[]) => items.map((e) => `${e.action} ${e.target.type}:${e.target.id}`);

describe('audit log', () => {
  it('is for administrators: a User gets 403, a visitor 401', async () => {
    const me = async (cookie: string) => ok<{ id: number; username: string }>(ctx.get(api.me, cookie));
    const [a, e] = [await me(ctx.admin), await me(ctx.editor)];
    admin = { id: a.id, name: a.username };
    editor = { id: e.id, name: e.username };
    for (const url of [api.auditLog, api.auditLogCsv, api.auditLogFilters, api.auditLogRetention]) {
      expectUnauthenticated(await ctx.get(url));
      expectError(await ctx.get(url, ctx.editor), 403, 'FORBIDDEN');
    }
    expectUnauthenticated(await ctx.send('PUT', api.auditLogRetention, { retentionDays: 30 }, null));
    expectError(await ctx.send('PUT', api.auditLogRetention, { retentionDays: 30 }), 403, 'FORBIDDEN');
  });

  it('lists entries newest first in the one entry shape, with sign-ins the app recorded', async () => {
    await recordAt(dayAt(0), admin, {
      action: 'app.create',
      targetType: 'app',
      targetId: 1,
      targetLabel: 'Space Cats',
      changes: { title: { after: 'Space Cats' } },
    });
    await recordAt(dayAt(1), admin, {
      action: 'app.update',
      targetType: 'app',
      targetId: 1,
      targetLabel: 'Space Cats',
      changes: { title: { before: 'Space Cats', after: 'Space Cats 2' } },
    });
    await recordAt(dayAt(2), editor, {
      action: 'post.publish',
      targetType: 'post',
      targetId: 7,
      targetLabel: 'Hello, "world"',
    });
    await recordAt(dayAt(3), editor, {
      action: 'post.unpublish',
      targetType: 'post',
      targetId: 7,
      targetLabel: 'Hello',
    });
    await recordAt(
      dayAt(3),
      null,
      { action: 'sign-in.failure', targetType: 'user', targetLabel: 'ghost' },
      '198.51.100.9',
    );

    const { items, total } = await list();
    expect(total).toBe(items.length);
    // The two sign-ins of the file's start are today's: first; then the entries above, newest first.
    expect(actions(items)).toEqual([
      `sign-in.success user:${editor.id}`,
      `sign-in.success user:${admin.id}`,
      'sign-in.failure user:',
      'post.unpublish post:7',
      'post.publish post:7',
      'app.update app:1',
      'app.create app:1',
    ]);
    expect(items[5]).toEqual({
      id: expect.any(Number),
      at: dayAt(1).toISOString(),
      actor: admin,
      address: '203.0.113.5',
      action: 'app.update',
      target: { type: 'app', id: '1', label: 'Space Cats' },
      changes: { title: { before: 'Space Cats', after: 'Space Cats 2' } },
    });
    expect(items[1]).toMatchObject({ actor: admin, changes: { method: { after: 'password' } } });
    expect(items[2]).toMatchObject({ actor: { id: null, name: '' }, address: '198.51.100.9' });
  });

  it('filters by actor (id or name), action (exact or prefix), target (type or type:id) and days', async () => {
    expect(actions((await list(`actor=${editor.id}&target=post`)).items)).toEqual([
      'post.unpublish post:7',
      'post.publish post:7',
    ]);
    expect(actions((await list('actor=ADMIN&action=app.')).items)).toEqual(['app.update app:1', 'app.create app:1']);
    expect(actions((await list('action=app.update')).items)).toEqual(['app.update app:1']);
    expect(actions((await list('action=post.*')).items)).toEqual(['post.unpublish post:7', 'post.publish post:7']);
    // 'app' alone is no action; only 'app.' is the prefix.
    expect((await list('action=app')).items).toEqual([]);
    expect(actions((await list('target=app:1')).items)).toEqual(['app.update app:1', 'app.create app:1']);
    expect((await list('target=post:8')).total).toBe(0);
    expect(actions((await list(`from=${dayOf(1)}&to=${dayOf(2)}`)).items)).toEqual([
      'post.publish post:7',
      'app.update app:1',
    ]);
    expect(actions((await list(`to=${dayOf(0)}`)).items)).toEqual(['app.create app:1']);
    expect((await list(`from=${dayOf(3)}&action=post.`)).items.map((e) => e.action)).toEqual(['post.unpublish']);
    // Empty filters are no filters (the screen's form sends them).
    expect((await list('actor=&action=&target=&from=&to=')).total).toBe(7);
  });

  it('refuses bad filters with 400 and the field', async () => {
    const bad = async (query: string, path: string) => {
      const body = expectError(await ctx.get(`${api.auditLog}?${query}`, ctx.admin), 400, 'BAD_REQUEST');
      expect(body.issues?.map((i) => i.path)).toContain(path);
      return body;
    };
    expect((await bad('from=2026-02-30', 'from')).message).toBe('From must be a date (YYYY-MM-DD)');
    await bad('to=yesterday', 'to');
    expect((await bad(`from=${dayOf(2)}&to=${dayOf(1)}`, 'to')).message).toBe('To must not be before From');
    await bad('action=drop%20table', 'action');
    await bad('page=0', 'page');
    await bad('pageSize=201', 'pageSize');
    await bad(`actor=${'x'.repeat(101)}`, 'actor');
    expectError(await ctx.get(`${api.auditLogCsv}?from=nope`, ctx.admin), 400, 'BAD_REQUEST');
    // Text no database column can hold is refused (the security plugin's NUL check), never a 500.
    for (const query of ['actor=a%00b', 'target=app%00:1']) {
      expect((await ctx.get(`${api.auditLog}?${query}`, ctx.admin)).statusCode).toBe(400);
    }
    expect(await ok(ctx.get(`${api.auditLog}?actor=%ED%A0%80`, ctx.admin))).toEqual([]);
  });

  it('pages with the total in X-Total-Count', async () => {
    const first = await list('pageSize=3');
    const second = await list('pageSize=3&page=2');
    const third = await list('pageSize=3&page=3');
    expect(first.total).toBe(7);
    expect([first, second, third].map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect([...first.items, ...second.items, ...third.items]).toEqual((await list()).items);
    expect((await list('pageSize=3&page=9')).items).toEqual([]);
  });

  it('offers the actions and actors the log holds for the filter menus', async () => {
    const options = await ok<AuditFilterOptions>(ctx.get(api.auditLogFilters, ctx.admin));
    expect(options.actions).toEqual([
      'app.create',
      'app.update',
      'post.publish',
      'post.unpublish',
      'sign-in.failure',
      'sign-in.success',
    ]);
    expect(options.actors).toEqual([admin, editor]);
  });

  it('exports CSV: BOM and header, RFC 4180 quoting, formulas made text, the same filters, newest first', async () => {
    await recordAt(dayAt(4), admin, {
      action: 'user.create',
      targetType: 'user',
      targetId: 99,
      targetLabel: '=HYPERLINK("http://evil.example","click")',
      changes: { username: { after: '@SUM(A1)' } },
    });
    const res = await ctx.get(api.auditLogCsv, ctx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="audit-log-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,time,actor_id,actor,address,action,target_type,target_id,target,changes');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 8 + 1);
    const created = (await list('action=user.create')).items[0]!;
    // Newest by time first: the sign-ins of today, then the user created on day 4.
    expect(lines[3]).toBe(
      `${created.id},${dayAt(4).toISOString()},${admin.id},admin,203.0.113.5,user.create,user,99,` +
        `"'=HYPERLINK(""http://evil.example"",""click"")","{""username"":{""after"":""@SUM(A1)""}}"`,
    );

    const posts = await ctx.get(`${api.auditLogCsv}?action=post.&page=2&pageSize=1`, ctx.admin);
    const rows = posts.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Paging does not cut the export: both posts' entries, the label's comma and quotes quoted.
    expect(rows.slice(1).map((r) => r.split(',')[5])).toEqual(['post.unpublish', 'post.publish']);
    expect(rows[2]).toContain(',post,7,"Hello, ""world""",');
  });

  it('reads the export by key in batches, the same order as the pages, ties broken by id', async () => {
    // Three entries at one instant (the clock stands still), so the key's id decides.
    for (const n of [1, 2, 3]) {
      await recordAt(dayAt(5), admin, { action: 'media.update', targetType: 'media', targetId: n });
    }
    const all = (await list()).items;
    const batches: AuditEntry[][] = [];
    for await (const batch of ctx.app.deps.repos.auditLog.batches({}, 2)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([2, 2, 2, 2, 2, 1]);
    expect(batches.flat()).toEqual(all);
    expect(actions(all.filter((e) => e.action === 'media.update'))).toEqual([
      'media.update media:3',
      'media.update media:2',
      'media.update media:1',
    ]);
  });

  it('removes entries past the retention: by the daily run, at once when shortened, and at start-up', async () => {
    const repo = ctx.app.deps.repos.auditLog;
    expect(await ok(ctx.get(api.auditLogRetention, ctx.admin))).toEqual({ retentionDays: 365 });
    const now = ctx.clock.now().getTime();
    await recordAt(new Date(now - 366 * DAY), admin, { action: 'app.delete', targetType: 'app', targetId: 'old' });
    await recordAt(new Date(now - 364 * DAY), admin, { action: 'app.delete', targetType: 'app', targetId: 'kept' });
    expect(await ctx.app.deps.auditHousekeeping.runNow()).toBe(1);
    expect(actions((await list('action=app.delete')).items)).toEqual(['app.delete app:kept']);

    // A day later by the clock, the other one is past it too.
    ctx.clock.advance(DAY + 1);
    expect(await ctx.app.deps.auditHousekeeping.runNow()).toBe(1);
    expect((await list('action=app.delete')).total).toBe(0);

    // The setting: 30..3650 days, administrators only; shortening it removes at once, and is recorded.
    expectInvalid(await ctx.send('PUT', api.auditLogRetention, { retentionDays: 29 }, ctx.admin), 'retentionDays');
    expectInvalid(await ctx.send('PUT', api.auditLogRetention, { retentionDays: 3651 }, ctx.admin), 'retentionDays');
    expectInvalid(await ctx.send('PUT', api.auditLogRetention, { retentionDays: 45.5 }, ctx.admin), 'retentionDays');
    expect(await ok(ctx.send('PUT', api.auditLogRetention, { retentionDays: 20 * 365 }, ctx.admin), 422)).toMatchObject(
      {
        code: 'VALIDATION_FAILED',
      },
    );
    const before = (await list()).total;
    expect(await ok(ctx.send('PUT', api.auditLogRetention, { retentionDays: 30 }, ctx.admin))).toEqual({
      retentionDays: 30,
    });
    expect(await repo.retentionDays()).toBe(30);
    // Everything recorded on days 0..5 was three weeks before the clock's start, a day ago by now: all kept.
    const after = await list();
    expect(after.total).toBe(before + 1);
    expect(after.items[0]).toMatchObject({
      action: 'settings.update',
      actor: admin,
      target: { type: 'settings', id: 'audit-retention', label: 'Audit log retention' },
      changes: { auditRetentionDays: { before: 365, after: 30 } },
    });

    // An entry older than 30 days when the site starts is gone at start-up.
    await recordAt(new Date(ctx.clock.now().getTime() - 31 * DAY), admin, {
      action: 'app.delete',
      targetType: 'app',
      targetId: 'before-restart',
    });
    expect((await list('action=app.delete')).total).toBe(1);
    Object.assign(ctx, await restartTestApp(ctx, DAY + 1));
    await expect.poll(async () => (await list('action=app.delete')).total).toBe(0);
    expect((await list()).total).toBe(after.total);
  });
});
