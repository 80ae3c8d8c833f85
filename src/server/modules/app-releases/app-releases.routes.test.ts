// An app's release notes (issue 26): staff add, edit (409 over a newer revision) and delete versions,
// each audited; the input is checked by the shared schema; visitors read them newest first (not for a
// hidden app); deleting the app deletes them and their translations; a release drafts a campaign to
// the app's list; translations of type 'release' are published per language.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import { RELEASE_MESSAGES, type Release } from '../../../shared/schemas/app-releases';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { appReleases, campaigns, translations } from '../../db/schema';

const ctx = useStaffApp({}, { clock: fixedClock(new Date('2026-05-01T09:00:00.000Z')) });
const { get, send } = ctx;

const input = (changes: Record<string, unknown> = {}) => ({
  version: '1.2.0',
  releasedOn: '2026-04-20',
  platforms: ['android', 'ios'],
  notes: 'New levels.\nFaster loading.',
  ...changes,
});

const create = (appId: number, changes: Record<string, unknown> = {}) =>
  ok<Release>(send('POST', api.adminAppReleases(appId), input(changes)), 201);

const auditActions = () =>
  ok<{ action: string; target: { id: string; label: string } }[]>(get(`${api.auditLog}?action=release.`, ctx.admin));

describe('release notes: staff', () => {
  it('adds, lists newest first, edits with the revision and deletes, each audited', async () => {
    const app = await ctx.make.makeApp({ title: 'Orbit Hop' });
    const first = await create(app.id, { version: '1.0.0', releasedOn: '2026-01-10', platforms: ['ios', 'android'] });
    expect(first).toMatchObject({
      appId: app.id,
      version: '1.0.0',
      releasedOn: '2026-01-10',
      // In the platforms' own order, whatever order they were sent in.
      platforms: ['ios', 'android'],
      revision: 1,
      createdAt: ctx.clock.now().toISOString(),
    });
    const second = await create(app.id, { version: '1.1.0', releasedOn: '2026-03-02', notes: 'Line one\r\nLine two' });
    expect(second.notes).toBe('Line one\nLine two');
    const listed = await ok<Release[]>(get(api.adminAppReleases(app.id), ctx.editor));
    expect(listed.map((r) => r.version)).toEqual(['1.1.0', '1.0.0']);

    const saved = await ok<Release>(
      send('PUT', api.adminAppRelease(app.id, first.id), input({ version: '1.0.1', notes: 'Fixed', revision: 1 })),
    );
    expect(saved).toMatchObject({ version: '1.0.1', notes: 'Fixed', revision: 2 });

    // A save from the older revision is refused, with the release as it is now.
    const stale = expectError(
      await send('PUT', api.adminAppRelease(app.id, first.id), input({ notes: 'Mine', revision: 1 })),
      409,
      'CONFLICT',
    );
    expect(stale.current).toMatchObject({ id: first.id, notes: 'Fixed', revision: 2 });
    // If-Match works as on the other editors.
    const byHeader = await ctx.app.inject({
      method: 'PUT',
      url: api.adminAppRelease(app.id, first.id),
      headers: { cookie: ctx.editor, 'if-match': '"1"' },
      payload: input(),
    });
    expectError(byHeader, 409, 'CONFLICT');

    expect(await ok(send('DELETE', api.adminAppRelease(app.id, second.id)))).toEqual({ success: true });
    expectError(await send('DELETE', api.adminAppRelease(app.id, second.id)), 404, 'NOT_FOUND');
    expect((await ok<Release[]>(get(api.adminAppReleases(app.id), ctx.editor))).map((r) => r.version)).toEqual([
      '1.0.1',
    ]);

    const entries = await auditActions();
    const mine = entries.filter((e) => e.target.id === String(first.id) || e.target.id === String(second.id));
    expect(mine.map((e) => e.action).sort()).toEqual([
      'release.create',
      'release.create',
      'release.delete',
      'release.update',
    ]);
    expect(mine.find((e) => e.action === 'release.update')?.target.label).toBe('Orbit Hop 1.0.1');
  });

  it('checks the input by the shared rules', async () => {
    const app = await ctx.make.makeApp();
    const url = api.adminAppReleases(app.id);
    expectInvalid(await send('POST', url, input({ version: '' })), 'version', RELEASE_MESSAGES.version);
    expectInvalid(
      await send('POST', url, input({ version: 'v'.repeat(33) })),
      'version',
      RELEASE_MESSAGES.versionTooLong,
    );
    expectInvalid(await send('POST', url, input({ version: '1.0<script>' })), 'version', RELEASE_MESSAGES.versionChars);
    expectInvalid(await send('POST', url, input({ releasedOn: '2026-02-30' })), 'releasedOn', RELEASE_MESSAGES.date);
    expectInvalid(await send('POST', url, input({ releasedOn: 'yesterday' })), 'releasedOn', RELEASE_MESSAGES.date);
    expectInvalid(await send('POST', url, input({ platforms: ['amiga'] })), 'platforms.0');
    expectInvalid(await send('POST', url, input({ notes: 'x'.repeat(4001) })), 'notes', RELEASE_MESSAGES.notes);
    // Liberal versions and exactly 4,000 characters are fine.
    await create(app.id, { version: '2.0 (build 45)', notes: 'y'.repeat(4000) });
    await create(app.id, { version: '2024.11-beta' });
    // One version once per app (another app may have it).
    expectInvalid(await send('POST', url, input({ version: '2024.11-beta' })), 'version', RELEASE_MESSAGES.taken);
    const other = await ctx.make.makeApp();
    await create(other.id, { version: '2024.11-beta' });
    const [a, b] = await ok<Release[]>(get(url, ctx.editor));
    expectInvalid(
      await send('PUT', api.adminAppRelease(app.id, a!.id), input({ version: b!.version })),
      'version',
      RELEASE_MESSAGES.taken,
    );
  });

  it('is staff only, and a release of another app is not found', async () => {
    const app = await ctx.make.makeApp();
    const other = await ctx.make.makeApp();
    const release = await create(app.id);
    expectError(await send('POST', api.adminAppReleases(app.id), input(), null), 401, 'UNAUTHENTICATED');
    expectError(await get(api.adminAppReleases(app.id)), 401, 'UNAUTHENTICATED');
    expectError(await send('PUT', api.adminAppRelease(other.id, release.id), input()), 404, 'NOT_FOUND');
    expectError(await send('DELETE', api.adminAppRelease(other.id, release.id)), 404, 'NOT_FOUND');
    expectError(await send('POST', api.adminAppReleases(2_147_483_647), input()), 404, 'NOT_FOUND');
  });
});

describe('release notes: visitors', () => {
  it('reads them newest first without staff fields; a hidden app has none', async () => {
    const app = await ctx.make.makeApp();
    await create(app.id, { version: '1.0', releasedOn: '2026-01-01' });
    await create(app.id, { version: '1.1', releasedOn: '2026-02-01' });
    const read = await ok<Record<string, unknown>[]>(get(api.appReleases(app.id)));
    expect(read.map((r) => r.version)).toEqual(['1.1', '1.0']);
    expect(Object.keys(read[0]!)).not.toContain('revision');
    const hidden = await ctx.make.makeApp({ isHidden: true });
    expectError(await get(api.appReleases(hidden.id)), 404, 'NOT_FOUND');
  });

  it('are deleted with their app, and their translations with them', async () => {
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
    const app = await ctx.make.makeApp();
    const release = await create(app.id);
    await ok(
      send('PUT', `/api/admin/translations/release/${release.id}/de`, {
        fields: { notes: 'Neue Level.' },
        isPublished: true,
      }),
    );
    const db = ctx.database.db;
    expect(await db.select().from(translations).where(eq(translations.releaseId, release.id))).toHaveLength(1);
    await ok(send('DELETE', api.app(app.id), undefined, ctx.admin));
    expect(await db.select().from(appReleases).where(eq(appReleases.id, release.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(translations)
        .where(eq(translations.item, String(release.id))),
    ).toHaveLength(0);
  });

  it('in another language: only releases published in it, in its words', async () => {
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
    const app = await ctx.make.makeApp();
    const a = await create(app.id, { version: '3.0', releasedOn: '2026-03-01', notes: 'Big update' });
    const b = await create(app.id, { version: '2.0', releasedOn: '2026-02-01' });
    await ok(
      send('PUT', `/api/admin/translations/release/${a.id}/de`, {
        fields: { notes: 'Großes Update' },
        isPublished: true,
      }),
    );
    await ok(
      send('PUT', `/api/admin/translations/release/${b.id}/de`, { fields: { notes: 'Entwurf' }, isPublished: false }),
    );
    const read = await ok<Release[]>(get(`${api.appReleases(app.id)}?locale=de`));
    expect(read).toEqual([expect.objectContaining({ id: a.id, notes: 'Großes Update', contentLocale: 'de' })]);
    // A published translation needs its text.
    expectInvalid(
      await send('PUT', `/api/admin/translations/release/${b.id}/de`, { fields: { notes: '' }, isPublished: true }),
      'fields.notes',
    );
    // The editor names the release by its app and version.
    const item = await ok<{ label: string; source: { notes: string } }>(
      get(`/api/admin/translations/release/${a.id}`, ctx.editor),
    );
    expect(item).toMatchObject({ label: `${app.title} 3.0`, source: { notes: 'Big update' } });
  });
});

describe('email this update to the app’s list', () => {
  it('drafts a campaign for the app’s list from the release, audited, never sent', async () => {
    const app = await ctx.make.makeApp({ title: 'Tiny <Tanks>' });
    const release = await create(app.id, {
      version: '4.2',
      platforms: ['android'],
      notes: 'Tanks & <b>more</b>\n\nSecond',
    });
    const drafted = await ok<{ campaignId: number; subject: string }>(
      send('POST', api.adminAppReleaseCampaign(app.id, release.id)),
      201,
    );
    expect(drafted.subject).toBe("Tiny <Tanks> 4.2: what's new");
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, drafted.campaignId));
    expect(row).toMatchObject({
      list: `app:${app.id}`,
      origin: 'release',
      status: 'draft',
      appId: app.id,
      releaseId: release.id,
      platforms: ['android'],
    });
    // The notes are text: escaped, never markup.
    expect(row!.content).toContain('Tanks &amp; &lt;b&gt;more&lt;/b&gt;');
    expect(row!.content).toContain(`/apps/${app.slug}/releases`);
    const audit = await ok<{ action: string; target: { label: string } }[]>(
      get(`${api.auditLog}?action=campaign.draft`, ctx.admin),
    );
    expect(audit[0]).toMatchObject({ action: 'campaign.draft', target: { label: drafted.subject } });
    expectError(await send('POST', api.adminAppReleaseCampaign(app.id, 2_147_483_647)), 404, 'NOT_FOUND');
  });
});
