// The audit entry and the change it records commit together or not at all (issue 23 #6): the
// transaction scope (db/scope.ts) behind deps.audit.change, on both engines and two instances.
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppInputSchema } from '../../../shared/schemas/apps';
import { apps, auditLog } from '../../db/schema';
import { appInput as anyApp } from '../../../../tests/factories';
import { createPeerApp, useStaffApp } from '../../../../tests/setup/test-app';
import { onPostgres } from '../../../../tests/setup/servers';

const ctx = useStaffApp();
/** A valid app as the repo takes it (after the schema's defaults). */
const appInput = () => AppInputSchema.parse(anyApp());
const deps = () => ctx.app.deps;
/** What a route's request gives the audit log: the actor and the address. */
const asAdmin = () => ({ ip: '203.0.113.7', user: { id: 1, username: 'admin' } }) as unknown as FastifyRequest;

const entriesFor = (title: string) => ctx.database.db.select().from(auditLog).where(eq(auditLog.targetLabel, title));
const appsTitled = (title: string) => ctx.database.db.select().from(apps).where(eq(apps.title, title));

describe('deps.audit.change', () => {
  it('commits the change and its entry together, with the actor and the address', async () => {
    const input = appInput();
    const created = await deps().audit.change(asAdmin(), async (log) => {
      const app = await deps().repos.apps.create(input);
      log({ action: 'app.create', targetType: 'app', targetId: app.id, targetLabel: app.title });
      return app;
    });
    expect(await appsTitled(input.title)).toHaveLength(1);
    const [entry] = await entriesFor(input.title);
    expect(entry).toMatchObject({
      action: 'app.create',
      actorId: 1,
      actorName: 'admin',
      address: '203.0.113.7',
      targetType: 'app',
      targetId: String(created.id),
    });
  });

  it('writes neither the change nor the entry when the work throws after both', async () => {
    const input = appInput();
    await expect(
      deps().audit.change(asAdmin(), async (log) => {
        const app = await deps().repos.apps.create(input);
        log({ action: 'app.create', targetType: 'app', targetId: app.id, targetLabel: app.title });
        // A repo's own transaction inside the scope is a savepoint of it (reorder uses one).
        await deps().repos.apps.reorder(
          (await deps().repos.apps.list({ includeHidden: true })).map((a) => a.id).reverse(),
        );
        throw new Error('the request failed after its writes');
      }),
    ).rejects.toThrow('the request failed after its writes');
    expect(await appsTitled(input.title)).toHaveLength(0);
    expect(await entriesFor(input.title)).toHaveLength(0);
  });

  it('tells readers of content only once the change is committed, and never when it rolls back', async () => {
    const content = deps().content;
    const before = content.version;
    let during = -1;
    await deps().audit.change(asAdmin(), async () => {
      await deps().repos.apps.create(appInput());
      await content.changed();
      during = content.version;
    });
    expect(during).toBe(before);
    expect(content.version).toBe(before + 1);

    await expect(
      deps().audit.change(asAdmin(), async () => {
        await deps().repos.apps.create(appInput());
        await content.changed();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(content.version).toBe(before + 1);
  });

  it.runIf(onPostgres)('keeps concurrent changes apart: one rolls back, the other commits', async () => {
    const [kept, dropped] = [appInput(), appInput()];
    let release!: () => void;
    const bothWritten = new Promise<void>((resolve) => (release = resolve));
    let written = 0;
    // Any write through the repos' db (not a repo that takes a lock: both scopes wait at the barrier).
    const write = (title: string) =>
      deps().database.db.insert(auditLog).values({ action: 'test.write', targetLabel: title });
    const change = (input: typeof kept, fail: boolean) =>
      deps().audit.change(asAdmin(), async (log) => {
        await write(input.title);
        log({ action: 'app.create', targetType: 'app', targetLabel: input.title });
        if (++written === 2) release();
        await bothWritten;
        // Each scope sees its own write and not the other's (not committed yet).
        expect(await entriesFor(input.title)).toHaveLength(1);
        expect(await entriesFor((fail ? kept : dropped).title)).toHaveLength(0);
        if (fail) throw new Error('this one fails');
      });
    const results = await Promise.allSettled([change(kept, false), change(dropped, true)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((await entriesFor(kept.title)).map((e) => e.action).sort()).toEqual(['app.create', 'test.write']);
    expect(await entriesFor(dropped.title)).toHaveLength(0);
  });

  it.runIf(onPostgres)('is seen by another instance only once committed, change and entry at once', async () => {
    const peer = await createPeerApp(ctx);
    const input = appInput();
    const peerSees = async () => ({
      apps: (await peer.database.db.select().from(apps).where(eq(apps.title, input.title))).length,
      entries: (await peer.database.db.select().from(auditLog).where(eq(auditLog.targetLabel, input.title))).length,
    });
    await deps().audit.change(asAdmin(), async (log) => {
      const app = await deps().repos.apps.create(input);
      log({ action: 'app.create', targetType: 'app', targetId: app.id, targetLabel: app.title });
      expect(await peerSees()).toEqual({ apps: 0, entries: 0 });
    });
    expect(await peerSees()).toEqual({ apps: 1, entries: 1 });
  });
});
