// GET /api/admin/backup: administrators download the file `npm run export` writes; nobody else.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { apps } from '../../db/schema';
import { BACKUP_FORMAT, backupFileName, parseBackupFile } from './backup.format';

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

  it('gives an administrator the whole database as a JSON attachment, never cached', async () => {
    const res = await download(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.format).toBe(BACKUP_FORMAT);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${backupFileName(new Date(body.exportedAt))}"`,
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="studio-backup-\d{4}-\d{2}-\d{2}\.json"$/,
    );

    // The file an import accepts, with the users' password hashes (no sessions: those stay here).
    const file = parseBackupFile(body);
    expect(file.tables.users!.map((u) => [u.username, u.is_admin])).toEqual([
      ['admin', true],
      ['editor', false],
    ]);
    for (const user of file.tables.users!) expect(user.password).toMatch(/^\$argon2id\$/);
    expect(file.tables.apps!.map((a) => a.title)).toEqual(['Lantern ✨']);
    expect(file.tables).not.toHaveProperty('sessions');
  });
});
