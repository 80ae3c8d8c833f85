// First run: an administrator, and demo content for an empty site. Safe to run at every start.
// It writes only through the modules' repos (with the inputs their routes validate), so the seed
// cannot make a row the product itself could not.
import { randomBytes } from 'node:crypto';
import { slugify } from '../../shared/slug';
import { AppInputSchema, trailerEmbed } from '../../shared/schemas/apps';
import { AppPagesInputSchema } from '../../shared/schemas/app-pages';
import { AppPrivacyInputSchema } from '../../shared/schemas/app-privacy';
import { BlogPostInputSchema } from '../../shared/schemas/blog-posts';
import { ReleaseInputSchema } from '../../shared/schemas/app-releases';
import { PressKitInputSchema } from '../../shared/schemas/press';
import { SocialLinkInputSchema } from '../../shared/schemas/social-links';
import {
  AboutUsInputSchema,
  ContactInfoInputSchema,
  HomeContentInputSchema,
  PrivacyPolicyInputSchema,
} from '../../shared/schemas/site-content';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { appPagesRepo } from '../modules/app-pages/app-pages.repo';
import { appReleasesRepo } from '../modules/app-releases/app-releases.repo';
import { appPrivacyRepo } from '../modules/app-privacy/app-privacy.repo';
import { appsRepo } from '../modules/apps/apps.repo';
import { blogsRepo } from '../modules/blogs/blogs.repo';
import { drawIcon, drawScene } from '../modules/demo-content/demo-images';
import { seedSampleAnalytics } from '../modules/demo-content/demo-analytics';
import { seedDemoTranslations, type SeededDemo } from '../modules/demo-content/demo-translations';
import {
  demoWasSeeded,
  mediaKey,
  recordDemo,
  recordLegacyDemo,
  type DemoMade,
} from '../modules/demo-content/demo-content.repo';
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
  type DemoPressKit,
  demoReleases,
  demoStudioPosts,
} from '../modules/demo-content/seed-data';
import { processUpload } from '../modules/media/media.images';
import { mediaRepo } from '../modules/media/media.repo';
import { IMAGE_CONCURRENCY, imageWorkers } from '../modules/media/media.workers';
import { pagesRepo } from '../modules/pages/pages.repo';
import { pressRepo } from '../modules/press/press.repo';
import { siteSettingsRepo } from '../modules/site/site-settings.repo';
import { socialRepo } from '../modules/social/social.repo';
import { usersRepo } from '../modules/users/users.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seed's clock when its caller has none (the server's start). */
const wallClock = () => new Date();

export interface SeedResult {
  /** Set when an administrator was created with a generated password (print it once). */
  generatedPassword?: string;
  adminCreated: boolean;
  demoContentCreated: boolean;
}

/** Creates the first administrator when there is no user at all. */
export async function seedAdmin(
  db: Db,
  config: Config,
): Promise<Pick<SeedResult, 'adminCreated' | 'generatedPassword'>> {
  const users = usersRepo(db);
  if ((await users.list()).length > 0) return { adminCreated: false };
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword!;
  await users.create({ username: config.adminUsername, passwordHash: await hashPassword(password), isAdmin: true });
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
const demoHomeInput = (config: Pick<Config, 'siteName'>) => ({
  ...demoHome,
  heroTitle: demoHome.heroTitle || config.siteName,
});

/** A demo press kit as the press kit form sends it (an app's icon is its logo when it says so). */
function pressKitInput(kit: DemoPressKit, icon: string | null) {
  const { iconAsLogo, ...fields } = kit;
  return PressKitInputSchema.parse({ ...fields, logos: iconAsLogo && icon ? [icon] : [] });
}

/** The site has no content at all: no app and none of the studio's pages. */
async function siteIsEmpty(db: Db, now: () => Date): Promise<boolean> {
  const pages = pagesRepo(db, now);
  if ((await appsRepo(db, now).list({ includeHidden: true })).length > 0) return false;
  const studio = [await pages.getHome(), await pages.getAbout(), await pages.getContact(), await pages.getPrivacy()];
  return studio.every((page) => page === null);
}

/**
 * Fills a site that has no content at all with the demo studio's apps, posts and pages, in English and
 * German, written by their repos at one instant of the clock (each post at its own day before it), in
 * one transaction.
 */
export async function seedDemoContent(db: Db, config: Config, now: () => Date = wallClock): Promise<boolean> {
  if (!(await siteIsEmpty(db, now))) return false;
  // Removed once ("Remove the demo content"), the demo never comes back by itself.
  if (await demoWasSeeded(db)) return false;

  const at = now();
  const clock = () => at;
  const pictures = await seedDemoPictures(db);
  // What the demo made, recorded with each row's fingerprint so that its removal takes only that.
  const made: DemoMade[] = pictures
    .flatMap((p) => [p.icon, ...p.screenshots])
    .flatMap((url) => {
      const key = mediaKey(url);
      return key ? [{ kind: 'media' as const, key }] : [];
    });
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const pages = pagesRepo(tx, clock);
    // The studio's pages first: an app's privacy policy may be the studio's, which must exist.
    const home = await pages.putHome(HomeContentInputSchema.parse(demoHomeInput(config)));
    const about = await pages.putAbout(AboutUsInputSchema.parse(demoAbout));
    const contact = await pages.putContact(ContactInfoInputSchema.parse(demoContact));
    const privacy = await pages.putPrivacy(PrivacyPolicyInputSchema.parse({ ...demoPrivacy, lastUpdated: at }));
    made.push(
      { kind: 'home', key: home.id },
      { kind: 'about', key: about.id },
      { kind: 'contact', key: contact.id },
      { kind: 'privacy', key: privacy.id },
    );
    const social = socialRepo(tx, clock);
    for (const link of demoSocialLinks) {
      made.push({ kind: 'social', key: (await social.create(SocialLinkInputSchema.parse(link))).id });
    }
    await pressRepo(tx, clock).put(null, pressKitInput(demoStudioPressKit, null), 0);
    made.push({ kind: 'press-kit', app: null });

    const slugs = new Set<string>();
    const seeded: SeededDemo = { apps: [], posts: [], releases: [] };
    for (const [i, demo] of demoApps.entries()) {
      const { posts, art: _art, shots: _shots, store, ...fields } = demo;
      const { icon, screenshots } = pictures[i]!;
      // The app form takes a trailer as its link.
      const { trailerProvider: provider, trailerId: id, ...facts } = store;
      const trailer = provider && id ? trailerEmbed({ provider, id }) : undefined;
      const input = AppInputSchema.parse({ ...fields, ...facts, trailer, icon, screenshots });
      const app = await appsRepo(tx, clock).create(input);
      made.push({ kind: 'app', key: app.id });
      // Some demo apps have accounts to delete and a support page with an FAQ (issue 14).
      const texts = demoAppPages[app.slug];
      seeded.apps.push({ id: app.id, slug: app.slug, hasPages: Boolean(texts) });
      if (texts) {
        await appPagesRepo(tx, clock).put(app.id, AppPagesInputSchema.parse(texts), 0);
        made.push({ kind: 'app-pages', key: app.id });
      }
      // One demo app has a press kit of its own (issue 14); its icon is its logo.
      const kit = demoAppPressKits[app.slug];
      if (kit) {
        await pressRepo(tx, clock).put(app.id, pressKitInput(kit, icon), 0);
        made.push({ kind: 'press-kit', app: app.id });
      }
      // Some demo apps have a privacy policy of their own; one uses the studio's (issue 14).
      const policy = demoAppPrivacy[app.slug];
      if (policy) {
        await appPrivacyRepo(tx, clock).put(app, AppPrivacyInputSchema.parse(policy), { userId: null });
        made.push({ kind: 'privacy', app: app.id });
      }
      for (const post of posts) {
        // Written (and published) its days ago: the repo's clock stands then.
        const postAt = new Date(at.getTime() - post.daysAgo * DAY_MS);
        let slug = slugify(post.title);
        while (slugs.has(slug)) slug = `${slug}-${slugs.size}`;
        slugs.add(slug);
        const input = BlogPostInputSchema.parse({
          appId: app.id,
          title: post.title,
          slug,
          content: post.content,
          images: post.images.map((n) => screenshots[n]!),
          isPublished: post.isPublished,
        });
        const created = await blogsRepo(tx, () => postAt).create(input);
        made.push({ kind: 'post', key: created.id });
        seeded.posts.push({ id: created.id, appSlug: app.slug, title: post.title });
      }
    }
    // The studio's own news (issue 26): a post of no app.
    for (const post of demoStudioPosts) {
      const postAt = new Date(at.getTime() - post.daysAgo * DAY_MS);
      const input = BlogPostInputSchema.parse({
        appId: null,
        scope: 'studio',
        title: post.title,
        slug: slugify(post.title),
        content: post.content,
        images: [],
        isPublished: post.isPublished,
      });
      const created = await blogsRepo(tx, () => postAt).create(input);
      made.push({ kind: 'post', key: created.id });
      seeded.posts.push({ id: created.id, appSlug: null, title: post.title });
    }
    // Some demo apps have release notes (issue 26), each released its days ago.
    for (const app of seeded.apps) {
      for (const release of demoReleases[app.slug] ?? []) {
        const day = new Date(at.getTime() - release.daysAgo * DAY_MS).toISOString().slice(0, 10);
        const input = ReleaseInputSchema.parse({ ...release, releasedOn: day });
        const id = (await appReleasesRepo(tx, clock).create(app.id, input)).id;
        made.push({ kind: 'release', key: id });
        seeded.releases.push({ id, appSlug: app.slug, version: release.version });
      }
    }
    // The whole demo in German too (issue 24), and the site's languages English and German.
    made.push(...(await seedDemoTranslations(tx, config, clock, seeded)));
    // A month of sample visits for the Analytics screen (issue 27), labelled sample and removable.
    await seedSampleAnalytics(tx, seeded, at);
    await recordDemo(tx, made);
  });
  return true;
}

/**
 * Everything a fresh database needs; logs what it did. Each step checks, then writes: instances that
 * share a database run it under the start-up lock (`database.exclusive`) so that only one seeds.
 */
export async function seed(
  db: Db,
  config: Config,
  log: { info(message: string): void },
  now: () => Date = wallClock,
): Promise<SeedResult> {
  const admin = await seedAdmin(db, config);
  // The studio's name is SITE_NAME until someone edits it in Site Settings.
  await siteSettingsRepo(db, config, now).ensure();
  const demoContentCreated = config.seedDemoContent ? await seedDemoContent(db, config, now) : false;
  if (demoContentCreated) log.info('Demo content created');
  // A site seeded before the demo was recorded: find what is still the demo's, so it can be removed.
  else if (await recordLegacyDemo(db, config)) log.info('Demo content from an earlier version recognised');
  return { ...admin, demoContentCreated };
}
