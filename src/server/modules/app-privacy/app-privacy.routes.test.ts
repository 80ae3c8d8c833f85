// An app's privacy policy (issue 14): validation of the "Data we collect" table, who may read and
// write, every save kept as a version at its own address (issue 21), the dated address showing the
// version in force that day, a version for a later day announced and then in force when the app's
// clock reaches it (the caches included), the studio's policy with the app's name, and the studio's
// own endpoints unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type {
  AppPageLinks,
  AppPrivacyAdmin,
  AppPrivacyPolicy,
  AppPrivacyVersion,
  AppPrivacyVersionSummary,
} from '../../../shared/schemas/app-privacy';
import { PRIVACY_MESSAGES } from '../../../shared/schemas/app-privacy';
import type { AppInput } from '../../../shared/schemas/apps';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { appPages, revisions } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

const ctx = useStaffApp({}, { clock: fixedClock() });
let appId: number;
let hiddenId: number;

const row = (overrides: Record<string, unknown> = {}) => ({
  category: 'Identifiers',
  dataType: 'Device ID',
  linkedToUser: false,
  usedForTracking: false,
  purposes: ['Analytics'],
  sharedWithThirdParties: true,
  optional: false,
  encryptedInTransit: true,
  canBeDeleted: true,
  ...overrides,
});

const put = (id: number, payload: Record<string, unknown>, cookie: string | null = ctx.editor, headers = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: api.adminAppPrivacyPolicy(id),
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload,
  });
const { get, send } = ctx;
/** The app's day (its clock stands still until a test moves it). */
const today = () => dayAfter(0);
const dayAfter = (days: number) => new Date(ctx.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

const createApp = async (title: string, extra: Partial<AppInput> = {}) =>
  (await ctx.make.makeApp({ title, ...extra })).id;

beforeAll(async () => {
  appId = await createApp('Puzzle Quest');
  hiddenId = await createApp('Secret Game', { isHidden: true });
});

describe('an app with no policy', () => {
  it('is not found publicly, reads as null for staff, has no versions', async () => {
    const id = await createApp('Empty App');
    expectError(await get(api.appPrivacyPolicy(id)), 404, 'NOT_FOUND');
    expect(await ok(get(api.adminAppPrivacyPolicy(id), ctx.editor))).toBeNull();
    expect(await ok(get(api.appPrivacyVersions(id)))).toEqual([]);
    const links = await ok<AppPageLinks>(get(api.appPageLinks(id)));
    expect(links).toEqual({ privacyPolicy: false, accountDeletion: false, support: true, pressKit: true });
  });

  it('missing apps are not found', async () => {
    expectError(await get(api.appPrivacyPolicy(999_999)), 404, 'NOT_FOUND');
    expectError(await put(999_999, { content: '<p>Hi there</p>' }), 404, 'NOT_FOUND');
  });
});

describe('validation', () => {
  it('needs the text unless the studio policy is used', async () => {
    expectInvalid(await put(appId, { content: '' }), 'content', PRIVACY_MESSAGES.content);
    expectInvalid(await put(appId, { content: '<p> </p>' }), 'content', PRIVACY_MESSAGES.content);
  });

  it('checks every row of the table', async () => {
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row({ category: 'Weather' })] }),
      'dataCollected.0.category',
      PRIVACY_MESSAGES.category,
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row({ dataType: 'Crash Data' })] }),
      'dataCollected.0.dataType',
      PRIVACY_MESSAGES.dataType,
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row({ purposes: [] })] }),
      'dataCollected.0.purposes',
      PRIVACY_MESSAGES.purposes,
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row({ purposes: ['Selling'] })] }),
      'dataCollected.0.purposes.0',
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row(), row({ linkedToUser: true })] }),
      'dataCollected.1.dataType',
      PRIVACY_MESSAGES.duplicate,
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row({ linkedToUser: 'yes' })] }),
      'dataCollected.0.linkedToUser',
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', dataCollected: [row()], noDataCollected: true }),
      'noDataCollected',
      PRIVACY_MESSAGES.noDataWithRows,
    );
  });

  it('refuses the studio policy while the studio has none', async () => {
    const id = await createApp('Studio Less');
    expectInvalid(await put(id, { usesStudioPolicy: true }), 'usesStudioPolicy', PRIVACY_MESSAGES.noStudioPolicy);
  });
});

describe('access', () => {
  it('writes and staff reads need a session', async () => {
    expectError(await put(appId, { content: '<p>Hi</p>' }, null), 401, 'UNAUTHENTICATED');
    expectError(await get(api.adminAppPrivacyPolicy(appId)), 401, 'UNAUTHENTICATED');
  });

  it('a hidden app’s policy is not found by visitors, but staff read and write it', async () => {
    await ok(put(hiddenId, { content: '<p>Hidden policy text.</p>' }));
    expectError(await get(api.appPrivacyPolicy(hiddenId)), 404, 'NOT_FOUND');
    expectError(await get(api.appPrivacyVersions(hiddenId)), 404, 'NOT_FOUND');
    expectError(await get(api.appPrivacyVersion(hiddenId, today())), 404, 'NOT_FOUND');
    expectError(await get(api.appPageLinks(hiddenId)), 404, 'NOT_FOUND');
    expect((await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(hiddenId), ctx.editor))).content).toContain('Hidden');
  });
});

describe('saving and versions', () => {
  it('saves the text sanitised and the table, and the public read shows them', async () => {
    const saved = await ok<AppPrivacyAdmin>(
      put(appId, {
        content: '<h2>What we keep</h2><p onclick="x()">Only <script>bad()</script>your scores.</p>',
        dataCollected: [
          row(),
          row({ category: 'Diagnostics', dataType: 'Crash Data', purposes: ['Other Purposes', 'App Functionality'] }),
        ],
      }),
    );
    expect(saved.version).toBe(1);
    expect(saved.ownContent).not.toMatch(/script|onclick/);
    const policy = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    expect(policy.content).toContain('<h2>What we keep</h2>');
    expect(policy.content).not.toMatch(/script|onclick/);
    expect(policy.dataCollected).toHaveLength(2);
    // Purposes in the label's order, whatever order they were sent in.
    expect(policy.dataCollected[1]!.purposes).toEqual(['App Functionality', 'Other Purposes']);
    expect(policy.effectiveOn).toBe(today());
    expect(policy.noDataCollected).toBe(false);
    const links = await ok<AppPageLinks>(get(api.appPageLinks(appId)));
    expect(links.privacyPolicy).toBe(true);
  });

  it('a second save the same day keeps the first: both at their own address, the day’s address shows the later', async () => {
    const first = await ok<AppPrivacyAdmin>(get(api.adminAppPrivacyPolicy(appId), ctx.editor));
    const day1 = today();
    const [morning] = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    await ok(
      put(appId, { content: '<p>Same day, second text.</p>' }, ctx.editor, { 'if-match': `"${first.version}"` }),
    );
    let list = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expect(list.map((v) => [v.effectiveOn, v.status])).toEqual([
      [day1, 'current'],
      [day1, 'earlier'],
    ]);
    expect(list[1]!.id).toBe(morning!.id);
    expect(list[0]!.createdAt >= list[1]!.createdAt).toBe(true);
    // The morning's text stays readable at its own address; the day's address shows the later one.
    const kept = await ok<AppPrivacyVersion>(get(api.appPrivacySaved(appId, morning!.id)));
    expect(kept.content).toContain('What we keep');
    expect(kept.dataCollected).toHaveLength(2);
    expect(kept.status).toBe('earlier');
    const later = await ok<AppPrivacyVersion>(get(api.appPrivacySaved(appId, list[0]!.id)));
    expect(later.content).toContain('second text');
    expect(later.status).toBe('current');
    const onDay = await ok<AppPrivacyVersion>(get(api.appPrivacyVersion(appId, day1)));
    expect(onDay.id).toBe(list[0]!.id);
    expect(onDay.content).toContain('second text');
    expect((await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)))).versionId).toBe(list[0]!.id);

    ctx.clock.advance(DAY_MS);
    const day2 = today();
    const saved = await ok<AppPrivacyAdmin>(put(appId, { content: '<p>Next day text.</p>', noDataCollected: true }));
    expect(saved.version).toBe(first.version + 2);
    list = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expect(list.map((v) => v.effectiveOn)).toEqual([day2, day1, day1]);

    // Each day's version reads as it was.
    const old = await ok<AppPrivacyVersion>(get(api.appPrivacyVersion(appId, day1)));
    expect(old.content).toContain('second text');
    expect(old.noDataCollected).toBe(false);
    expect(old.status).toBe('earlier');
    const current = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    expect(current.content).toContain('Next day text');
    expect(current.noDataCollected).toBe(true);
    expect(current.dataCollected).toEqual([]);
    expect(current.effectiveOn).toBe(day2);
    expect(current.lastUpdated.slice(0, 10)).toBe(day2);
    expect(current.upcoming).toBeNull();
  });

  it('a version of another app, an unknown id or a malformed one is not found', async () => {
    const [mine] = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expectError(await get(api.appPrivacySaved(hiddenId, mine!.id), ctx.editor), 404, 'NOT_FOUND');
    expectError(await get(api.appPrivacySaved(appId, 999_999)), 404, 'NOT_FOUND');
    expectError(await get(api.appPrivacySaved(appId, 'latest')), 400, 'BAD_REQUEST');
  });

  it('an unknown or malformed day is not found', async () => {
    expectError(await get(api.appPrivacyVersion(appId, '2001-01-01')), 404, 'NOT_FOUND');
    expectError(await get(api.appPrivacyVersion(appId, '2001-02-30')), 404, 'NOT_FOUND');
    expectError(await get(api.appPrivacyVersion(appId, 'yesterday')), 404, 'NOT_FOUND');
  });

  it('a save over a newer version is refused with the policy as it is now', async () => {
    const now = await ok<AppPrivacyAdmin>(get(api.adminAppPrivacyPolicy(appId), ctx.editor));
    const res = await put(appId, { content: '<p>Stale edit.</p>' }, ctx.editor, { 'if-match': `"${now.version - 1}"` });
    const body = expectError(res, 409, 'CONFLICT');
    expect((body.current as AppPrivacyAdmin).version).toBe(now.version);
    expect((await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)))).content).not.toContain('Stale');
  });

  it('keeps no issue-12 revisions (the studio policy’s history stays its own)', async () => {
    const rows = await ctx.database.db.select().from(revisions);
    expect(rows.filter((r) => r.kind === 'privacy')).toEqual([]);
  });
});

describe('a version for a later day (issue 21)', () => {
  it('refuses a day before today and a malformed day, naming the field', async () => {
    expectInvalid(
      await put(appId, { content: '<p>Backdated.</p>', effectiveOn: dayAfter(-1) }),
      'effectiveOn',
      PRIVACY_MESSAGES.pastEffectiveOn,
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', effectiveOn: '2030-02-30' }),
      'effectiveOn',
      PRIVACY_MESSAGES.effectiveOn,
    );
    expectInvalid(
      await put(appId, { content: '<p>x</p>', effectiveOn: '1/12/2030' }),
      'effectiveOn',
      PRIVACY_MESSAGES.effectiveOn,
    );
  });

  it('is announced on the current policy until its day, then in force, and no cache keeps the old one', async () => {
    const before = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    const soon = dayAfter(3);
    await ok(put(appId, { content: '<p>Rules from next week.</p>', effectiveOn: soon }));
    // The page still shows the version in force, with the next one announced.
    const announced = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    expect(announced.versionId).toBe(before.versionId);
    expect(announced.content).toBe(before.content);
    expect(announced.upcoming).toMatchObject({ effectiveOn: soon, status: 'upcoming' });
    const upcomingId = announced.upcoming!.id;
    expect((await ok<AppPrivacyVersion>(get(api.appPrivacySaved(appId, upcomingId)))).content).toContain('next week');
    // A day still to come is not settled: its address is not found yet.
    expectError(await get(api.appPrivacyVersion(appId, soon)), 404, 'NOT_FOUND');
    const list = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expect(list[0]).toMatchObject({ id: upcomingId, status: 'upcoming' });
    expect(list[1]).toMatchObject({ id: before.versionId, status: 'current' });
    // Visitors' reads are cached now.
    const again = await get(api.appPrivacyPolicy(appId));
    expect(again.json<AppPrivacyPolicy>().versionId).toBe(before.versionId);

    // The day before: nothing changes. The day itself, by the clock alone (no write): in force.
    ctx.clock.advance(2 * DAY_MS);
    expect((await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)))).versionId).toBe(before.versionId);
    ctx.clock.advance(DAY_MS);
    expect(today()).toBe(soon);
    const inForce = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    expect(inForce.versionId).toBe(upcomingId);
    expect(inForce.content).toContain('next week');
    expect(inForce.effectiveOn).toBe(soon);
    expect(inForce.upcoming).toBeNull();
    // Last updated: the day it took effect.
    expect(inForce.lastUpdated).toBe(`${soon}T00:00:00.000Z`);
    const after = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expect(after[0]).toMatchObject({ id: upcomingId, status: 'current' });
    expect(after[1]).toMatchObject({ id: before.versionId, status: 'earlier' });
    expect((await ok<AppPrivacyVersion>(get(api.appPrivacyVersion(appId, soon)))).id).toBe(upcomingId);
    expect((await ok<AppPrivacyVersion>(get(api.appPrivacyVersion(appId, dayAfter(-1))))).id).toBe(before.versionId);
  });

  it('a later save for the same day replaces the announced one before it takes effect; both stay readable', async () => {
    const soon = dayAfter(2);
    await ok(put(appId, { content: '<p>Draft for the day.</p>', effectiveOn: soon }));
    await ok(put(appId, { content: '<p>Final for the day.</p>', effectiveOn: soon }));
    const policy = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    const list = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expect(list.slice(0, 2).map((v) => v.status)).toEqual(['upcoming', 'replaced']);
    expect(policy.upcoming!.id).toBe(list[0]!.id);
    expect((await ok<AppPrivacyVersion>(get(api.appPrivacySaved(appId, list[1]!.id)))).content).toContain('Draft');
    ctx.clock.advance(2 * DAY_MS);
    const now = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(appId)));
    expect(now.content).toContain('Final for the day');
    const later = await ok<AppPrivacyVersionSummary[]>(get(api.appPrivacyVersions(appId)));
    expect(later.slice(0, 2).map((v) => v.status)).toEqual(['current', 'replaced']);
  });

  it('an app whose first version is for a later day has no policy page nor link until that day', async () => {
    const id = await createApp('Launching Soon');
    const soon = dayAfter(1);
    await ok(put(id, { content: '<p>From launch day.</p>', effectiveOn: soon }));
    expectError(await get(api.appPrivacyPolicy(id)), 404, 'NOT_FOUND');
    expect((await ok<AppPageLinks>(get(api.appPageLinks(id)))).privacyPolicy).toBe(false);
    ctx.clock.advance(DAY_MS);
    expect((await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(id)))).content).toContain('launch day');
    expect((await ok<AppPageLinks>(get(api.appPageLinks(id)))).privacyPolicy).toBe(true);
  });
});

describe('the studio’s policy with the app’s name', () => {
  it('shows the studio text with {app} replaced (escaped), and keeps the own text for later', async () => {
    await ok(
      send('PUT', api.privacyPolicy, {
        content: '<p>This policy covers {app} and our website.</p>',
        lastUpdated: '14/05/2025',
      }),
    );
    const id = await createApp('Tom & <Jerry>');
    await ok(put(id, { content: '<p>Own words.</p>' }));
    const saved = await ok<AppPrivacyAdmin>(put(id, { usesStudioPolicy: true, content: '<p>Own words.</p>' }));
    expect(saved.usesStudioPolicy).toBe(true);
    expect(saved.ownContent).toBe('<p>Own words.</p>');
    const policy = await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(id)));
    expect(policy.usesStudioPolicy).toBe(true);
    expect(policy.content).toBe('<p>This policy covers Tom &amp; &lt;Jerry&gt; and our website.</p>');

    // The studio's text changes: the current page follows it, the day's version keeps what it showed.
    await ok(send('PUT', api.privacyPolicy, { content: '<p>Rewritten for {app}.</p>', lastUpdated: '20/05/2025' }));
    expect((await ok<AppPrivacyPolicy>(get(api.appPrivacyPolicy(id)))).content).toContain('Rewritten for Tom');
    const version = await ok<AppPrivacyVersion>(get(api.appPrivacyVersion(id, today())));
    expect(version.content).toContain('This policy covers Tom');
    expect(version.usesStudioPolicy).toBe(true);
  });

  it('leaves the studio endpoints as the spec says', async () => {
    const studio = await ok<Record<string, unknown>>(get(api.privacyPolicy));
    expect(Object.keys(studio).sort()).toEqual(['content', 'id', 'lastUpdated', 'updatedAt', 'version']);
    expect(studio.content).toBe('<p>Rewritten for {app}.</p>');
  });
});

describe('page links', () => {
  it('reads account deletion from its table; support and the press kit are always there', async () => {
    const id = await createApp('Linked App');
    await ctx.database.db.insert(appPages).values({ appId: id, accountDeletion: true });
    // The links are cached for visitors like other reads; a content change drops them.
    await ctx.app.deps.content.changed();
    expect(await ok<AppPageLinks>(get(api.appPageLinks(id)))).toEqual({
      privacyPolicy: false,
      accountDeletion: true,
      support: true,
      pressKit: true,
    });
  });
});
