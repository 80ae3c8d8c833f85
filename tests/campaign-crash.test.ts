// A campaign send survives a crash (issue 26): the real server is killed (SIGKILL) in the middle of
// sending, restarted, and every recipient ends up with exactly one message (one Message-ID). The one
// recipient that was being sent at the kill may be handed to the mail server a second time, with the
// same Message-ID, if the kill fell after the server took it but before it was marked sent
// (docs/decisions/119); nobody else ever is. On the embedded database and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { siteSettings, subscribers, subscriptions } from '../src/server/db/schema';
import { campaignApi, type Campaign } from '../src/shared/schemas/campaigns';
import { createDatabase, freePort, onPostgres, request, signIn, startServer, tempDir } from './setup/servers';

const ADMIN = { username: 'admin', password: 'campaign-crash-password' };
const RECIPIENTS = 24;
/** Messages the mail server takes before the kill. */
const BEFORE_KILL = 6;

/** A slow SMTP server (each message held a while) that counts messages by recipient and Message-ID. */
async function slowSmtp(delayMs: number) {
  const received: { to: string; messageId: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        setTimeout(() => {
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
          for (const r of session.envelope.rcptTo) received.push({ to: r.address, messageId });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let smtp: Awaited<ReturnType<typeof slowSmtp>> | undefined;
afterAll(async () => smtp?.close());

describe(`a campaign send killed half-way on ${onPostgres ? 'postgres' : 'pglite'}`, () => {
  it('mails every recipient exactly one message after a restart', async () => {
    smtp = await slowSmtp(120);
    const port = await freePort();
    const dataDir = tempDir('studio-campaign-crash');
    const databaseUrl = onPostgres ? (await createDatabase('campaign_crash')).url : undefined;
    const options = {
      port,
      dataDir,
      databaseUrl,
      env: {
        SITE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_TO: 'inbox@example.com',
        NOTIFY_EMAIL_FROM: 'studio@example.com',
        SEED_DEMO_CONTENT: 'false',
      },
    };
    // First start: the schema, the admin and the settings row; then the list is written while it is down.
    const first = await startServer(options);
    expect(await first.stop()).toBe(0);
    const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
    const emails: string[] = [];
    try {
      for (let i = 0; i < RECIPIENTS; i++) {
        const email = `crash${i}@example.com`;
        emails.push(email);
        const [row] = await database.db
          .insert(subscribers)
          .values({ email, token: randomBytes(16).toString('hex') })
          .returning();
        await database.db.insert(subscriptions).values({ subscriberId: row!.id, list: 'studio', status: 'confirmed' });
      }
      await database.db.update(siteSettings).set({ mailPerMinute: 10_000 });
    } finally {
      await database.close();
    }

    const server = await startServer(options);
    const cookie = await signIn(server.base, ADMIN.username, ADMIN.password);
    const created = await request(`${server.base}${campaignApi.list}`, {
      method: 'POST',
      cookie,
      body: { list: 'studio', subject: 'Crash test', content: '<p>One of each, please.</p>' },
    });
    expect(created.status, created.text).toBe(201);
    const { id } = created.json as Campaign;
    const sent = await request(`${server.base}${campaignApi.send(id)}`, { method: 'POST', cookie });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ queued: RECIPIENTS });

    await vi.waitFor(() => expect(smtp!.received.length).toBeGreaterThanOrEqual(BEFORE_KILL), {
      timeout: 30_000,
      interval: 5,
    });
    await server.kill();
    const atKill = smtp.received.length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    const restarted = await startServer(options);
    const again = await signIn(restarted.base, ADMIN.username, ADMIN.password);
    // The rest go at once; the one left mid-send goes when its lease has run out.
    let campaign: Campaign | undefined;
    await vi.waitFor(
      async () => {
        campaign = (await request(`${restarted.base}${campaignApi.one(id)}?pageSize=100`, { cookie: again }))
          .json as Campaign;
        expect(campaign.status).toBe('sent');
      },
      { timeout: 120_000, interval: 500 },
    );
    expect(campaign!.totals).toEqual({ queued: 0, sending: 0, sent: RECIPIENTS, failed: 0 });

    const byRecipient = new Map<string, string[]>();
    for (const { to, messageId } of smtp.received) byRecipient.set(to, [...(byRecipient.get(to) ?? []), messageId]);
    expect([...byRecipient.keys()].sort()).toEqual([...emails].sort());
    for (const [to, ids] of byRecipient) {
      expect(new Set(ids).size, `${to} got ${ids.join(', ')}`).toBe(1);
    }
    // At most the one recipient in flight at the kill was handed over twice.
    const duplicates = [...byRecipient.values()].reduce((n, ids) => n + ids.length - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(1);
    expect(await restarted.stop()).toBe(0);
  }, 240_000);
});
