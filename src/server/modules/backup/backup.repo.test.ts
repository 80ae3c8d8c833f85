// Backups: a full round trip of the streamed archive loses nothing (on this engine and, with
// TEST_DATABASE_URL, on the other one and back), old JSON files still restore, a restore is refused
// where it would destroy data, and bad, damaged or cut-short files are refused, changing nothing.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../../../tests/setup/test-app';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import {
  aboutUs,
  apps,
  blogPosts,
  contactInfo,
  homeContent,
  mediaFiles,
  privacyPolicy,
  rateLimits,
  sessions,
  siteSettings,
  socialMediaLinks,
  userMessages,
  users,
} from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { processUpload } from '../media/media.images';
import { imageWorkers } from '../media/media.workers';
import { mediaRepo } from '../media/media.repo';
import {
  archiveOf,
  exportArchive,
  readArchive,
  rewriteArchive,
  type ReadArchive,
} from '../../../../tests/setup/backup-archive';
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  BackupError,
  CHECKSUMS_ENTRY,
  currentMigration,
  JSON_BACKUP_VERSION,
  MANIFEST_ENTRY,
  migrations,
  serializeBackup,
  TRANSIENT_TABLES,
  type BackupFile,
} from './backup.format';
import { exportBackup, importBackup } from './backup.repo';

type Engine = 'pglite' | 'postgres';
const ENGINE: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const OTHER: Engine = ENGINE === 'postgres' ? 'pglite' : 'postgres';
const SERVER_URL = process.env.TEST_DATABASE_URL;
/** Engines a restore is tried on: this one always, the other one when a PostgreSQL server is at hand. */
const TARGETS: Engine[] = [ENGINE, ...(SERVER_URL ? [OTHER] : [])];

const PASSWORD = 'correct horse ✓ battery';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops.splice(0).reverse()) await drop();
});

/** A fresh, migrated, empty database on either engine, closed (and dropped) after the file. */
async function freshDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const template = readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]) });
    drops.push(() => database.close());
    return database;
  }
  const name = `backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  drops.push(async () => {
    await database.close();
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });
  await database.migrate();
  return database;
}

const at = (text: string) => sql`${text}::timestamptz`;

/** Representative rows in every table: unicode, nulls, empty and odd arrays, microsecond timestamps, id gaps. */
async function fillEveryTable(database: Database) {
  const db = database.db;
  const [ada, grace] = await db
    .insert(users)
    .values([
      {
        username: 'ada',
        password: await hashPassword(PASSWORD),
        isAdmin: true,
        createdAt: at('2020-01-02 03:04:05.678901+00'),
      },
      { username: 'Grace.Hopper', password: await hashPassword('another-password'), isAdmin: false },
    ])
    .returning();
  await db.insert(sessions).values({ id: 'f'.repeat(64), userId: grace!.id });
  // Issue 23: the staff-security tables (secrets in them are sealed or hashed before they get here).
  await db.update(users).set({ email: 'ada@example.com' }).where(eq(users.id, ada!.id));
  // Grace has two-factor on (ada signs in below with her password alone).
  await db
    .update(users)
    .set({ totpSecret: 'v1.sealed.secret', totpEnabledAt: at('2026-01-01 00:00:00+00'), totpLastStep: 58_000_000 })
    .where(eq(users.id, grace!.id));
  await db.insert(schema.recoveryCodes).values({ userId: grace!.id, codeHash: 'h'.repeat(43) });
  await db.insert(schema.passkeys).values({
    userId: ada!.id,
    credentialId: 'cred-1',
    publicKey: 'pk',
    counter: 3,
    transports: ['internal', 'hybrid'],
    name: 'Laptop',
  });
  await db.insert(schema.knownDevices).values({ userId: ada!.id, tokenHash: 'd'.repeat(43), userAgent: 'Firefox' });
  await db.insert(schema.auditLog).values({
    actorId: ada!.id,
    actorName: 'ada',
    address: '203.0.113.9',
    action: 'app.update',
    targetType: 'app',
    targetId: '1',
    targetLabel: 'Plain',
    changes: { title: { before: 'A', after: 'B' } },
  });
  await db.insert(rateLimits).values({ key: 'login:203.0.113.9', points: 3, expire: Date.now() + 60_000 });

  const [game, gone, plain] = await db
    .insert(apps)
    .values([
      {
        title: 'Ünïcødé 🎮 游戏 — "quoted" \\ backslash',
        description: 'Line one\nLine two\ttabbed, with <b>markup</b> & ampersands',
        icon: '/media/demo/icon.svg',
        screenshots: ['https://example.com/a,b.png', '{braces}', 'NULL', '', 'ü "q"'],
        googlePlayLink: 'https://play.google.com/store/apps/details?id=x&hl=de',
        appStoreLink: null,
        webAppLink: 'https://example.com/play',
        status: 'Released',
        ratings: [{ system: 'usk', rating: '12', descriptors: ['Fantasy-Gewalt'], notices: ['users-interact'] }],
        accessibilityTags: ['mono-sound', 'large-text'],
        accessibilityNote: 'Einhändig spielbar — "quoted" \\ ü',
        createdAt: at('1999-12-31 23:59:59.999999+00'),
        updatedAt: at('2024-02-29 12:00:00.000001+00'),
      },
      { title: 'Deleted later', description: 'x', icon: 'x' },
      { title: 'Plain', description: 'Only what is required', icon: 'https://example.com/i.png' },
    ])
    .returning();
  // A gap in the ids (and a sequence ahead of the highest id): ids must survive as they are.
  await db.delete(apps).where(eq(apps.id, gone!.id));

  const [patch] = await db
    .insert(blogPosts)
    .values([
      {
        appId: game!.id,
        title: 'Patch notes — ß, 😀, עִבְרִית',
        slug: 'patch-notes',
        content: '<p>Hello <em>world</em></p>\n<img src="/media/demo/shot-1.svg" alt="">',
        images: ['/media/demo/shot-1.svg', 'https://example.com/ümlaut.png'],
        isPublished: true,
        publishedAt: at('2024-02-29 23:59:59.123456+00'),
        createdAt: at('2024-02-28 00:00:00+00'),
        updatedAt: at('2024-03-01 08:30:00.5+00'),
      },
      {
        appId: plain!.id,
        title: 'Draft',
        slug: 'draft',
        content: '<p>Not yet</p>',
        isPublished: false,
        publishedAt: null,
      },
    ])
    .returning();
  // Issue 24: the site's languages, translations (an app's, a post's, a page's) and staff's own UI texts.
  await db.insert(schema.siteLocales).values([
    { code: 'de', position: 0 },
    { code: 'ar', position: 1 },
  ]);
  await db.insert(schema.translations).values([
    {
      type: 'app',
      item: String(game!.id),
      locale: 'de',
      appId: game!.id,
      fields: { title: 'Spiel — ß', description: 'Ein Spiel', tagline: '', longDescription: '' },
      isPublished: true,
      publishedAt: at('2024-03-01 08:30:00.5+00'),
      sourceHash: 'abc',
    },
    {
      type: 'post',
      item: String(patch!.id),
      locale: 'ar',
      postId: patch!.id,
      fields: { title: 'ملاحظات', content: '<p>مرحبا</p>' },
      slug: 'mlahzat',
      publishAt: at('2030-01-01 00:00:00+00'),
    },
    {
      type: 'page',
      item: 'about',
      locale: 'de',
      fields: { title: 'Über uns', content: '<p>Wir</p>' },
      useDefault: true,
    },
  ]);
  await db.insert(schema.uiStrings).values({ locale: 'de', key: 'nav.home', value: 'Startseite' });
  // Issue 12: a revision with JSON data, an autosaved draft and a preview link (only its secret's hash).
  await db.insert(schema.revisions).values({
    kind: 'post',
    itemId: patch!.id,
    version: 1,
    data: { title: 'Patch notes — ß', images: ['/media/demo/shot-1.svg'], nested: { n: 1.5, none: null } },
    userId: ada!.id,
    createdAt: at('2024-02-29 23:59:59.123456+00'),
  });
  // Issue 24: a translation's revision (its key refers to the translation) and a preview link in German.
  await db.insert(schema.revisions).values({
    kind: 'translation',
    itemId: 0,
    version: 1,
    data: { title: 'Über uns', content: '<p>Wir</p>' },
    reason: 'restore',
    translationType: 'page',
    translationItem: 'about',
    translationLocale: 'de',
    createdAt: at('2024-03-01 08:30:00+00'),
  });
  await db
    .insert(schema.siteFiles)
    .values({ name: 'app-ads.txt', content: 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0\n' });
  // Issue 21: what the demo made, so that a restored site can still remove it.
  await db.insert(schema.demoContent).values([
    { kind: 'seed', key: 'done' },
    { kind: 'app', key: String(patch!.appId), fingerprint: 'f'.repeat(32) },
  ]);
  await db
    .insert(schema.drafts)
    .values({ kind: 'about', itemKey: 'main', userId: grace!.id, data: { title: 'Über' }, baseVersion: 3 });
  await db.insert(schema.previewLinks).values({
    postId: patch!.id,
    tokenHash: 'a'.repeat(64),
    createdBy: ada!.id,
    expiresAt: at('2030-01-01 00:00:00+00'),
  });
  await db.insert(schema.previewLinks).values({
    postId: patch!.id,
    tokenHash: 'b'.repeat(64),
    createdBy: ada!.id,
    expiresAt: at('2030-01-01 00:00:00+00'),
    locale: 'ar',
  });
  await db.insert(socialMediaLinks).values([
    { name: 'GitHub', url: 'https://github.com/studio', icon: 'FaGithub', isVisible: false, order: -1 },
    { name: 'Mastodon 🐘', url: 'https://mastodon.social/@studio', icon: 'FaMastodon', order: 2_147_483_647 },
  ]);
  await db.insert(contactInfo).values({ email: 'hello@studio.example', location: null, githubLink: null });
  await db.insert(privacyPolicy).values({ content: '<p>Nothing kept. Ничего.</p>', lastUpdated: null });
  await db.insert(homeContent).values({ heroTitle: 'Kleine Spiele, große Freude', featuredAppTitle: 'Spiele' });
  await db
    .insert(siteSettings)
    .values({ name: 'Studio Ünïcode', tagline: 'Kleine Spiele', footerText: 'Hecho en Porto' });
  await db
    .insert(aboutUs)
    .values({ title: 'About', content: '<p>Three friends.</p>', lastUpdated: at('2025-05-14 00:00:00+00') });
  await db.insert(userMessages).values([
    {
      firstName: 'Zoë',
      lastName: "O'Brien-Łukasiewicz",
      email: 'zoe@example.com',
      subject: 'Ça va? 你好',
      message: 'Emoji 👍🏽 and a "quote" and a \\ backslash',
      isRead: true,
      createdAt: at('2025-01-01 00:00:00.000001+00'),
    },
    { firstName: 'A', lastName: 'B', email: 'ab@example.com', subject: 'S', message: 'M', tag: 'press' },
  ]);
  // Press kits (issue 14): the studio's (no app) and an app's, with jsonb lists and a text array.
  await db.insert(schema.pressKits).values([
    { basedIn: 'Porto', foundedOn: '2019', logos: ['/media/demo/logo.svg'], monetization: 'allowed' },
    {
      appId: game!.id,
      features: ['Co-op für 2', '日本語'],
      releaseDates: [{ platform: 'iOS', date: '2025-03-14' }],
      trailers: [{ provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'Launch "trailer"' }],
      quotes: [{ quote: 'Lovely', source: 'Mag', url: null }],
      version: 4,
    },
  ]);
  // An app's own privacy policy with its data table and a dated version, its deletion and support
  // texts, and a deletion request with its audit trail (issue 14).
  await db.insert(privacyPolicy).values({
    appId: game!.id,
    content: '<p>Spiel: nichts.</p>',
    usesStudioPolicy: false,
    dataCollected: [{ category: 'Contact Info', dataType: 'Email Address', linked: true, tracking: false }],
    lastUpdated: at('2025-06-01 10:00:00.5+00'),
  });
  // Two versions of the same day and one for a later day (issue 21: every save is kept).
  await db.insert(schema.privacyPolicyVersions).values([
    {
      appId: game!.id,
      effectiveOn: '2025-06-01',
      content: '<p>Spiel: fast nichts.</p>',
      dataCollected: [],
      createdBy: ada!.id,
      createdAt: at('2025-06-01 09:00:00.25+00'),
    },
    {
      appId: game!.id,
      effectiveOn: '2025-06-01',
      content: '<p>Spiel: nichts.</p>',
      dataCollected: [],
      createdBy: ada!.id,
    },
    {
      appId: game!.id,
      effectiveOn: '2099-01-01',
      content: '<p>Spiel: später.</p>',
      dataCollected: [],
      createdBy: null,
    },
  ]);
  await db.insert(schema.appPages).values({
    appId: game!.id,
    accountDeletion: true,
    deletionDeleted: '<p>Alles — everything</p>',
    deletionDays: 14,
    supportEmail: null,
    faq: [{ question: 'Warum?', answer: '<p>Darum.</p>' }],
  });
  const [request] = await db
    .insert(schema.deletionRequests)
    .values({
      reference: 'DEL-7K2Q9M',
      appId: game!.id,
      email: 'zoë@example.com',
      accountId: 'player#42',
      dueAt: at('2025-07-01 00:00:00+00'),
      // Awaiting the visitor's confirmation by the emailed link (issue 21).
      confirmTokenHash: 'ab'.repeat(32),
      confirmExpiresAt: at('2025-06-08 00:00:00+00'),
    })
    .returning();
  await db.insert(schema.deletionRequests).values({
    reference: 'DEL-8M3R4N',
    appId: game!.id,
    email: 'ada@example.com',
    dueAt: at('2025-07-02 00:00:00+00'),
    confirmedAt: at('2025-06-02 00:00:00+00'),
  });
  await db.insert(schema.deletionRequestEvents).values([
    { requestId: request!.id, actorName: 'Visitor', toStatus: 'new' },
    {
      requestId: request!.id,
      actorId: grace!.id,
      actorName: 'grace',
      fromStatus: 'new',
      toStatus: 'in_progress',
      note: 'Läuft',
    },
  ]);
  // Issue 26: a studio post, release notes with a translation, subscribers with their consent
  // records, a removed address, a campaign with its recipients, and a staff reply with its mail job.
  await db.insert(blogPosts).values({
    appId: null,
    scope: 'studio',
    title: 'Studio news',
    slug: 'studio-news',
    content: '<p>We moved.</p>',
  });
  const [release] = await db
    .insert(schema.appReleases)
    .values({
      appId: game!.id,
      version: '1.2.0',
      releasedOn: '2025-06-01',
      platforms: ['ios'],
      notes: 'Neu:\n– Dunkel',
    })
    .returning();
  await db.insert(schema.translations).values({
    type: 'release',
    item: String(release!.id),
    locale: 'de',
    appId: game!.id,
    releaseId: release!.id,
    fields: { notes: 'Neu' },
    isPublished: true,
  });
  const [subscriber] = await db
    .insert(schema.subscribers)
    .values({ email: 'fan@example.com', locale: 'de', token: 't'.repeat(43) })
    .returning();
  const [subscription] = await db
    .insert(schema.subscriptions)
    .values({
      subscriberId: subscriber!.id,
      list: `app:${game!.id}`,
      appId: game!.id,
      platforms: ['android'],
      status: 'confirmed',
      confirmedAt: at('2025-06-02 10:00:00+00'),
    })
    .returning();
  const [consent] = await db
    .insert(schema.subscriptionConsents)
    .values({
      subscriptionId: subscription!.id,
      signedUpIp: '203.0.113.7',
      form: 'app-page',
      page: '/apps/spiel',
      wording: 'Email me when it is out. „Abmelden“ jederzeit.',
      privacyVersion: '2025-06-01T10:00:00.500Z',
      confirmedAt: at('2025-06-02 10:00:00+00'),
      confirmedIp: '203.0.113.8',
    })
    .returning();
  await db.insert(schema.suppressions).values({ emailHash: 'c'.repeat(64) });
  const [campaign] = await db
    .insert(schema.campaigns)
    .values({
      list: `app:${game!.id}`,
      subject: 'Out now',
      content: '<p>Play</p>',
      status: 'sent',
      origin: 'launch',
      appId: game!.id,
      releaseId: release!.id,
      createdBy: ada!.id,
    })
    .returning();
  await db.insert(schema.campaignRecipients).values({
    campaignId: campaign!.id,
    subscriberId: subscriber!.id,
    status: 'sent',
    attempts: 1,
    sentAt: at('2025-06-03 00:00:00+00'),
  });
  const [zoe] = await db
    .select({ id: userMessages.id })
    .from(userMessages)
    .where(eq(userMessages.email, 'zoe@example.com'));
  const [reply] = await db
    .insert(schema.messageReplies)
    .values({
      messageId: zoe!.id,
      body: 'Merci!',
      sentBy: ada!.id,
      status: 'sent',
      sentAt: at('2025-01-02 00:00:00+00'),
    })
    .returning();
  await db.insert(schema.notificationJobs).values([
    { channel: 'subscription-confirmation', consentId: consent!.id, failedAt: at('2025-06-02 00:00:00+00') },
    { channel: 'message-reply', replyId: reply!.id },
  ]);
  // Issue 27: raw analytics events (a bigserial id, a double), their daily totals and the rollup's
  // bookmark. The day's salt is transient and never in a file.
  await db.insert(schema.analyticsEvents).values([
    {
      at: at('2025-06-01 10:00:00.123456+00'),
      day: '2025-06-01',
      name: 'pageview',
      visitor: 'ab12',
      path: '/über',
      locale: 'de',
      referrerHost: 'news.example',
      utmSource: 'mail',
      device: 'phone',
      os: 'iOS',
    },
    {
      at: at('2025-06-01 10:00:01+00'),
      day: '2025-06-01',
      name: 'vital',
      visitor: 'ab12',
      path: '/',
      target: 'CLS',
      value: 0.0625,
      sample: true,
    },
  ]);
  await db
    .insert(schema.analyticsDaily)
    .values({ day: '2025-05-31', report: 'page', key: '/über', locale: 'de', count: 3, visitors: 2 });
  await db.insert(schema.analyticsRollups).values({ day: '2025-05-31', rolledAt: at('2025-06-01 00:05:00+00') });
  await db.insert(schema.analyticsSalts).values({ day: '2025-06-01', salt: 'c2FsdA==' });
  // Where media goes, and a finished move (issue 28): the storage row keeps its encrypted secret.
  await db
    .insert(schema.mediaStorage)
    .values({ backend: 'db', bucket: 'studio-media', secretAccessKey: 'v1:c2VjcmV0' });
  await db.insert(schema.mediaMoves).values({
    target: 's3',
    status: 'done',
    total: 4,
    moved: 4,
    finishedAt: at('2025-06-01 00:10:00+00'),
  });
  // An uploaded image, through the real pipeline: binary files of every kind (original and variants).
  const png = await sharp({ create: { width: 700, height: 300, channels: 4, background: '#3a6c' } })
    .png()
    .toBuffer();
  const workers = imageWorkers({ timeLimitMs: 30_000 });
  try {
    const image = await processUpload(workers, png, 'Bild ü.png');
    await mediaRepo(db).store([{ image, alt: 'Grün – "alt" \\ ✓' }]);
  } finally {
    await workers.close();
  }
  return { admin: ada!, user: grace! };
}

/** Every stored media file's bytes, by path. */
async function mediaBytes(database: Database): Promise<Map<string, Buffer>> {
  const rows = await database.db.select({ path: mediaFiles.path, bytes: mediaFiles.bytes }).from(mediaFiles);
  return new Map(rows.map((r) => [r.path, r.bytes!]));
}

/**
 * Every backed-up table as PostgreSQL prints its rows (each row's text form, in UTC): independent
 * of the export code, and exact to the microsecond.
 */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const t of BACKUP_TABLES) {
      const result = await tx.execute(sql`select r::text as row from ${sql.identifier(t.name)} r order by 1`);
      out[t.name] = (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row);
    }
    return out;
  });
}

async function count(database: Database, table: PgTable): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from ${table}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** A deep copy of the file as written (the version 1 shape of the archive's content). */
const asFile = (backup: BackupFile): BackupFile => JSON.parse(serializeBackup(backup)) as BackupFile;
const EXPORTED_AT = new Date('2026-01-01T00:00:00Z');

let source: TestContext;
let archive: Buffer;
let read: ReadArchive;
let file: BackupFile;
let before: Record<string, string[]>;

beforeAll(async () => {
  source = await createTestApp();
  await fillEveryTable(source.database);
  archive = await exportArchive(source.database.db, EXPORTED_AT);
  read = await readArchive(archive);
  file = read.file;
  before = await snapshot(source.database);
});

describe('the backup archive', () => {
  it('begins with its manifest: format, version, schema level, the tables in order', () => {
    expect(read.entries[0]!.name).toBe(MANIFEST_ENTRY);
    expect(read.manifest).toMatchObject({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      migration: currentMigration(),
      exportedAt: EXPORTED_AT.toISOString(),
      tables: BACKUP_TABLES.map((t) => t.name),
      files: { table: 'media_files', column: 'bytes' },
    });
  });

  it('holds a table file per table, then the media files, then the checksums of every entry, last', () => {
    const names = read.entries.map((e) => e.name);
    const tables = BACKUP_TABLES.map((t) => `tables/${t.name}.ndjson`);
    const media = file.tables.media_files!.map((f) => String(f.path).slice(1));
    expect(names).toEqual([MANIFEST_ENTRY, ...tables, ...media, CHECKSUMS_ENTRY]);
    for (const sums of read.checksums.tables) {
      const body = read.entries.find((e) => e.name === `tables/${sums.name}.ndjson`)!.body;
      expect(sums).toEqual({
        name: sums.name,
        rows: file.tables[sums.name]!.length,
        size: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
      });
    }
    expect(read.checksums.media.map((m) => m.path)).toEqual(file.tables.media_files!.map((f) => f.path));
  });

  it('holds every table of the schema except the transient ones, parents before children', () => {
    const everyTable = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table).name);
    expect(Object.keys(file.tables).sort()).toEqual(everyTable.filter((name) => !TRANSIENT_TABLES.has(name)).sort());
    expect([...TRANSIENT_TABLES].sort()).toEqual([
      'analytics_salts',
      'auth_tokens',
      'notification_jobs',
      'rate_limits',
      'sessions',
    ]);
    const order = Object.keys(file.tables);
    expect(order.indexOf('apps')).toBeLessThan(order.indexOf('blog_posts'));
  });

  it('has rows in every table here, so the round trip below covers them all (fill a new table in fillEveryTable)', () => {
    for (const [table, rows] of Object.entries(file.tables)) expect(rows.length, table).toBeGreaterThan(0);
  });

  it("never holds a day's analytics salt (issue 27)", () => {
    expect(file.tables.analytics_salts).toBeUndefined();
    expect(archive.includes('c2FsdA==')).toBe(false);
  });

  it('holds each image as a file of its own, byte-identical, and its row without the bytes', async () => {
    const stored = await mediaBytes(source.database);
    expect(stored.size).toBeGreaterThan(1);
    for (const [path, bytes] of stored) {
      expect(read.entries.find((e) => e.name === path.slice(1))!.body.equals(bytes), path).toBe(true);
    }
    const rows = read.entries.find((e) => e.name === 'tables/media_files.ndjson')!.body.toString('utf8');
    for (const line of rows.trim().split('\n')) {
      expect(Object.keys(JSON.parse(line))).toEqual([
        'id',
        'media_id',
        'path',
        'type',
        'width',
        'storage',
        'size',
        'sha256',
      ]);
    }
  });

  it('keeps password hashes and exact timestamps, with database column names', () => {
    const ada = file.tables.users!.find((u) => u.username === 'ada')!;
    expect(ada).toMatchObject({ is_admin: true, created_at: '2020-01-02T03:04:05.678901+00:00' });
    expect(ada.password).toMatch(/^\$argon2id\$/);
    const post = file.tables.blog_posts!.find((p) => p.is_published === true)!;
    expect(post.published_at).toBe('2024-02-29T23:59:59.123456+00:00');
    expect(file.tables.apps!.find((a) => a.status === 'Released')!.screenshots).toEqual([
      'https://example.com/a,b.png',
      '{braces}',
      'NULL',
      '',
      'ü "q"',
    ]);
  });
});

describe('an export whose reader goes away (a cancelled download)', () => {
  it.each([
    ['in the manifest', 10],
    ['in the tables', 4_000],
    ['in the media files', -20_000],
  ])('stops %s with an error, and nothing is left unhandled', async (_where, cut) => {
    // A negative cut counts back from the archive's end (the media files come last).
    const stopAt = cut > 0 ? cut : archive.length + cut;
    let received = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received >= stopAt) this.destroy();
        callback();
      },
    });
    await expect(exportBackup(source.database.db, EXPORTED_AT, out)).rejects.toThrow();
    // The database is free for the next reader: the export's snapshot transaction has ended.
    expect(await exportArchive(source.database.db, EXPORTED_AT)).toEqual(archive);
  });
});

describe.each(TARGETS)('a restore into a fresh %s database', (engine) => {
  let target: Database;

  beforeAll(async () => {
    target = await freshDatabase(engine);
    const result = await importBackup(target.db, Readable.from([archive]));
    expect(result.rows).toEqual(Object.fromEntries(Object.entries(file.tables).map(([t, rows]) => [t, rows.length])));
  });

  it('has every row of every table, identical (ids, unicode, nulls, arrays, microseconds)', async () => {
    expect(await snapshot(target)).toEqual(before);
  });

  it('brings every uploaded image file back byte-identical', async () => {
    const original = await mediaBytes(source.database);
    expect(original.size).toBeGreaterThan(1);
    const restored = await mediaBytes(target);
    expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [path, bytes] of original) expect(restored.get(path)!.equals(bytes), path).toBe(true);
  });

  it('exports the same archive again, byte for byte', async () => {
    expect((await exportArchive(target.db, EXPORTED_AT)).equals(archive)).toBe(true);
  });

  it('keeps no sessions or rate-limit counters', async () => {
    expect(await count(target, sessions)).toBe(0);
    expect(await count(target, rateLimits)).toBe(0);
  });

  it('lets a restored user sign in with their password', async () => {
    const app = await buildApp({ config: testConfig({ seedDemoContent: false }), database: target });
    try {
      await app.ready();
      const cookie = await login(app, 'ada', PASSWORD);
      const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ username: 'ada', isAdmin: true });
      const users = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
      expect(users.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('gives new rows fresh ids', async () => {
    const highest = (table: 'apps' | 'users' | 'user_messages') =>
      Math.max(...file.tables[table]!.map((r) => r.id as number));
    const [app] = await target.db.insert(apps).values({ title: 'New', description: 'd', icon: 'i' }).returning();
    expect(app!.id).toBe(highest('apps') + 1);
    const [user] = await target.db
      .insert(users)
      .values({ username: 'newcomer', password: await hashPassword('newcomer-pass') })
      .returning();
    expect(user!.id).toBe(highest('users') + 1);
    const [message] = await target.db
      .insert(userMessages)
      .values({ firstName: 'N', lastName: 'M', email: 'n@example.com', subject: 's', message: 'm' })
      .returning();
    expect(message!.id).toBe(highest('user_messages') + 1);
  });

  it.runIf(engine !== ENGINE)('comes back to this engine unchanged', async () => {
    const back = await freshDatabase(ENGINE);
    const there = await snapshot(target);
    await importBackup(back.db, await exportArchive(target.db, EXPORTED_AT));
    expect(await snapshot(back)).toEqual(there);
    const restored = await mediaBytes(back);
    for (const [path, bytes] of await mediaBytes(source.database)) expect(restored.get(path)!.equals(bytes)).toBe(true);
  });

  it('restores an old JSON backup (format version 1, images as base64) the same', async () => {
    const old = await freshDatabase(engine);
    const json = asFile(file);
    expect(json.version).toBe(JSON_BACKUP_VERSION);
    await importBackup(old.db, Readable.from([Buffer.from(serializeBackup(json))]));
    expect(await snapshot(old)).toEqual(before);
  });
});

describe('a restore over existing data', () => {
  it('is refused on a non-empty database, saying what is there and how to replace it', async () => {
    const target = await freshDatabase(ENGINE);
    await importBackup(target.db, archive);
    const error = await importBackup(target.db, archive).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^The database is not empty \(.*users: 2 rows.*\)\..*--force/);
    expect(await snapshot(target)).toEqual(before);
  });

  it('is refused even when only a user exists (a database the server has seeded)', async () => {
    const target = await freshDatabase(ENGINE);
    await target.db.insert(users).values({ username: 'admin', password: await hashPassword('admin-pass') });
    await expect(importBackup(target.db, archive)).rejects.toThrow(/not empty \(users: 1 row\)/);
  });

  it('with force replaces everything in one go, and signs everyone out', async () => {
    const target = await freshDatabase(ENGINE);
    const [intruder] = await target.db
      .insert(users)
      .values({ username: 'intruder', password: await hashPassword('intruder-pass'), isAdmin: true })
      .returning();
    await target.db.insert(sessions).values({ id: 'e'.repeat(64), userId: intruder!.id });
    await target.db.insert(apps).values({ title: 'Old', description: 'old', icon: 'old' });
    await target.db.insert(rateLimits).values({ key: 'contact:198.51.100.1', points: 5, expire: null });

    await importBackup(target.db, archive, { force: true });
    expect(await snapshot(target)).toEqual(before);
    expect(await count(target, sessions)).toBe(0);
    expect(await count(target, rateLimits)).toBe(0);
    const [ada] = await target.db.select().from(users).where(eq(users.username, 'ada'));
    expect(await verifyPassword(ada!.password, PASSWORD)).toBe(true);
  });

  it('with force changes nothing when the file fails half-way (one transaction)', async () => {
    const target = await freshDatabase(ENGINE);
    await importBackup(target.db, archive);
    const broken = asFile(file);
    broken.tables.blog_posts![0]!.app_id = 2_000_000_000;
    for (const input of [broken, await archiveOf(broken)]) {
      const error = await importBackup(target.db, input, { force: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(/^Could not restore the table "blog_posts": .*foreign key/);
      expect((error as Error).message).not.toContain('$argon2');
      expect(await snapshot(target)).toEqual(before);
    }
  });
});

describe('a bad file', () => {
  let target: Database;
  beforeAll(async () => {
    target = await freshDatabase(ENGINE);
  });

  const withChange = (change: (f: BackupFile & Record<string, unknown>) => void): unknown => {
    const copy = asFile(file) as BackupFile & Record<string, unknown>;
    change(copy);
    return copy;
  };

  it.each<[string, () => unknown, RegExp, RegExp?]>([
    ['null', () => null, /^This is not a backup file of this site/],
    ['an array', () => [], /^This is not a backup file of this site/],
    [
      'another format',
      () => withChange((f) => void ((f as Record<string, unknown>).format = 'wordpress')),
      /^This is not a backup file/,
    ],
    [
      'no version',
      () => withChange((f) => void delete (f as Partial<BackupFile>).version),
      /^The backup file is invalid:\n {2}version: /,
    ],
    [
      'a newer format version',
      () => withChange((f) => void (f.version = BACKUP_VERSION + 1)),
      /format version 3, newer than this site reads \(2\)\. Upgrade the site/,
      /format version 3, newer than this site reads \(2\)\. Upgrade the site/,
    ],
    [
      'a newer schema level',
      () => withChange((f) => void (f.migration = { index: currentMigration().index + 1, tag: '9999_future' })),
      /newer database schema \(migration \d+ "9999_future"\).*Upgrade the site, then import it/,
      /newer database schema \(migration \d+ "9999_future"\)/,
    ],
    [
      'another schema history',
      () => withChange((f) => void (f.migration = { ...currentMigration(), tag: '0001_elsewhere' })),
      /schema history differs/,
      /schema history differs/,
    ],
    [
      'a missing table',
      () => withChange((f) => void delete f.tables.apps),
      /^The backup file is invalid:\n {2}tables\.apps: Missing/,
      /^The backup file is invalid:\n {2}tables: missing tables apps/,
    ],
    [
      'an unknown table',
      () => withChange((f) => void (f.tables.sessions = [])),
      /tables: Unrecognized key: "sessions"/,
      /^The backup file is invalid:\n {2}tables: unknown tables sessions/,
    ],
    [
      'an unknown column',
      () => withChange((f) => void (f.tables.users![0]!.nickname = 'x')),
      /tables\.users\[0\]: Unrecognized key: "nickname"/,
      /tables\.users\[0\]: Unrecognized key: "nickname"/,
    ],
    [
      'a missing column',
      () => withChange((f) => void delete f.tables.users![1]!.password),
      /tables\.users\[1\]\.password: Missing/,
      /tables\.users\[1\]\.password: Missing/,
    ],
    [
      'a wrong type',
      () => withChange((f) => void (f.tables.apps![0]!.id = '1')),
      /tables\.apps\[0\]\.id: Invalid input: expected number/,
      /tables\.apps\[0\]\.id: Invalid input: expected number/,
    ],
    [
      'a null where none may be',
      () => withChange((f) => void (f.tables.apps![0]!.title = null)),
      /tables\.apps\[0\]\.title/,
      /tables\.apps\[0\]\.title/,
    ],
    [
      'a bad timestamp',
      () => withChange((f) => void (f.tables.users![0]!.created_at = 'yesterday')),
      /tables\.users\[0\]\.created_at/,
      /tables\.users\[0\]\.created_at/,
    ],
  ])('is refused with a clear message: %s', async (_name, make, message, archived) => {
    const input = make();
    const error = await importBackup(target.db, input as BackupFile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect(await count(target, users)).toBe(0);
    // The same change in an archive (with checksums that match it).
    if (!archived) return;
    const inArchive = await importBackup(target.db, await archiveOf(input as BackupFile)).catch((e: unknown) => e);
    expect(inArchive).toBeInstanceOf(BackupError);
    expect((inArchive as Error).message).toMatch(archived);
    expect(await count(target, users)).toBe(0);
  });

  it('names at most ten problems', async () => {
    const bad = withChange((f) => {
      for (const row of f.tables.blog_posts!) row.title = 1;
      for (const row of f.tables.apps!) row.title = 1;
      for (const row of f.tables.user_messages!) row.email = 1;
      for (const row of f.tables.social_media_links!) row.url = 1;
      for (const row of f.tables.users!) row.username = 1;
      f.tables.home_content![0]!.hero_title = 1;
    });
    const t = (bad as BackupFile).tables;
    const problems =
      t.blog_posts!.length +
      t.apps!.length +
      t.user_messages!.length +
      t.social_media_links!.length +
      t.users!.length +
      1;
    for (const input of [bad, await archiveOf(bad as BackupFile)]) {
      const message = ((await importBackup(target.db, input).catch((e: unknown) => e)) as Error).message;
      expect(message.split('\n').filter((line) => line.startsWith('  tables.'))).toHaveLength(10);
      expect(message).toMatch(new RegExp(`… and ${problems - 10} more$`));
    }
  });

  it.runIf(currentMigration().index > 0)(
    'from an older schema level imports, later columns taking their defaults',
    async () => {
      const older = withChange((f) => {
        f.migration = migrations()[currentMigration().index - 1]!;
        for (const row of f.tables.users!) delete row.is_admin;
      });
      for (const input of [older, await archiveOf(older as BackupFile)]) {
        const fresh = await freshDatabase(ENGINE);
        await importBackup(fresh.db, input);
        expect((await fresh.db.select().from(users)).map((u) => u.isAdmin)).toEqual([false, false]);
      }
    },
    // Two fresh databases and two restores.
    120_000,
  );
});

describe.each(TARGETS)('a damaged or cut-short archive, on %s', (engine) => {
  let target: Database;
  let holding: Record<string, string[]>;
  beforeAll(async () => {
    // A database holding a site: a refused restore (even with --force) must leave it exactly so.
    target = await freshDatabase(engine);
    await importBackup(target.db, archive);
    holding = await snapshot(target);
  });

  async function expectRefused(input: Buffer, ...messages: RegExp[]) {
    const error = await importBackup(target.db, Readable.from([input]), { force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    for (const message of messages) expect((error as Error).message).toMatch(message);
    expect(await snapshot(target)).toEqual(holding);
    const restored = await mediaBytes(target);
    for (const [path, bytes] of await mediaBytes(source.database)) expect(restored.get(path)!.equals(bytes)).toBe(true);
  }

  /** The archive with one byte changed inside the entry `name` (its tar headers intact). */
  const flipped = (name: string, find: (body: Buffer) => number) => {
    const body = read.entries.find((e) => e.name === name)!.body;
    const at = archive.indexOf(body) + find(body);
    const copy = Buffer.from(archive);
    copy[at] = copy[at]! ^ 0x01;
    return copy;
  };

  it.each([
    ['in the middle of a table file', 0.3],
    ['in the middle of the media files', 0.85],
    ['one byte short', -1],
    ['inside its checksums entry', 'checksums'],
  ] as const)('is refused when cut short %s', async (_where, at) => {
    const checksums = read.entries.at(-1)!.body;
    const end =
      at === 'checksums'
        ? archive.indexOf(checksums) + 10
        : at < 0
          ? archive.length + at
          : Math.floor(archive.length * at);
    await expectRefused(archive.subarray(0, end), /^The backup archive is damaged or incomplete; nothing was restored/);
  });

  it('is refused when it ends before its checksums entry', async () => {
    const cut = await rewriteArchive(archive, (entry) => (entry.name === CHECKSUMS_ENTRY ? null : entry));
    await expectRefused(cut, /it ends before checksums\.json: the file is cut short/);
  });

  it('is refused when a byte of a table file changed (the row still reads), naming the file', async () => {
    // "Patch notes" becomes "Qatch notes": valid JSON, a valid row, only the checksum tells.
    const damaged = flipped('tables/blog_posts.ndjson', (body) => body.indexOf('Patch notes'));
    await expectRefused(
      damaged,
      /^The backup archive is damaged or incomplete.*\n {2}tables\/blog_posts\.ndjson does not match its checksum$/,
    );
  });

  it('is refused when a byte of a table file breaks its JSON, naming the damage first', async () => {
    const damaged = flipped('tables/apps.ndjson', () => 0);
    await expectRefused(
      damaged,
      /^The backup archive is damaged.*\n {2}tables\/apps\.ndjson does not match its checksum/,
    );
  });

  it('is refused when a byte of a media file changed, naming the file', async () => {
    const name = String(file.tables.media_files!.at(-1)!.path).slice(1);
    const damaged = flipped(name, (body) => Math.floor(body.length / 2));
    await expectRefused(
      damaged,
      new RegExp(`^The backup archive is damaged or incomplete.*\\n {2}${name.replaceAll('.', '\\.')} does not match`),
    );
  });

  it('is refused when a media file is missing', async () => {
    const name = String(file.tables.media_files![0]!.path).slice(1);
    const without = await rewriteArchive(archive, (entry) => (entry.name === name ? null : entry));
    await expectRefused(without, new RegExp(`${name.replaceAll('.', '\\.')} is missing`));
  });

  it('is refused when it is not an archive at all', async () => {
    await expectRefused(
      Buffer.from('PK\x03\x04 a zip file'.repeat(40)),
      /is neither a backup archive \(\.tar\) nor a JSON backup/,
    );
  });
});
