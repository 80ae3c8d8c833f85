// An app's version: every update raises it, a save based on an older one is refused (409 with the app
// as it is now), and a save without one (the spec's clients) saves as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { appInput, injectFactories, type Factories } from '../../../../tests/factories';
import { expectError, ok, requests } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';

const MINUTE = 60_000;

let ctx: TestContext;
let admin: string;
let editor: string;
let make: Factories;
const { get, send } = requests(
  () => ctx.app,
  () => editor,
);

/** PUT /api/apps/{id} as `cookie`, based on `ifMatch` when given (the admin's way). */
const putApp = (id: number, body: Record<string, unknown>, ifMatch?: string, cookie = editor) =>
  ctx.app.inject({
    method: 'PUT',
    url: api.app(id),
    headers: { cookie, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: body,
  });

/** The app's own fields as the form sends them back, with some changed. */
const edit = (app: App, changes: Record<string, unknown>) => ({
  ...appInput({ title: app.title, description: app.description, icon: app.icon, screenshots: app.screenshots }),
  status: app.status,
  ...changes,
});

beforeAll(async () => {
  ctx = await createTestApp({}, { clock: fixedClock(new Date('2026-03-01T09:00:00.000Z')) });
  ({ admin, editor } = await staffSessions(ctx));
  make = injectFactories(ctx.app, admin);
});

describe('an app’s version', () => {
  it('starts at 1 and is in every read of the app, for staff and visitors', async () => {
    const app = await make.makeApp();
    expect(app.version).toBe(1);
    expect(await ok<App>(get(api.app(app.id), editor))).toMatchObject({ id: app.id, version: 1 });
    expect(await ok<App>(get(api.app(app.id)))).toMatchObject({ id: app.id, version: 1 });
    expect(await ok<App>(get(api.appBySlug(app.slug)))).toMatchObject({ id: app.id, version: 1 });
    const listed = (await ok<App[]>(get(api.apps))).find((a) => a.id === app.id);
    expect(listed?.version).toBe(1);
  });

  it('rises by one on every update, with or without a version, and the update time follows the clock', async () => {
    const app = await make.makeApp();
    ctx.clock.advance(MINUTE);
    const first = await ok<App>(putApp(app.id, edit(app, { title: 'First' }), '"1"'));
    expect(first).toMatchObject({ title: 'First', version: 2, updatedAt: ctx.clock.now().toISOString() });
    // No version at all: saved as the spec's clients always were, and the version still moves.
    const spec = await ok<App>(send('PUT', api.app(app.id), edit(app, { title: 'Spec client' })));
    expect(spec).toMatchObject({ title: 'Spec client', version: 3 });
    // `version` in the body (for API clients) works as If-Match does.
    const body = await ok<App>(send('PUT', api.app(app.id), edit(app, { title: 'Body', version: 3 })));
    expect(body).toMatchObject({ title: 'Body', version: 4 });
    // Weak and bare forms of If-Match are read too.
    expect(await ok<App>(putApp(app.id, edit(app, { title: 'Weak' }), 'W/"4"'))).toMatchObject({ version: 5 });
    expect(await ok<App>(putApp(app.id, edit(app, { title: 'Bare' }), '5'))).toMatchObject({ version: 6 });
    expect(await ok<App>(get(api.app(app.id)))).toMatchObject({ title: 'Bare', version: 6 });
  });

  it('refuses a save based on an older version with 409 and the app as it is now, and changes nothing', async () => {
    const app = await make.makeApp({ tagline: 'Calm' });
    // Two people open version 1; the admin saves first.
    const theirs = await ok<App>(putApp(app.id, edit(app, { title: 'Theirs', tagline: 'Stormy' }), '"1"', admin));
    expect(theirs.version).toBe(2);

    ctx.clock.advance(MINUTE);
    const stale = expectError(
      await putApp(app.id, edit(app, { title: 'Mine', tagline: 'Sunny' }), '"1"'),
      409,
      'CONFLICT',
      'This was changed elsewhere since you opened it',
    );
    expect(stale.current).toEqual(theirs);
    expect(await ok<App>(get(api.app(app.id), editor))).toEqual(theirs);

    // A version from the future is no better; neither is one in the body.
    expectError(await putApp(app.id, edit(app, { title: 'Mine' }), '"9"'), 409, 'CONFLICT');
    expectError(await send('PUT', api.app(app.id), edit(app, { title: 'Mine', version: 1 })), 409, 'CONFLICT');

    // "Keep my version": the next save is based on theirs and goes on top.
    const mine = await ok<App>(putApp(app.id, edit(app, { title: 'Mine', tagline: 'Sunny' }), `"${theirs.version}"`));
    expect(mine).toMatchObject({ title: 'Mine', tagline: 'Sunny', version: 3 });
    expect(mine.updatedAt).toBe(ctx.clock.now().toISOString());
  });

  it('is not moved by the apps’ order, nor by a refused save', async () => {
    const a = await make.makeApp();
    const b = await make.makeApp();
    const all = await ok<App[]>(get(api.apps, editor));
    const ids = all.map((x) => x.id).reverse();
    const reordered = await ok<App[]>(send('PUT', api.appsOrder, { ids }));
    expect(reordered.find((x) => x.id === a.id)?.version).toBe(1);
    expect(reordered.find((x) => x.id === b.id)?.version).toBe(1);
    // Someone editing `a` since before the move saves without a conflict.
    expect(await ok<App>(putApp(a.id, edit(a, { title: 'After the move' }), '"1"'))).toMatchObject({ version: 2 });
    // An invalid save changes nothing either.
    expect((await putApp(b.id, edit(b, { title: '' }), '"1"')).statusCode).toBe(422);
    expect(await ok<App>(get(api.app(b.id)))).toMatchObject({ version: 1 });
  });

  it('a new app ignores a version sent with it; an unknown app is 404 whatever the version', async () => {
    const created = await ok<App>(send('POST', api.apps, appInput({ version: 7 })), 201);
    expect(created.version).toBe(1);
    expectError(await putApp(999_999, edit(created, { title: 'Nobody' }), '"1"'), 404, 'NOT_FOUND');
  });

  it('a bad version in the body is refused as invalid input', async () => {
    const app = await make.makeApp();
    for (const version of [0, -1, 1.5, '2']) {
      const res = await send('PUT', api.app(app.id), edit(app, { version }));
      expect(res.statusCode, `${String(version)}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'version' }] });
    }
    expect(await ok<App>(get(api.app(app.id)))).toMatchObject({ version: 1 });
  });
});
