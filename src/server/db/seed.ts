// First run: an administrator, and demo content for an empty site. Safe to run at every start.
import { slugify } from '../../shared/slug';
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { siteSettingsRepo } from '../modules/site/site-settings.repo';
import type { Config } from '../config';
import { hashPassword } from '../lib/passwords';
import { sanitizeRichText } from '../lib/sanitize';
import { processUpload } from '../modules/media/media.images';
import { IMAGE_CONCURRENCY, imageWorkers } from '../modules/media/media.workers';
import { mediaRepo } from '../modules/media/media.repo';
import type { Db } from './client';
import {
  aboutUs,
  appPages,
  apps,
  blogPosts,
  contactInfo,
  homeContent,
  pressKits,
  privacyPolicy,
  privacyPolicyVersions,
  socialMediaLinks,
  users,
} from './schema';
import { drawIcon, drawScene } from './demo-images';
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
  type DemoApp,
  type DemoAppPrivacy,
  type DemoPressKit,
} from './seed-data';
import { DataRowSchema, dayOf, withAppName } from '../../shared/schemas/app-privacy';
import {
  demoWasSeeded,
  mediaKey,
  recordDemo,
  recordLegacyDemo,
  type DemoEntry,
} from '../modules/demo-content/demo-content.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo app's privacy policy and its first version, effective today (issue 14). */
async function seedAppPrivacy(db: Db, app: { id: number; title: string }, demo: DemoAppPrivacy, now: Date) {
  const content = demo.content ? sanitizeRichText(demo.content) : '';
  const dataCollected = {
    rows: demo.dataCollected.map((r) => DataRowSchema.parse(r)),
    noDataCollected: demo.noDataCollected,
  };
  const usesStudioPolicy = demo.usesStudioPolicy;
  const [row] = await db
    .insert(privacyPolicy)
    .values({ appId: app.id, content, usesStudioPolicy, dataCollected, lastUpdated: now, updatedAt: now })
    .returning({ id: privacyPolicy.id });
  // The version keeps what the page shows: for the studio's policy, its text with the app's name.
  const shown = usesStudioPolicy ? withAppName(sanitizeRichText(demoPrivacy.content), app.title) : content;
  await db.insert(privacyPolicyVersions).values({
    appId: app.id,
    effectiveOn: dayOf(now),
    content: shown,
    usesStudioPolicy,
    dataCollected,
    createdAt: now,
  });
  return row!.id;
}

export interface SeedResult {
  /** Set when an administrator was created with a generated password (print it once). */
  generatedPassword?: string;
  adminCreated: boolean;
  demoContentCreated: boolean;
}

async function isEmpty(
  db: Db,
  table: typeof apps | typeof homeContent | typeof aboutUs | typeof contactInfo | typeof privacyPolicy,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0) === 0;
}

/** Creates the first administrator when there is no user at all. */
export async function seedAdmin(
  db: Db,
  config: Config,
): Promise<Pick<SeedResult, 'adminCreated' | 'generatedPassword'>> {
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return { adminCreated: false };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword!;
  await db
    .insert(users)
    .values({ username: config.adminUsername, password: await hashPassword(password), isAdmin: true })
    .onConflictDoNothing();
  return { adminCreated: true, generatedPassword };
}

/** The URLs of one demo app's uploaded pictures. */
interface DemoPictures {
  icon: string;
  screenshots: string[];
}

/** Runs `task` over `items`, `width` at a time (the image workers take two at once and refuse a crowd). */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return out;
}

/**
 * Draws the demo apps' icons and screenshots and uploads them as media items (variants and all).
 * The art is deterministic, so a second run finds the same items by their bytes.
 */
export async function seedDemoPictures(db: Db, list: DemoApp[] = demoApps): Promise<DemoPictures[]> {
  const jobs = list.flatMap((app, a) => [
    { a, name: `${app.slug}-icon.jpg`, alt: `${app.title} icon`, draw: () => drawIcon(app.title, app.art) },
    ...Array.from({ length: app.shots }, (_, i) => ({
      a,
      name: `${app.slug}-screenshot-${i + 1}.jpg`,
      alt: `Screenshot of ${app.title}`,
      draw: () => drawScene(app.title, app.art, i),
    })),
  ]);
  // Image workers of its own, stopped when done: the seed runs before (and without) the app's.
  // The demo art is ours, so its budget is only against a hang.
  const workers = imageWorkers({ timeLimitMs: 60_000 });
  let images;
  try {
    images = await inBatches(jobs, IMAGE_CONCURRENCY, async (job) => ({
      image: await processUpload(workers, await job.draw(), job.name),
      alt: job.alt,
    }));
  } finally {
    await workers.close();
  }
  const items = await mediaRepo(db).store(images);
  return list.map((_, a) => {
    const urls = items.filter((_, j) => jobs[j]!.a === a).map((item) => item.url);
    return { icon: urls[0]!, screenshots: urls.slice(1) };
  });
}

/** The demo's home texts: its hero title is the studio's name when the demo has none. */
const demoHomeRow = (config: Pick<Config, 'siteName'>) => ({
  ...demoHome,
  heroTitle: demoHome.heroTitle || config.siteName,
});

/** A demo press kit as a press_kits row (rich text sanitised like any saved text). */
function pressKitRow(kit: DemoPressKit, appId: number | null, icon: string | null) {
  const { iconAsLogo, description, history, ...fields } = kit;
  return {
    ...fields,
    appId,
    description: sanitizeRichText(description ?? ''),
    history: sanitizeRichText(history ?? ''),
    logos: iconAsLogo && icon ? [icon] : [],
  };
}

/** Fills a site that has no content at all with the demo studio's apps, posts and pages. */
export async function seedDemoContent(db: Db, config: Config, now = new Date()): Promise<boolean> {
  const tables = [apps, homeContent, aboutUs, contactInfo, privacyPolicy] as const;
  for (const table of tables) if (!(await isEmpty(db, table))) return false;
  // Removed once ("Remove the demo content"), the demo never comes back by itself.
  if (await demoWasSeeded(db)) return false;

  const pictures = await seedDemoPictures(db);
  const slugs = new Set<string>();
  // What the demo made, recorded with each row's fingerprint so that its removal takes only that.
  const made: DemoEntry[] = pictures
    .flatMap((p) => [p.icon, ...p.screenshots])
    .flatMap((url) => {
      const key = mediaKey(url);
      return key ? [{ kind: 'media' as const, key }] : [];
    });
  await db.transaction(async (tx) => {
    for (const [i, demo] of demoApps.entries()) {
      const { posts, art: _art, shots: _shots, store, ...fields } = demo;
      const { icon, screenshots } = pictures[i]!;
      const [app] = await tx
        .insert(apps)
        .values({
          ...fields,
          ...store,
          longDescription: sanitizeRichText(store.longDescription),
          icon,
          screenshots,
          googlePlayLink: fields.googlePlayLink ?? null,
          appStoreLink: fields.appStoreLink ?? null,
          webAppLink: fields.webAppLink ?? null,
          githubRepoLink: fields.githubRepoLink ?? null,
          twitterLink: fields.twitterLink ?? null,
          instagramLink: fields.instagramLink ?? null,
          facebookLink: fields.facebookLink ?? null,
        })
        .returning({ id: apps.id });
      made.push({ kind: 'app', key: app!.id });
      // Some demo apps have accounts to delete and a support page with an FAQ (issue 14).
      const texts = demoAppPages[fields.slug];
      if (texts) {
        await tx.insert(appPages).values({
          appId: app!.id,
          ...texts,
          deletionDeleted: sanitizeRichText(texts.deletionDeleted),
          deletionKept: sanitizeRichText(texts.deletionKept),
          supportIntro: sanitizeRichText(texts.supportIntro),
        });
        made.push({ kind: 'app-pages', key: app!.id });
      }
      // Some demo apps have a privacy policy of their own; one uses the studio's (issue 14).
      // One demo app has a press kit of its own (issue 14); its icon is its logo.
      const kit = demoAppPressKits[fields.slug];
      if (kit) {
        const [row] = await tx
          .insert(pressKits)
          .values(pressKitRow(kit, app!.id, icon))
          .returning({ id: pressKits.id });
        made.push({ kind: 'press-kit', key: row!.id });
      }
      const privacy = demoAppPrivacy[fields.slug];
      if (privacy) {
        const id = await seedAppPrivacy(tx as unknown as Db, { id: app!.id, title: fields.title }, privacy, now);
        made.push({ kind: 'privacy', key: id });
      }
      for (const post of posts) {
        const at = new Date(now.getTime() - post.daysAgo * DAY_MS);
        let slug = slugify(post.title);
        while (slugs.has(slug)) slug = `${slug}-${slugs.size}`;
        slugs.add(slug);
        const [row] = await tx
          .insert(blogPosts)
          .values({
            appId: app!.id,
            title: post.title,
            slug,
            content: sanitizeRichText(post.content),
            images: post.images.map((n) => screenshots[n]!),
            isPublished: post.isPublished,
            publishedAt: post.isPublished ? at : null,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: blogPosts.id });
        made.push({ kind: 'post', key: row!.id });
      }
    }
    const id = { id: sql<number>`id` };
    const singles = [
      ['home', await tx.insert(homeContent).values(demoHomeRow(config)).returning(id)],
      [
        'about',
        await tx
          .insert(aboutUs)
          .values({ title: demoAbout.title, content: sanitizeRichText(demoAbout.content), lastUpdated: now })
          .returning(id),
      ],
      ['contact', await tx.insert(contactInfo).values(demoContact).returning(id)],
      [
        'privacy',
        await tx
          .insert(privacyPolicy)
          .values({ content: sanitizeRichText(demoPrivacy.content), lastUpdated: now })
          .returning(id),
      ],
      [
        'social',
        await tx
          .insert(socialMediaLinks)
          .values(demoSocialLinks.map((l) => ({ ...l })))
          .returning(id),
      ],
      [
        'press-kit',
        await tx
          .insert(pressKits)
          .values(pressKitRow(demoStudioPressKit, null, null))
          .returning(id),
      ],
    ] as const;
    for (const [kind, rows] of singles) for (const row of rows) made.push({ kind, key: row.id });
    await recordDemo(tx as unknown as Db, made);
  });
  return true;
}

/**
 * Everything a fresh database needs; logs what it did. Each step checks, then writes: instances that
 * share a database run it under the start-up lock (`database.exclusive`) so that only one seeds.
 */
export async function seed(db: Db, config: Config, log: { info(message: string): void }): Promise<SeedResult> {
  const admin = await seedAdmin(db, config);
  // The studio's name is SITE_NAME until someone edits it in Site Settings.
  await siteSettingsRepo(db, config, () => new Date()).ensure();
  const demoContentCreated = config.seedDemoContent ? await seedDemoContent(db, config) : false;
  if (demoContentCreated) log.info('Demo content created');
  // A site seeded before the demo was recorded: find what is still the demo's, so it can be removed.
  else if (await recordLegacyDemo(db, config)) log.info('Demo content from an earlier version recognised');
  return { ...admin, demoContentCreated };
}
