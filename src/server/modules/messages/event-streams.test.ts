// The admin's event stream holds a connection per open tab: one signed-in account (or one address)
// cannot hold more than a few, nor all streams together a quarter of the connection limit, so a
// User keeping streams open never turns visitors away. Over real HTTP.
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamLimitsFor } from '../../lib/stream-slots';
import { createTestApp, createUser, login, staffSessions, type TestContext } from '../../../../tests/setup/test-app';

const MAX_CONNECTIONS = 24;
const limits = streamLimitsFor(MAX_CONNECTIONS);

let ctx: TestContext;
let base: string;
let sessions: { admin: string; editor: string };
const open: AbortController[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ maxConnections: MAX_CONNECTIONS });
  sessions = await staffSessions(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  return () => {
    for (const controller of open) controller.abort();
  };
});

/** Opens the event stream as `cookie`; a 200 stays open until aborted. */
async function stream(cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/admin/events`, { headers: { cookie }, signal: controller.signal });
  if (res.status === 200) open.push(controller);
  const body = res.status === 200 ? '' : await res.text();
  return { res, body, close: () => controller.abort() };
}

describe('live-update streams', () => {
  it('caps streams per account and in total, and visitors are still served', async () => {
    expect(limits).toEqual({ perUser: 4, perAddress: 8, total: 6 });

    const editorStreams = [];
    for (let i = 0; i < limits.perUser; i++) {
      const s = await stream(sessions.editor);
      expect(s.res.status).toBe(200);
      editorStreams.push(s);
    }
    const over = await stream(sessions.editor);
    expect(over.res.status).toBe(429);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another account has its own share, up to the instance's total.
    for (let i = 0; i < limits.total - limits.perUser; i++) expect((await stream(sessions.admin)).res.status).toBe(200);
    const full = await stream(sessions.admin);
    expect(full.res.status).toBe(429);
    expect(JSON.parse(full.body).code).toBe('TOO_MANY_REQUESTS');

    // Every stream is open, and visitors (many at once, each on its own connection) are answered.
    const visitors = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/apps`, { headers: { connection: 'close' } })),
    );
    expect(visitors.map((r) => r.status)).toEqual(Array(10).fill(200));
    await Promise.all(visitors.map((r) => r.text()));

    // A closed stream gives its slot back.
    editorStreams[0]!.close();
    let again = await stream(sessions.editor);
    await expect
      .poll(async () => {
        if (again.res.status !== 200) again = await stream(sessions.editor);
        return again.res.status;
      })
      .toBe(200);
  });

  it('caps streams per address whoever is signed in', async () => {
    const other = await createTestApp({ maxConnections: 1_000 });
    const { admin, editor } = await staffSessions(other);
    await createUser(other.database, 'third', 'third-pass', false);
    const third = await login(other.app, 'third', 'third-pass');
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/admin/events`;
    const controllers: AbortController[] = [];
    const statuses: number[] = [];
    try {
      // Three accounts, three tabs each (under the per-account cap), all from one address.
      for (const cookie of [admin, editor, third, admin, editor, third, admin, editor, third]) {
        const controller = new AbortController();
        controllers.push(controller);
        const res = await fetch(url, { headers: { cookie }, signal: controller.signal });
        statuses.push(res.status);
        if (res.status !== 200) await res.text();
      }
    } finally {
      for (const c of controllers) c.abort();
    }
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
  });
});
