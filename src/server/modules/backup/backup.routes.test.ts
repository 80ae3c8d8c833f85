// GET /api/admin/backup: administrators download the archive `npm run export` writes, streamed; nobody else. GET
// /api/admin/backup/ready: whether they may take one now (the dashboard asks before the browser downloads).
import { beforeAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../../../tests/setup/backup-archive';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { apps } from '../../db/schema';
import { BACKUP_FORMAT, BACKUP_VERSION, backupFileName } from './backup.format';
import { importBackup } from './backup.repo';

let ctx: TestContext;
let admin: string;
let editor: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, editor } = await staffSessions(ctx));
  await ctx.database.db.insert(apps).values({ title: 'Lantern ✨', description: 'A calm game', icon: 'i' });
});

const download = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/backup', headers: cookie ? { cookie } : {} });

describe('GET /api/admin/backup', () => {
  it.each([
    ['anonymous', undefined, 401, 'UNAUTHENTICATED'],
    ['a forged session', 'sid=forged', 401, 'UNAUTHENTICATED'],
    ['a User', 'editor', 403, 'FORBIDDEN'],
  ] as const)('is refused to %s', async (_who, as, status, code) => {
    const res = await download(as === 'editor' ? editor : as);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).not.toContain('$argon2');
  });

  it('gives an administrator the whole database as a tar attachment, never cached', async () => {
    const res = await download(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['cache-control']).toBe('no-store');
    const archive = await readArchive(res.rawPayload);
    expect(archive.manifest).toMatchObject({ format: BACKUP_FORMAT, version: BACKUP_VERSION });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${backupFileName(new Date(archive.manifest.exportedAt))}"`,
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="studio-backup-\d{4}-\d{2}-\d{2}\.tar"$/);

    // The archive an import accepts, with the users' password hashes (no sessions: those stay here).
    const { tables } = archive.file;
    expect(tables.users!.map((u) => [u.username, u.is_admin])).toEqual([
      ['admin', true],
      ['editor', false],
    ]);
    for (const user of tables.users!) expect(user.password).toMatch(/^\$argon2id\$/);
    expect(tables.apps!.map((a) => a.title)).toEqual(['Lantern ✨']);
    expect(tables).not.toHaveProperty('sessions');
    const target = await createTestApp();
    const { rows } = await importBackup(target.database.db, res.rawPayload, { force: true });
    expect(rows.apps).toBe(1);
  });
});

describe('GET /api/admin/backup/ready', () => {
  const ready = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/backup/ready', headers: cookie ? { cookie } : {} });

  it('answers an administrator 204 when a backup can be taken, and refuses everyone else', async () => {
    const res = await ready(admin);
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await ready()).statusCode).toBe(401);
    expect((await ready(editor)).statusCode).toBe(403);
  });

  it('has no HEAD for the archive: asking for its headers would run the export', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/api/admin/backup', headers: { cookie: admin } });
    expect(res.statusCode).toBe(404);
  });
});
