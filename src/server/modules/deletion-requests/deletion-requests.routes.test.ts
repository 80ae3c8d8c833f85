// Deletion requests and an app's deletion and support texts (issue 14): validation, the honeypot and
// the limit, the lifecycle with its audit trail, filters and overdue by the app's clock, and access,
// on a site that sends no mail (requests count from submission). With mail (the confirmation link,
// the outcome emails, the mail limits): deletion-confirmation.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { injectFactories } from '../../../../tests/factories';
import { fixedClock } from '../../../../tests/setup/clock';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import type { AppInput } from '../../../shared/schemas/apps';
import type {
  AppPages,
  DeletionReceipt,
  DeletionRequest,
  DeletionRequestDetail,
  PublicAppPages,
} from '../../../shared/schemas/app-pages';
import { deletionRequests, notificationJobs } from '../../db/schema';

const APP = {
  title: 'Lantern Drift',
  description: 'A calm boat game.',
  icon: 'https://example.com/icon.png',
  screenshots: ['https://example.com/shot.png'],
};

const PAGES = {
  accountDeletion: true,
  deletionDeleted: '<p>Your profile and saves.</p><script>alert(1)</script>',
  deletionKept: '<p>Purchase records for 7 years.</p>',
  deletionDays: 30,
  supportEmail: 'help@example.com',
  supportIntro: '<p>We answer within two days.</p>',
  faq: [{ question: 'How do I restore a purchase?', answer: 'Settings, then Restore.' }],
};

async function setUp(ctx: TestContext, cookie: string, pages: object = PAGES, app: Partial<AppInput> = APP) {
  const created = await injectFactories(ctx.app, cookie).makeApp(app);
  await ok(
    ctx.app.inject({ method: 'PUT', url: `/api/admin/apps/${created.id}/pages`, headers: { cookie }, payload: pages }),
  );
  return created;
}

const ask = (ctx: TestContext, appId: number, payload: object, ip = '10.9.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api/apps/${appId}/deletion-requests`, payload, remoteAddress: ip });

describe('an app’s deletion and support texts', () => {
  let ctx: TestContext;
  let editor: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ editor } = await staffSessions(ctx));
  });

  it('reads as the defaults until saved, then saves sanitised with a version checked by If-Match', async () => {
    const { id } = await injectFactories(ctx.app, editor).makeApp(APP);
    const url = `/api/admin/apps/${id}/pages`;
    const fresh = await ok<AppPages>(ctx.app.inject({ url, headers: { cookie: editor } }));
    expect(fresh).toMatchObject({ accountDeletion: false, deletionDays: 30, faq: [], version: 0, supportEmail: null });

    const saved = await ok<AppPages>(
      ctx.app.inject({ method: 'PUT', url, headers: { cookie: editor, 'if-match': '"0"' }, payload: PAGES }),
    );
    expect(saved.version).toBe(1);
    expect(saved.deletionDeleted).toBe('<p>Your profile and saves.</p>');
    expect(saved.faq).toEqual(PAGES.faq);

    // An edit based on version 0 now meets version 1: refused with the row as it is.
    const stale = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: editor, 'if-match': '"0"' },
      payload: { ...PAGES, supportIntro: '' },
    });
    const body = expectError(stale, 409, 'CONFLICT');
    expect((body.current as AppPages).version).toBe(1);

    // Visitors read the texts (no version); a hidden app's are not found for them.
    const pub = await ok<PublicAppPages>(ctx.app.inject({ url: `/api/apps/${id}/pages` }));
    expect(pub).not.toHaveProperty('version');
    expect(pub.supportEmail).toBe('help@example.com');
    await ok(
      ctx.app.inject({
        method: 'PUT',
        url: `/api/apps/${id}`,
        headers: { cookie: editor },
        payload: { ...APP, isHidden: true },
      }),
    );
    expectError(await ctx.app.inject({ url: `/api/apps/${id}/pages` }), 404, 'NOT_FOUND');
    await ok(ctx.app.inject({ url: `/api/apps/${id}/pages`, headers: { cookie: editor } }));
  });

  it('lets one of two first saves at once in; the other meets it as a conflict, never a failure', async () => {
    const { id } = await injectFactories(ctx.app, editor).makeApp({ ...APP, title: 'Two first saves' });
    const save = (supportIntro: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/apps/${id}/pages`,
        headers: { cookie: editor, 'if-match': '"0"' },
        payload: { ...PAGES, supportIntro },
      });
    const answers = await Promise.all([save('<p>First.</p>'), save('<p>Second.</p>')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((a) => a.statusCode === 200)!.json<AppPages>();
    const refused = expectError(
      answers.find((a) => a.statusCode === 409)!,
      409,
      'CONFLICT',
    );
    expect(refused.current).toEqual(kept);
  });

  it('validates the texts with the shared schema', async () => {
    const { id } = await setUp(ctx, editor, { accountDeletion: false }, { ...APP, title: 'Other app' });
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/admin/apps/${id}/pages`, headers: { cookie: editor }, payload });
    expectInvalid(await put({ supportEmail: 'not-an-email' }), 'supportEmail', 'Enter a valid email address');
    expectInvalid(await put({ deletionDays: 0 }), 'deletionDays', 'At least 1 day');
    expectInvalid(await put({ faq: [{ question: '', answer: 'x' }] }), 'faq.0.question', 'Write the question');
    expect((await put({ accountDeletion: true })).statusCode).toBe(200);
    // Signed out: no reading or writing of the admin's view.
    expectError(await ctx.app.inject({ url: `/api/admin/apps/${id}/pages` }), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.app.inject({ method: 'PUT', url: `/api/admin/apps/${id}/pages`, payload: PAGES }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await ctx.app.inject({ url: '/api/admin/apps/999999/pages', headers: { cookie: editor } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('deletion requests', () => {
  let ctx: TestContext;
  let admin: string;
  let editor: string;
  let appId: number;
  let otherAppId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ contactMaxPerHour: 3 }, { clock: fixedClock() });
    ({ admin, editor } = await staffSessions(ctx));
    appId = (await setUp(ctx, editor)).id;
    otherAppId = (await setUp(ctx, editor, { ...PAGES, deletionDays: 7 }, { ...APP, title: 'Tidepool Tactics' })).id;
  });

  it('takes a request signed out: a reference, due in the app’s days by the app’s clock, a first event by the Visitor', async () => {
    ctx.clock.offsetMs = 0;
    const receipt = await ok<DeletionReceipt>(
      ask(ctx, appId, { email: ' ada@example.com ', accountId: 'player-42', note: 'Please remove everything.' }),
      201,
    );
    expect(receipt.reference).toMatch(/^DEL-[23456789ABCDEFGHJKMNPQRSTWXYZ]{6}$/);
    expect(receipt.dueAt).toBe(new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString());

    const [list] = await ok<DeletionRequest[]>(
      ctx.app.inject({ url: `/api/admin/deletion-requests?appId=${appId}`, headers: { cookie: editor } }),
    );
    expect(list).toMatchObject({
      reference: receipt.reference,
      email: 'ada@example.com',
      accountId: 'player-42',
      status: 'new',
      overdue: false,
      // No mail server: nothing to confirm by, so it counts from the submission.
      confirmation: 'confirmed',
      appTitle: 'Lantern Drift',
      appSlug: 'lantern-drift',
    });
    const detail = await ok<DeletionRequestDetail>(
      ctx.app.inject({ url: `/api/admin/deletion-requests/${list!.id}`, headers: { cookie: editor } }),
    );
    expect(detail.events).toEqual([
      expect.objectContaining({ actorName: 'Visitor', fromStatus: null, toStatus: 'new', note: '' }),
    ]);
    // No mail server: no confirmation job is queued.
    expect(await ctx.database.db.select().from(notificationJobs)).toHaveLength(0);
  });

  it('refuses a bad email, too long an identifier, and apps that take no requests', async () => {
    expectInvalid(await ask(ctx, appId, { email: 'nope' }, '10.9.1.1'), 'email', 'Enter a valid email address');
    expectInvalid(await ask(ctx, appId, {}, '10.9.1.2'), 'email');
    expectInvalid(
      await ask(ctx, appId, { email: 'a@example.com', accountId: 'x'.repeat(201) }, '10.9.1.3'),
      'accountId',
      'The account identifier must be at most 200 characters',
    );
    const off = await setUp(ctx, editor, { ...PAGES, accountDeletion: false }, { ...APP, title: 'No accounts' });
    expectError(await ask(ctx, off.id, { email: 'a@example.com' }, '10.9.1.4'), 404, 'NOT_FOUND');
    expectError(await ask(ctx, 999_999, { email: 'a@example.com' }, '10.9.1.5'), 404, 'NOT_FOUND');
    const hidden = await setUp(ctx, editor, PAGES, { ...APP, title: 'Hidden one', isHidden: true });
    expectError(await ask(ctx, hidden.id, { email: 'a@example.com' }, '10.9.1.6'), 404, 'NOT_FOUND');
  });

  it('answers a filled-in honeypot like a stored request, and stores nothing', async () => {
    const count = (await ctx.database.db.select().from(deletionRequests)).length;
    const receipt = await ok<DeletionReceipt>(
      ask(ctx, appId, { email: 'bot@example.com', website: 'http://spam.example' }, '10.9.2.1'),
      201,
    );
    expect(receipt.reference).toMatch(/^DEL-/);
    expect(await ctx.database.db.select().from(deletionRequests)).toHaveLength(count);
  });

  it('limits requests per address (429 with Retry-After)', async () => {
    for (let i = 0; i < 3; i++)
      expect((await ask(ctx, appId, { email: `r${i}@example.com` }, '10.9.3.1')).statusCode).toBe(201);
    const limited = await ask(ctx, appId, { email: 'r4@example.com' }, '10.9.3.1');
    expectError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(ctx, appId, { email: 'r5@example.com' }, '10.9.3.2')).statusCode).toBe(201);
  });

  it('moves new → in progress → done with each change on the trail under the staff member’s name', async () => {
    const { reference } = await ok<DeletionReceipt>(
      ask(ctx, otherAppId, { email: 'grace@example.com' }, '10.9.4.1'),
      201,
    );
    const [found] = await ok<DeletionRequest[]>(
      ctx.app.inject({ url: `/api/admin/deletion-requests?appId=${otherAppId}`, headers: { cookie: editor } }),
    );
    expect(found!.reference).toBe(reference);
    const patch = (cookie: string, payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/deletion-requests/${found!.id}`,
        headers: { cookie },
        payload,
      });

    expect((await ok<DeletionRequestDetail>(patch(editor, { status: 'in_progress' }))).status).toBe('in_progress');
    const done = await ok<DeletionRequestDetail>(
      patch(admin, { status: 'done', note: 'Account removed from the game server.' }),
    );
    expect(done.status).toBe('done');
    expect(done.events.map((e) => [e.actorName, e.fromStatus, e.toStatus, e.note])).toEqual([
      ['Visitor', null, 'new', ''],
      ['editor', 'new', 'in_progress', ''],
      ['admin', 'in_progress', 'done', 'Account removed from the game server.'],
    ]);
    expectInvalid(await patch(editor, { status: 'deleted' }), 'status');
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/admin/deletion-requests/999999',
        headers: { cookie: editor },
        payload: { status: 'done' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('filters by app and status, pages with X-Total-Count, and marks overdue by the clock', async () => {
    const get = (query: string) =>
      ctx.app.inject({ url: `/api/admin/deletion-requests?${query}`, headers: { cookie: editor } });
    const all = await get('pageSize=2');
    expect(all.json()).toHaveLength(2);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(5);
    const done = await get('status=done');
    expect(done.headers['x-total-count']).toBe('1');
    expect(done.json()[0].status).toBe('done');
    expect((await get(`appId=${otherAppId}`)).headers['x-total-count']).toBe('1');
    expect((await get('status=overdue')).headers['x-total-count']).toBe('0');

    // A request on an app that gives one day: two days on it is overdue, and only it (the done one never is).
    const quick = await setUp(ctx, editor, { ...PAGES, deletionDays: 1 }, { ...APP, title: 'Quick app' });
    const { reference } = await ok<DeletionReceipt>(ask(ctx, quick.id, { email: 'q@example.com' }, '10.9.5.1'), 201);
    const openBefore = (await get('status=open')).headers['x-total-count'];
    ctx.clock.offsetMs = 2 * 86_400_000;
    const overdue = await get('status=overdue');
    expect(overdue.headers['x-total-count']).toBe('1');
    expect(overdue.json()[0]).toMatchObject({ reference, overdue: true, status: 'new' });
    expect((await get('status=open')).headers['x-total-count']).toBe(openBefore);
    expect((await get('status=done')).json()[0].overdue).toBe(false);
    // In the detail too.
    const id = overdue.json()[0].id as number;
    expect(
      (
        await ok<DeletionRequestDetail>(
          ctx.app.inject({ url: `/api/admin/deletion-requests/${id}`, headers: { cookie: editor } }),
        )
      ).overdue,
    ).toBe(true);
    ctx.clock.offsetMs = 0;

    expectError(await get('status=lost'), 400, 'BAD_REQUEST');
    expectError(await get('page=0'), 400, 'BAD_REQUEST');
  });

  it('is for staff only, except asking', async () => {
    expectError(await ctx.app.inject({ url: '/api/admin/deletion-requests' }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.app.inject({ url: '/api/admin/deletion-requests/1' }), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.app.inject({ method: 'PATCH', url: '/api/admin/deletion-requests/1', payload: { status: 'done' } }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
