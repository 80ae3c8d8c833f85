// Every kind of staff change leaves one audit entry (issue 23 #6): made through the real API as an
// administrator, each entry names the actor, the address, the action, the target and the fields that
// changed; and no entry anywhere holds a password, a hash, a secret or a token.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SOCIAL_ICON_KEYS } from '../../../shared/constants';
import { api } from '../../../shared/paths';
import { auditLog } from '../../db/schema';
import { ok } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';

const ctx = useStaffApp();
const NEW_PASSWORD = 'audited-new-pass-31';
const USER_PASSWORD = 'audited-user-pass-17';
const OWN_PASSWORD = 'audited-own-pass-42';

const entries = () => ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
/** The newest entry of `action`, which must exist. */
async function last(action: string) {
  const found = (await entries()).filter((e) => e.action === action).at(-1);
  if (!found) throw new Error(`no '${action}' entry`);
  return found;
}
const asAdmin = { actorName: 'admin', address: '127.0.0.1' };
async function send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const res = await ctx.send(method, url, payload, ctx.admin);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<Record<string, unknown>>();
}

describe('the audit log records every kind of staff change', () => {
  it('apps: create, update (changed fields only), order and delete', async () => {
    const app = await ctx.make.makeApp({ title: 'Audited Lantern' });
    expect(await last('app.create')).toMatchObject({
      ...asAdmin,
      targetType: 'app',
      targetId: String(app.id),
      targetLabel: 'Audited Lantern',
    });
    expect((await last('app.create')).changes).toMatchObject({ title: { after: 'Audited Lantern' } });

    await send('PUT', api.app(app.id), { ...app, description: 'x'.repeat(500) });
    const update = await last('app.update');
    expect(update).toMatchObject({ ...asAdmin, targetId: String(app.id), targetLabel: 'Audited Lantern' });
    // Only what changed, and long texts cut to 200 characters.
    expect(Object.keys(update.changes as object)).toEqual(['description']);
    expect(update.changes).toEqual({
      description: { before: app.description, after: `${'x'.repeat(200)}…` },
    });

    const other = await ctx.make.makeApp();
    await send('PUT', api.appsOrder, { ids: [other.id, app.id] });
    expect((await last('app.order')).changes).toEqual({
      order: { before: [app.title, other.title], after: [other.title, app.title] },
    });

    await send('DELETE', api.app(other.id));
    expect(await last('app.delete')).toMatchObject({ targetId: String(other.id), targetLabel: other.title });
  });

  it('posts: create, publish, unpublish, schedule, restore and delete', async () => {
    const app = await ctx.make.makeApp();
    const post = await ctx.make.makePost(app.id, { title: 'Audited post', content: `<p>${'word '.repeat(100)}</p>` });
    const created = await last('post.create');
    expect(created).toMatchObject({
      ...asAdmin,
      targetType: 'post',
      targetId: String(post.id),
      targetLabel: 'Audited post',
    });
    // Rich text as a short plain-text excerpt.
    expect((created.changes as Record<string, { after: string }>).content!.after).toBe(
      `${'word '.repeat(40).slice(0, 200)}…`,
    );

    await send('PATCH', `/api/admin/blogs/${post.id}/publish`);
    expect((await last('post.publish')).changes).toMatchObject({ isPublished: { before: false, after: true } });
    await send('PATCH', `/api/admin/blogs/${post.id}/unpublish`);
    expect((await last('post.unpublish')).changes).toMatchObject({ isPublished: { before: true, after: false } });

    const publishAt = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
    await send('PUT', `/api/admin/blogs/${post.id}`, {
      appId: app.id,
      title: post.title,
      content: '<p>Shorter.</p>',
      isPublished: false,
      publishAt,
    });
    expect(await last('post.schedule')).toMatchObject({ targetId: String(post.id) });

    const revisions = await ok<{ id: number }[]>(ctx.get(`/api/admin/revisions?type=post&id=${post.id}`, ctx.admin));
    await send('POST', `/api/admin/revisions/${revisions.at(-1)!.id}/restore`);
    expect(await last('post.restore')).toMatchObject({ targetType: 'post', targetId: String(post.id) });

    await send('DELETE', `/api/admin/blogs/${post.id}`);
    expect(await last('post.delete')).toMatchObject({ targetId: String(post.id), targetLabel: 'Audited post' });
  });

  it('settings, page texts, social links, site files, press kits and an app’s pages and privacy policy', async () => {
    const settings = await ok<Record<string, unknown>>(ctx.get(api.siteSettings));
    await send('PUT', api.siteSettings, { ...settings, name: 'Audited Studio' });
    expect(await last('settings.update')).toMatchObject({
      ...asAdmin,
      targetType: 'settings',
      targetLabel: 'Site settings',
    });
    expect((await last('settings.update')).changes).toMatchObject({ name: { after: 'Audited Studio' } });

    await send('PUT', api.contact, { email: 'hello@example.com' });
    expect(await last('page.update')).toMatchObject({ targetId: 'contact', targetLabel: 'Contact information' });
    expect((await last('page.update')).changes).toMatchObject({ email: { after: 'hello@example.com' } });

    const link = await send('POST', '/api/social-media', {
      name: 'Audited',
      url: 'https://example.com/a',
      icon: SOCIAL_ICON_KEYS[0],
    });
    await send('PUT', `/api/social-media/${link.id}`, {
      name: 'Audited',
      url: 'https://example.com/b',
      icon: SOCIAL_ICON_KEYS[0],
    });
    expect((await last('social-link.update')).changes).toEqual({
      url: { before: 'https://example.com/a', after: 'https://example.com/b' },
    });
    await send('DELETE', `/api/social-media/${link.id}`);
    expect(await last('social-link.delete')).toMatchObject({ targetLabel: 'Audited' });

    await send('PUT', api.siteFile('ads.txt'), {
      content: 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\n',
    });
    expect(await last('site-file.update')).toMatchObject({ targetType: 'site-file', targetId: 'ads.txt' });

    const kit = await ok<Record<string, unknown>>(ctx.get(api.adminPressKitStudio, ctx.admin));
    await send('PUT', api.adminPressKitStudio, { ...kit, factSheet: undefined });
    expect(await last('press-kit.update')).toMatchObject({ targetId: 'studio' });

    const app = await ctx.make.makeApp();
    await send('PUT', api.adminAppPages(app.id), { accountDeletion: true, deletionDays: 30 });
    expect(await last('app-pages.update')).toMatchObject({ targetId: String(app.id), targetLabel: app.title });

    await send('PUT', api.adminAppPrivacyPolicy(app.id), {
      content: '<p>We keep nothing.</p>',
      usesStudioPolicy: false,
      noDataCollected: true,
      dataCollected: [],
    });
    expect(await last('app-privacy.update')).toMatchObject({ targetId: String(app.id) });
  });

  it('deletion-request status, media upload, alt and delete, message deletion and demo content', async () => {
    const app = await ctx.make.makeApp();
    await send('PUT', api.adminAppPages(app.id), { accountDeletion: true, deletionDays: 30 });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: api.deletionRequests(app.id),
      payload: { email: 'player@example.com' },
      remoteAddress: '10.7.0.1',
    });
    expect(asked.statusCode).toBe(201);
    // A visitor's request is not a staff change.
    expect((await entries()).filter((e) => e.address === '10.7.0.1')).toEqual([]);
    const [request] = await ok<{ id: number; reference: string }[]>(ctx.get(api.adminDeletionRequests, ctx.admin));
    await send('PATCH', api.adminDeletionRequest(request!.id), { status: 'done', note: 'Deleted.' });
    const status = await last('deletion-request.status');
    expect(status).toMatchObject({ ...asAdmin, targetId: String(request!.id) });
    expect(status.changes).toMatchObject({ status: { before: 'new', after: 'done' }, note: { after: 'Deleted.' } });
    expect(JSON.stringify(status)).not.toContain('player@example.com');

    const image = await ctx.make.makeImage({ alt: 'A lantern' });
    expect(await last('media.upload')).toMatchObject({ targetType: 'media', targetId: String(image.id) });
    expect((await last('media.upload')).changes).toMatchObject({ alt: { after: 'A lantern' } });
    await send('PATCH', `/api/admin/media/${image.id}`, { alt: 'A lit lantern' });
    expect((await last('media.alt')).changes).toEqual({ alt: { before: 'A lantern', after: 'A lit lantern' } });
    await send('DELETE', `/api/admin/media/${image.id}`);
    expect(await last('media.delete')).toMatchObject({ targetId: String(image.id) });

    const sent = await ctx.app.inject({
      method: 'POST',
      url: api.messages,
      payload: {
        firstName: 'Vi',
        lastName: 'Sitor',
        email: 'v@example.com',
        subject: 'Hi',
        message: 'Hello there, studio.',
      },
      remoteAddress: '10.7.0.2',
    });
    expect(sent.statusCode).toBe(201);
    expect((await entries()).filter((e) => e.address === '10.7.0.2')).toEqual([]);
    const [message] = await ok<{ id: number }[]>(ctx.get(api.messages, ctx.admin));
    await send('DELETE', `/api/messages/${message!.id}`);
    expect(await last('message.delete')).toMatchObject({ targetId: String(message!.id) });

    await send('DELETE', api.demoContent);
    expect(await last('demo-content.remove')).toMatchObject({ ...asAdmin, targetType: 'demo-content' });
  });

  it('users: create, role, password set by an administrator, own password, sessions ended, delete', async () => {
    const user = await ctx.make.makeUser({ password: USER_PASSWORD });
    const created = await last('user.create');
    expect(created).toMatchObject({
      ...asAdmin,
      targetType: 'user',
      targetId: String(user.id),
      targetLabel: user.username,
    });
    expect(created.changes).toMatchObject({ username: { after: user.username }, isAdmin: { after: false } });

    await send('PATCH', `/api/admin/users/${user.id}`, { isAdmin: true });
    expect((await last('user.role')).changes).toEqual({ isAdmin: { before: false, after: true } });

    await send('PUT', `/api/admin/users/${user.id}/password`, {
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(await last('user.password')).toMatchObject({ ...asAdmin, targetId: String(user.id), changes: null });

    await send('POST', '/api/admin/change-password', {
      currentPassword: 'admin-pass',
      newPassword: OWN_PASSWORD,
      confirmPassword: OWN_PASSWORD,
    });
    expect(await last('user.password')).toMatchObject({ ...asAdmin, targetLabel: 'admin' });
    await send('DELETE', api.otherSessions);
    expect(await last('session.end-others')).toMatchObject({ ...asAdmin, targetLabel: 'admin' });

    await send('DELETE', `/api/admin/users/${user.id}`);
    expect(await last('user.delete')).toMatchObject({ targetId: String(user.id), targetLabel: user.username });
  });

  it('backups downloaded', async () => {
    const res = await ctx.get('/api/admin/backup', ctx.admin);
    expect(res.statusCode).toBe(200);
    expect(await last('backup.download')).toMatchObject({ ...asAdmin, targetType: 'backup' });
  });

  it('holds no password, hash, secret or token anywhere', async () => {
    const all = JSON.stringify(await entries());
    for (const secret of [NEW_PASSWORD, USER_PASSWORD, OWN_PASSWORD, 'admin-pass', 'editor-pass', '$argon2']) {
      expect(all).not.toContain(secret);
    }
    for (const entry of await entries()) {
      expect(Object.keys(entry.changes ?? {}).filter((k) => /password|secret|token|hash/i.test(k))).toEqual([]);
    }
  });

  it('cuts a long text without splitting a character (found by the property test)', async () => {
    // 101 emoji are 202 UTF-16 units: the cut at 200 falls inside none of them.
    const heroTitle = '😀 ' + '😀'.repeat(99);
    await send('PUT', api.homeContent, { heroTitle, featuredAppTitle: 'Our games' });
    const changes = (await last('page.update')).changes as Record<string, { after?: string }>;
    expect(changes.heroTitle!.after).toBe(`${'😀 ' + '😀'.repeat(98)}…`);
  });

  it('records nothing when the change fails', async () => {
    const before = (await entries()).length;
    const res = await ctx.send(
      'PUT',
      api.app(999_999),
      {
        title: 'Nope',
        description: 'x',
        icon: 'https://example.com/i.png',
        screenshots: ['https://example.com/s.png'],
      },
      ctx.admin,
    );
    expect(res.statusCode).toBe(404);
    expect((await entries()).length).toBe(before);
  });
});
