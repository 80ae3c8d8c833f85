// The real start-up path: a process that migrates, seeds, serves, and shuts down gracefully.
import { describe, expect, it } from 'vitest';
import { createDatabase, freePort, onPostgres, spawnServer, startServer, tempDir } from './setup/servers';

const engine = onPostgres ? 'postgres' : 'pglite';

describe(`start-up on ${engine}`, () => {
  it('migrates and seeds an empty database, prints how to sign in, and a second start changes nothing', async () => {
    const port = await freePort();
    const dataDir = tempDir('studio-start');
    const databaseUrl = onPostgres ? (await createDatabase('start')).url : undefined;
    const options = { port, dataDir, databaseUrl };

    const first = await startServer(options);
    const base = first.base;
    expect(first.output()).toContain(`Sign in at http://localhost:${port}/admin-page/auth as "admin"`);
    // Issue 21: the first start says how to do without the demo studio.
    expect(first.output()).toContain('SEED_DEMO_CONTENT=false');
    const password = /generated password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const apps = await (await fetch(`${base}/api/apps`)).json();
    expect(apps).toHaveLength(6);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const renamed = await fetch(`${base}/api/site-settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ name: 'Renamed Studio' }),
    });
    expect(renamed.status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer(options);
    expect(second.output()).not.toContain('generated password');
    expect(second.output()).toContain(`Renamed Studio is running at http://localhost:${port}`);
    // Every start names the studio as Site Settings has it and repeats where to sign in, never a password.
    expect(second.output()).toContain(
      `Staff sign in at http://localhost:${port}/admin-page/auth (administrator "admin")`,
    );
    expect(second.output()).not.toContain('SEED_DEMO_CONTENT');
    expect(await (await fetch(`${base}/api/apps`)).json()).toEqual(apps);
    expect(await second.stop()).toBe(0);
  }, 120_000);

  it('refuses to start with a bad setting and says which', async () => {
    const server = spawnServer({ PORT: 'not-a-port', DATA_DIR: tempDir('studio-start') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT:');
  });
});
