// The demo studio's content (issue 21): what the seed made is recorded with a fingerprint of each
// row as seeded, and "Remove the demo content" takes, in one transaction, what still matches it.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parseMediaUrl } from '../../../shared/media';
import type { DemoContentReport, DemoPage } from '../../../shared/schemas/demo-content';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  aboutUs,
  appReleases,
  appPages,
  apps,
  blogPosts,
  contactInfo,
  demoContent,
  homeContent,
  media,
  mediaFiles,
  pressKits,
  privacyPolicy,
  socialMediaLinks,
  translations,
} from '../../db/schema';
import {
  demoAbout,
  demoAppPages,
  demoAppPressKits,
  demoAppPrivacy,
  demoApps,
  demoContact,
  demoHome,
  demoPrivacy,
  demoSocialLinks,
  demoStudioPressKit,
  demoReleases,
  demoStudioPosts,
} from './seed-data';
import { sanitizeRichText } from '../../lib/sanitize';
import { dropItemDrafts } from '../drafts/drafts.repo';
import { analyticsReportRepo } from '../analytics/report.repo';
import { mediaRepo } from '../media/media.repo';
import { dropRevisions } from '../revisions/revisions.repo';

/** The kinds of rows the demo makes, the table each lives in and the column its key names. */
const KINDS = {
  app: { table: apps, key: apps.id },
  post: { table: blogPosts, key: blogPosts.id },
  'app-pages': { table: appPages, key: appPages.appId },
  'press-kit': { table: pressKits, key: pressKits.id },
  privacy: { table: privacyPolicy, key: privacyPolicy.id },
  about: { table: aboutUs, key: aboutUs.id },
  home: { table: homeContent, key: homeContent.id },
  contact: { table: contactInfo, key: contactInfo.id },
  social: { table: socialMediaLinks, key: socialMediaLinks.id },
  /** A demo app's version and its notes (issue 26). */
  release: { table: appReleases, key: appReleases.id },
} as const;
/** 'translation': a German page translation the demo wrote, keyed 'page:about:de' (issue 24). */
export type DemoKind = keyof typeof KINDS | 'media' | 'translation';

/** The row that says the demo was seeded (it is never seeded again, even once removed). */
const SEEDED = { kind: 'seed', key: 'done' } as const;

/**
 * Columns a fingerprint leaves out: ids, times and version counters every write moves (an app's
 * version came after the demo was first recorded), and an app's place in the lists (reordering the
 * apps is not writing in one).
 */
const UNFINGERPRINTED = new Set(['id', 'createdAt', 'updatedAt', 'version', 'position']);

function stable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(stable(value ?? null)))
    .digest('hex')
    .slice(0, 16);

/**
 * A row's content as a short hash per field (JSON): it changes when any saved field does. Per field,
 * so that a column added by a later version does not make every demo row look edited.
 */
export function fingerprint(row: Record<string, unknown>): string {
  const fields = Object.entries(row).filter(([k]) => !UNFINGERPRINTED.has(k));
  return JSON.stringify(Object.fromEntries(fields.map(([k, v]) => [k, hashOf(v)])));
}

/** Empty, as a column added later starts: a value there means someone set it. */
const isBlank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  value === 0 ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !(value instanceof Date) && Object.keys(value).length === 0);

/**
 * The row is still as recorded: every recorded field the same, and any field the record does not
 * know (a column added since) still blank.
 */
export function stillAsSeeded(row: Record<string, unknown>, recorded: string): boolean {
  let seeded: Record<string, string>;
  try {
    seeded = JSON.parse(recorded) as Record<string, string>;
  } catch {
    return false;
  }
  return Object.entries(row)
    .filter(([k]) => !UNFINGERPRINTED.has(k))
    .every(([k, v]) => (k in seeded ? seeded[k] === hashOf(v) : isBlank(v)));
}

export interface DemoEntry {
  kind: DemoKind;
  key: string | number;
}

/**
 * A row the demo made, as the seed knows it: by its key, or, for a press kit or a privacy policy
 * (whose repos answer with the app they belong to, not the row's id), by its app (null: the studio's).
 */
export type DemoMade = DemoEntry | { kind: 'press-kit' | 'privacy'; app: number | null };

/** The entries with press kits and policies named by their rows' ids. */
async function byKey(db: Db, made: DemoMade[]): Promise<DemoEntry[]> {
  const entries: DemoEntry[] = [];
  for (const entry of made) {
    if ('key' in entry) {
      entries.push(entry);
      continue;
    }
    const table = entry.kind === 'press-kit' ? pressKits : privacyPolicy;
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(entry.app === null ? isNull(table.appId) : eq(table.appId, entry.app));
    for (const row of rows) entries.push({ kind: entry.kind, key: row.id });
  }
  return entries;
}

async function readRows(
  db: Db,
  kind: keyof typeof KINDS,
  keys: number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (keys.length === 0) return new Map();
  const { table, key } = KINDS[kind];
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(inArray(key, keys))) as Record<string, unknown>[];
  const name = kind === 'app-pages' ? 'appId' : 'id';
  return new Map(rows.map((row) => [Number(row[name]), row]));
}

/** The translation rows named by demo_content keys ('page:about:de'), by key. */
async function readTranslations(db: Db, keys: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const key of keys) {
    const [type, item, locale] = key.split(':');
    const [row] = await db
      .select()
      .from(translations)
      .where(and(eq(translations.type, type!), eq(translations.item, item!), eq(translations.locale, locale!)));
    if (row) found.set(key, row);
  }
  return found;
}

const byKind = (entries: DemoEntry[], kind: keyof typeof KINDS) =>
  entries.filter((e) => e.kind === kind).map((e) => Number(e.key));

/**
 * Records rows as the demo's, with their fingerprints as they are now (call it in the seed's
 * transaction, right after writing them), and marks the demo as seeded.
 */
export async function recordDemo(db: Db, made: DemoMade[]): Promise<void> {
  const entries = await byKey(db, made);
  const values: { kind: string; key: string; fingerprint: string }[] = [];
  for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
    const rows = await readRows(db, kind, byKind(entries, kind));
    for (const [key, row] of rows) values.push({ kind, key: String(key), fingerprint: fingerprint(row) });
  }
  for (const e of entries.filter((entry) => entry.kind === 'media')) {
    values.push({ kind: 'media', key: String(e.key), fingerprint: '' });
  }
  const translated = entries.filter((entry) => entry.kind === 'translation').map((e) => String(e.key));
  for (const [key, row] of await readTranslations(db, translated)) {
    values.push({ kind: 'translation', key, fingerprint: fingerprint(row) });
  }
  values.push({ ...SEEDED, fingerprint: '' });
  await db.insert(demoContent).values(values).onConflictDoNothing();
}

/** The demo was seeded here (or recognised in a database seeded before it was recorded). */
export async function demoWasSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ kind: demoContent.kind })
    .from(demoContent)
    .where(and(eq(demoContent.kind, SEEDED.kind), eq(demoContent.key, SEEDED.key)));
  return Boolean(row);
}

/** The short hash of an uploaded image's URL, which is how demo images are recorded. */
export const mediaKey = (url: string): string | null => parseMediaUrl(url)?.hash ?? null;

/** Thrown to roll a dry run back. */
class DryRun extends Error {
  constructor(readonly report: DemoContentReport) {
    super('dry run');
  }
}

/**
 * Takes the demo content that is still the demo's, in the transaction `tx`, and says what went.
 * Kept: every row whose fingerprint changed (the studio saved it), a demo app with anything of the
 * studio's in it, and images that something left still shows.
 */
/** A removal: what went, and the object-store paths of the images that went (removed after commit). */
interface Removal {
  report: DemoContentReport;
  objects: string[];
}

async function removeIn(tx: Db): Promise<Removal> {
  // Other removals wait: two at once would count the same rows.
  await tx.execute(sql`lock table ${demoContent} in share row exclusive mode`);
  const records = await tx.select().from(demoContent);
  const recorded = (kind: keyof typeof KINDS) => records.filter((r) => r.kind === kind);

  /** Keys of rows still exactly as seeded, by kind; and of rows that changed. */
  const untouched = new Map<string, Set<number>>();
  const edited = new Map<string, Set<number>>();
  let keptItems = 0;
  for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
    const list = recorded(kind);
    const rows = await readRows(
      tx,
      kind,
      list.map((r) => Number(r.key)),
    );
    const same = new Set<number>();
    const changed = new Set<number>();
    for (const record of list) {
      const row = rows.get(Number(record.key));
      if (!row) continue;
      if (stillAsSeeded(row, record.fingerprint)) same.add(Number(record.key));
      else changed.add(Number(record.key));
    }
    untouched.set(kind, same);
    edited.set(kind, changed);
    if (kind !== 'app') keptItems += changed.size;
  }
  const isDemo = (kind: keyof typeof KINDS, key: number) => untouched.get(kind)!.has(key);

  // A demo app goes with everything in it, so everything in it must still be the demo's.
  const demoAppIds = [...untouched.get('app')!];
  const editedApps = [...edited.get('app')!];
  const removedApps: number[] = [];
  const keptApps: DemoContentReport['keptApps'] = [];
  const titles = new Map(
    (
      await tx
        .select({ id: apps.id, title: apps.title })
        .from(apps)
        .where(inArray(apps.id, [...demoAppIds, ...editedApps, -1]))
    ).map((a) => [a.id, a.title]),
  );
  for (const id of editedApps) keptApps.push({ id, title: titles.get(id)!, reason: 'edited' });
  for (const id of demoAppIds) {
    const posts = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.appId, id));
    const [pages] = await tx.select({ id: appPages.appId }).from(appPages).where(eq(appPages.appId, id));
    const kits = await tx.select({ id: pressKits.id }).from(pressKits).where(eq(pressKits.appId, id));
    const policies = await tx.select({ id: privacyPolicy.id }).from(privacyPolicy).where(eq(privacyPolicy.appId, id));
    const abouts = await tx.select({ id: aboutUs.id }).from(aboutUs).where(eq(aboutUs.appId, id));
    const releases = await tx.select({ id: appReleases.id }).from(appReleases).where(eq(appReleases.appId, id));
    if (posts.some((p) => !isDemo('post', p.id))) keptApps.push({ id, title: titles.get(id)!, reason: 'posts' });
    else if (
      (pages && !isDemo('app-pages', pages.id)) ||
      releases.some((r) => !isDemo('release', r.id)) ||
      kits.some((k) => !isDemo('press-kit', k.id)) ||
      policies.some((p) => !isDemo('privacy', p.id)) ||
      abouts.length > 0
    )
      keptApps.push({ id, title: titles.get(id)!, reason: 'edited' });
    else removedApps.push(id);
  }

  // Posts: the demo's, wherever they are (an app that stays loses its demo posts too).
  const postIds = [...untouched.get('post')!];
  if (postIds.length) {
    await tx.delete(blogPosts).where(inArray(blogPosts.id, postIds));
    await dropRevisions(tx, 'post', postIds);
    await dropItemDrafts(tx, 'post', postIds.map(String));
  }
  // Release notes (issue 26): the demo's, wherever they are (their translations go with them).
  const releaseIds = [...untouched.get('release')!];
  if (releaseIds.length) await tx.delete(appReleases).where(inArray(appReleases.id, releaseIds));
  // Apps: their pages, press kit, privacy policy and its versions, deletion requests go with them.
  if (removedApps.length) await tx.delete(apps).where(inArray(apps.id, removedApps));

  // The studio's single rows go back to never written (reads answer null; pages show their empty state).
  const pages: DemoPage[] = [];
  const single = async (kind: 'about' | 'privacy' | 'home' | 'contact', page: DemoPage) => {
    const ids = [...untouched.get(kind)!];
    if (!ids.length) return;
    const { table, key } = KINDS[kind];
    const studio =
      kind === 'about' ? isNull(aboutUs.appId) : kind === 'privacy' ? isNull(privacyPolicy.appId) : undefined;
    const deleted = await tx
      .delete(table as PgTable)
      .where(and(inArray(key, ids), studio))
      .returning();
    if (!deleted.length) return;
    pages.push(page);
    // Untouched, the page has only the seed's revision: its History goes back to empty with it.
    if (kind !== 'contact') await dropRevisions(tx, kind, [0]);
  };
  await single('about', 'about');
  await single('privacy', 'privacy');
  await single('home', 'home');
  await single('contact', 'contact');

  // The demo's German page texts (issue 24): each goes while still as seeded, whatever became of its
  // English page (an About Us the studio rewrote is not what the German text says); one the studio
  // saved stays. Apps' and posts' translations went with their rows; the site's languages stay.
  const translationRecords = records.filter((r) => r.kind === 'translation');
  const translationRows = await readTranslations(
    tx,
    translationRecords.map((r) => r.key),
  );
  for (const record of translationRecords) {
    const row = translationRows.get(record.key);
    if (!row) continue;
    if (!stillAsSeeded(row, record.fingerprint)) {
      keptItems += 1;
      continue;
    }
    const [type, item, locale] = record.key.split(':') as [string, string, string];
    await tx
      .delete(translations)
      .where(and(eq(translations.type, type), eq(translations.item, item), eq(translations.locale, locale)));
  }

  const studioKits = [...untouched.get('press-kit')!];
  const kit = studioKits.length
    ? await tx
        .delete(pressKits)
        .where(and(inArray(pressKits.id, studioKits), isNull(pressKits.appId)))
        .returning({ id: pressKits.id })
    : [];
  const socialIds = [...untouched.get('social')!];
  if (socialIds.length) await tx.delete(socialMediaLinks).where(inArray(socialMediaLinks.id, socialIds));

  // Images the demo drew go once nothing that stays shows them (the media library's own usage check).
  const mediaKeys = records.filter((r) => r.kind === 'media').map((r) => r.key);
  const mediaLeft = async () =>
    mediaKeys.length
      ? await tx
          .select({ id: media.id, key: sql<string>`left(${media.hash}, 16)` })
          .from(media)
          .where(inArray(sql`left(${media.hash}, 16)`, mediaKeys))
      : [];
  // One usage scan (the media library's own) after everything above is gone: a media repo for this
  // transaction, from the same factory as deps.repos.media (which is bound to the app's database).
  const used = mediaKeys.length ? await mediaRepo(tx).usedHashes() : new Set<string>();
  const unused = (await mediaLeft()).filter((item) => !used.has(item.key)).map((item) => item.id);
  // Their files in an object store go too, once this commits (the caller's job, as for a deleted image).
  const objects = unused.length
    ? (
        await tx
          .select({ path: mediaFiles.path })
          .from(mediaFiles)
          .where(and(inArray(mediaFiles.mediaId, unused), eq(mediaFiles.storage, 's3')))
      ).map((row) => row.path)
    : [];
  if (unused.length) await tx.delete(media).where(inArray(media.id, unused));
  const images = unused.length;

  // Forget what is gone; rows that stay stay recorded (an app kept for a post goes once that post does).
  for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
    const keys = recorded(kind).map((r) => r.key);
    const rows = await readRows(tx, kind, keys.map(Number));
    const missing = keys.filter((key) => !rows.has(Number(key)));
    if (missing.length) {
      await tx.delete(demoContent).where(and(eq(demoContent.kind, kind), inArray(demoContent.key, missing)));
    }
  }
  const translationsLeft = await readTranslations(
    tx,
    translationRecords.map((r) => r.key),
  );
  const goneTranslations = translationRecords.map((r) => r.key).filter((key) => !translationsLeft.has(key));
  if (goneTranslations.length) {
    await tx
      .delete(demoContent)
      .where(and(eq(demoContent.kind, 'translation'), inArray(demoContent.key, goneTranslations)));
  }
  const keptMedia = new Set((await mediaLeft()).map((m) => m.key));
  const goneMedia = mediaKeys.filter((key) => !keptMedia.has(key));
  if (goneMedia.length) {
    await tx.delete(demoContent).where(and(eq(demoContent.kind, 'media'), inArray(demoContent.key, goneMedia)));
  }

  // The Analytics screen's month of sample figures (issue 27), as its banner removes them: never the
  // site's own counts.
  const samples = await analyticsReportRepo(tx).removeSample();
  const sampleFigures = samples.events + samples.totals > 0;

  const report = {
    apps: removedApps.map((id) => ({ id, title: titles.get(id)! })),
    posts: postIds.length,
    pages,
    socialLinks: socialIds.length,
    pressKit: kit.length > 0,
    images,
    sampleFigures,
    keptApps,
    keptItems,
  };
  const hasDemoContent =
    report.apps.length + report.posts + report.pages.length + report.socialLinks + report.images > 0 ||
    report.pressKit ||
    report.sampleFigures;
  return { report: { ...report, hasDemoContent }, objects };
}

export function demoContentRepo(db: Db) {
  return {
    /** What a removal would take now: the removal itself, rolled back. */
    async preview(): Promise<DemoContentReport> {
      try {
        await db.transaction(async (tx) => {
          throw new DryRun((await removeIn(tx as unknown as Db)).report);
        });
      } catch (error) {
        if (error instanceof DryRun) return error.report;
        throw error;
      }
      throw new Error('unreachable');
    },

    /**
     * Takes the demo content that is still the demo's, all or nothing; with the object-store paths of
     * the images that went, for the caller to delete once this has committed.
     */
    async remove(): Promise<Removal> {
      return db.transaction(async (tx) => removeIn(tx as unknown as Db));
    },
  };
}
export type DemoContentRepo = ReturnType<typeof demoContentRepo>;

const same = (a: unknown, b: unknown) => JSON.stringify(stable(a ?? null)) === JSON.stringify(stable(b ?? null));

/**
 * A database seeded before the demo was recorded (before issue 21) has no `demo_content` rows:
 * its demo rows are recognised by the seed's own data (seed-data.ts), and only those still exactly
 * as the seed wrote them (the fields it set, and version 1 where rows count their saves) are
 * recorded, with their fingerprints as they are now. Runs until it finds something (then the demo
 * is marked as seeded); a site that never had the demo costs a few small reads per start.
 */
export async function recordLegacyDemo(db: Db, config: Pick<Config, 'siteName'>): Promise<number> {
  if (await demoWasSeeded(db)) return 0;
  const entries: DemoEntry[] = [];
  const demoBySlug = new Map(demoApps.map((app) => [app.slug, app]));

  const appRows = await db
    .select()
    .from(apps)
    .where(inArray(apps.slug, [...demoBySlug.keys()]));
  for (const row of appRows) {
    const demo = demoBySlug.get(row.slug)!;
    const { posts, art: _art, shots: _shots, store: full, slug: _slug, ...fields } = demo;
    // Issue 25's fields came after the demos this records (their apps were seeded without them).
    const { ratings: _ratings, accessibilityTags: _tags, accessibilityNote: _note, ...store } = full;
    const expected: Record<string, unknown> = {
      ...fields,
      ...store,
      longDescription: sanitizeRichText(store.longDescription),
    };
    const untouched = Object.entries(expected).every(([key, value]) =>
      same((row as Record<string, unknown>)[key], value),
    );
    if (untouched) entries.push({ kind: 'app', key: row.id });
    // The app's own rows, never saved since the seed.
    const [pages] = await db.select().from(appPages).where(eq(appPages.appId, row.id));
    if (pages?.version === 1 && demoAppPages[row.slug]) entries.push({ kind: 'app-pages', key: row.id });
    const [kit] = await db.select().from(pressKits).where(eq(pressKits.appId, row.id));
    if (kit?.version === 1 && demoAppPressKits[row.slug]) entries.push({ kind: 'press-kit', key: kit.id });
    const [policy] = await db.select().from(privacyPolicy).where(eq(privacyPolicy.appId, row.id));
    if (policy?.version === 1 && demoAppPrivacy[row.slug]) entries.push({ kind: 'privacy', key: policy.id });
    // Its release notes (issue 26), never saved since the seed.
    for (const release of await db.select().from(appReleases).where(eq(appReleases.appId, row.id))) {
      const seeded = demoReleases[row.slug]?.find((r) => r.version === release.version);
      if (seeded && release.revision === 1 && release.notes === seeded.notes)
        entries.push({ kind: 'release', key: release.id });
    }
    for (const post of await db.select().from(blogPosts).where(eq(blogPosts.appId, row.id))) {
      const seeded = posts.find((p) => p.title === post.title);
      if (seeded && post.version === 1 && post.content === sanitizeRichText(seeded.content)) {
        entries.push({ kind: 'post', key: post.id });
      }
    }
  }

  // The studio's own demo news (issue 26), never saved since the seed.
  for (const post of await db.select().from(blogPosts).where(isNull(blogPosts.appId))) {
    const seeded = demoStudioPosts.find((p) => p.title === post.title);
    if (seeded && post.version === 1 && post.content === sanitizeRichText(seeded.content)) {
      entries.push({ kind: 'post', key: post.id });
    }
  }

  // The pictures the seed drew, by the names and alt texts it gave them.
  const names = new Map(
    demoApps.flatMap((app) => [
      [`${app.slug}-icon.jpg`, `${app.title} icon`],
      ...Array.from({ length: app.shots }, (_, i) => [
        `${app.slug}-screenshot-${i + 1}.jpg`,
        `Screenshot of ${app.title}`,
      ]),
    ]) as [string, string][],
  );
  const pictures = await db
    .select({ hash: media.hash, filename: media.filename, alt: media.alt })
    .from(media)
    .where(inArray(media.filename, [...names.keys()]));
  for (const p of pictures)
    if (names.get(p.filename) === p.alt) entries.push({ kind: 'media', key: p.hash.slice(0, 16) });

  // The studio's texts, as the seed wrote them and never saved since.
  const [about] = await db.select().from(aboutUs).where(isNull(aboutUs.appId));
  if (
    about?.version === 1 &&
    about.title === demoAbout.title &&
    about.content === sanitizeRichText(demoAbout.content)
  ) {
    entries.push({ kind: 'about', key: about.id });
  }
  const [privacy] = await db.select().from(privacyPolicy).where(isNull(privacyPolicy.appId));
  if (privacy?.version === 1 && privacy.content === sanitizeRichText(demoPrivacy.content)) {
    entries.push({ kind: 'privacy', key: privacy.id });
  }
  const [home] = await db.select().from(homeContent).limit(1);
  const { heroTitle, ...homeFields } = demoHome;
  if (
    home?.version === 1 &&
    [heroTitle, config.siteName].includes(home.heroTitle) &&
    Object.entries(homeFields).every(([key, value]) => same((home as Record<string, unknown>)[key], value))
  ) {
    entries.push({ kind: 'home', key: home.id });
  }
  const [contact] = await db.select().from(contactInfo).limit(1);
  if (
    contact &&
    Object.entries(demoContact).every(([key, value]) => same((contact as Record<string, unknown>)[key], value))
  ) {
    entries.push({ kind: 'contact', key: contact.id });
  }
  for (const link of await db.select().from(socialMediaLinks)) {
    const seeded = demoSocialLinks.find((l) => l.name === link.name && l.url === link.url && l.icon === link.icon);
    if (seeded && link.isVisible === seeded.isVisible && link.order === seeded.order) {
      entries.push({ kind: 'social', key: link.id });
    }
  }
  const [studioKit] = await db.select().from(pressKits).where(isNull(pressKits.appId));
  if (studioKit?.version === 1 && studioKit.history === sanitizeRichText(demoStudioPressKit.history ?? '')) {
    entries.push({ kind: 'press-kit', key: studioKit.id });
  }

  if (entries.length === 0) return 0;
  await recordDemo(db, entries);
  return entries.length;
}
