// The demo studio in German (issue 24): the site's languages become English (default) and German,
// and every demo text gets its published German translation, checked as the translations API checks
// a save and fingerprinted against the item's English text (so nothing shows "changed since translated").
import { SiteLocalesInputSchema, type TranslationType } from '../../../shared/schemas/translations';
import { slugify } from '../../../shared/slug';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../types';
import { appPagesRepo } from '../app-pages/app-pages.repo';
import { appPrivacyRepo } from '../app-privacy/app-privacy.repo';
import { appReleasesRepo } from '../app-releases/app-releases.repo';
import { pressRepo } from '../press/press.repo';
import { appsRepo } from '../apps/apps.repo';
import { blogsRepo } from '../blogs/blogs.repo';
import { pagesRepo } from '../pages/pages.repo';
import { siteSettingsRepo } from '../site/site-settings.repo';
import { checkFields } from '../translations/translation-fields';
import { sourceHash, translationSources } from '../translations/translation-sources';
import { translationsRepo } from '../translations/translations.repo';
import type { DemoMade } from './demo-content.repo';
import {
  deAbout,
  deAppPages,
  deAppPressKits,
  deAppPrivacy,
  deApps,
  deContact,
  deHome,
  dePrivacy,
  deReleases,
  deStudioPosts,
  deStudioPressKit,
} from './seed-data.de';

export const DEMO_LOCALE = 'de';

/** What the seed made, as the German texts are keyed: apps by slug, posts by their English title. */
export interface SeededDemo {
  apps: { id: number; slug: string; hasPages: boolean }[];
  /** `appSlug` null: a post of the studio's (issue 26). */
  posts: { id: number; appSlug: string | null; title: string }[];
  releases: { id: number; appSlug: string; version: string }[];
}

/** The demo's page translations as recorded in demo_content ('page:about:de'). */
export const translationKey = (type: TranslationType, item: string, locale: string) => `${type}:${item}:${locale}`;

/**
 * Writes the German demo in the seed's transaction `tx`, at the seed's instant. Returns the page
 * translations made (apps', posts' and app pages' translations go with their rows by cascade).
 */
export async function seedDemoTranslations(
  tx: Db,
  config: Config,
  clock: () => Date,
  seeded: SeededDemo,
): Promise<DemoMade[]> {
  const settings = siteSettingsRepo(tx, config, clock);
  await settings.putLocales(SiteLocalesInputSchema.parse({ defaultLocale: 'en', locales: ['en', DEMO_LOCALE] }));
  // The English text each translation is of, read as the translations API reads it.
  const source = translationSources({
    apps: appsRepo(tx, clock),
    blogs: blogsRepo(tx, clock),
    appPages: appPagesRepo(tx, clock),
    appPrivacy: appPrivacyRepo(tx, clock),
    press: pressRepo(tx, clock),
    appReleases: appReleasesRepo(tx, clock),
    pages: pagesRepo(tx, clock),
    siteSettings: settings,
  } as unknown as Deps['repos']);
  const repo = translationsRepo(tx, clock);
  const made: DemoMade[] = [];

  const put = async (type: TranslationType, item: string, given: Record<string, unknown>, isPublished = true) => {
    const found = await source(type, item);
    if (!found) throw new Error(`The demo has no ${type} ${item} to translate`);
    const fields = checkFields(found.kind, given, true);
    const title = typeof fields.title === 'string' ? fields.title : '';
    const result = await repo.put(type, item, DEMO_LOCALE, {
      fields,
      slug: found.kind === 'post' ? '' : null,
      slugBase: found.kind === 'post' ? slugify(title, found.slug ?? 'post') : undefined,
      isPublished,
      useDefault: false,
      sourceHash: sourceHash(found.fields),
      appId: found.appId,
      postId: found.postId,
      releaseId: found.releaseId,
    });
    if ('stale' in result) throw new Error(`The demo's ${type} ${item} was translated twice`);
    if (type === 'page') made.push({ kind: 'translation', key: translationKey(type, item, DEMO_LOCALE) });
  };

  for (const app of seeded.apps) {
    const de = deApps[app.slug];
    if (!de) throw new Error(`The demo app ${app.slug} has no German text`);
    const { posts: _posts, ...fields } = de;
    // The store links stay the app's own (the same listing in every language).
    const english = await source('app', String(app.id));
    await put('app', String(app.id), {
      ...fields,
      appStoreLink: english?.fields.appStoreLink,
      googlePlayLink: english?.fields.googlePlayLink,
    });
    const pages = deAppPages[app.slug];
    if (app.hasPages && pages) {
      await put('app-page', `${app.id}-support`, { supportIntro: pages.supportIntro, faq: pages.faq });
      await put('app-page', `${app.id}-deletion`, {
        deletionDeleted: pages.deletionDeleted,
        deletionKept: pages.deletionKept,
      });
    }
    // Every app's press page (the studio's kit links to each), and one app's own privacy policy.
    await put('app-page', `${app.id}-press`, deAppPressKits[app.slug] ?? {});
    const privacy = deAppPrivacy[app.slug];
    if (privacy) await put('app-page', `${app.id}-privacy`, privacy);
  }
  for (const post of seeded.posts) {
    const de = post.appSlug === null ? deStudioPosts[post.title] : deApps[post.appSlug]?.posts[post.title];
    if (!de) throw new Error(`The demo post "${post.title}" has no German text`);
    // The excerpt and SEO fields are the English ones' (empty: made from the text, as in English).
    // A draft's German is a draft too: published once the post is (the languages check would flag it).
    const english = await blogsRepo(tx, clock).get(post.id);
    await put(
      'post',
      String(post.id),
      { ...de, excerpt: '', seoTitle: '', seoDescription: '' },
      Boolean(english?.isPublished),
    );
  }
  // Every release's "What's new" (issue 26).
  for (const release of seeded.releases) {
    const notes = deReleases[release.appSlug]?.[release.version];
    if (!notes) throw new Error(`The demo release ${release.appSlug} ${release.version} has no German text`);
    await put('release', String(release.id), { notes });
  }

  const home = await source('page', 'home');
  // The hero title is the studio's name when the demo has none: then it stays the name in German too.
  const heroTitle = home?.fields.heroTitle === config.siteName ? config.siteName : deHome.heroTitle;
  await put('page', 'home', { ...deHome, heroTitle });
  await put('page', 'about', deAbout);
  await put('page', 'privacy', dePrivacy);
  await put('page', 'contact', deContact);
  await put('page', 'press', deStudioPressKit);
  // The studio's name stays as it is; the demo writes no tagline or footer text, nor does the German.
  const site = await source('page', 'site');
  if (site && !site.fields.tagline && !site.fields.footerText) {
    await put('page', 'site', { name: site.fields.name, tagline: '', footerText: '' });
  }
  return made;
}
