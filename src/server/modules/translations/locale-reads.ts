// Public reads in another language (issue 24): `?locale=de` on a read that declares what it returns
// (`config.translate`) answers the item in German: its translated fields over the item's own, its
// German slug. Never a silent fallback: an item without a published German translation is not found
// (a list leaves it out), unless staff chose to show the default language's text there, which the
// reply says (`contentLocale`). Signed-in staff see draft translations, as they see draft posts.
// The language is part of the read cache's key (plugins/read-cache.ts).
import type { FastifyRequest } from 'fastify';
import { canonicalLocale } from '../../../shared/locales';
import { APP_TEXT_PAGES, TRANSLATION_FIELDS, type TranslationFieldsKind } from '../../../shared/schemas/translations';
import { notFound } from '../../lib/errors';
import type { Auth } from '../../plugins/auth';
import type { AppInstance, Deps } from '../../types';
import type { translations } from '../../db/schema';

type Row = typeof translations.$inferSelect;

/** What a public read returns, for its translation. */
export type TranslateRead =
  | { type: 'app' | 'post'; list?: boolean }
  /** An app's release notes (issue 26): the releases published in the language, each in it. */
  | { type: 'release'; list: true }
  /** An app's support and deletion texts: each part in the language where it is published there. */
  | { type: 'app-page'; part?: undefined }
  /** An app's privacy policy or press kit: not found in a language it has no translation in. */
  | { type: 'app-page'; part: 'privacy' | 'press' }
  /** The route reads in `request.contentLocale` itself (the blog counts). */
  | { type: 'self' }
  | { type: 'page'; item: 'home' | 'about' | 'privacy' | 'contact' | 'site' | 'press'; optional?: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** The language asked for with ?locale=, when it is one of the site's others (null: the default). */
    contentLocale: string | null;
    /** The site's default language, read with the languages when ?locale= was asked (reused by the overlay). */
    siteDefaultLocale: string | null;
  }
  interface FastifyContextConfig {
    /** The read answers in the language of ?locale= (see modules/translations/locale-reads.ts). */
    translate?: TranslateRead;
  }
}

/** Fields whose empty translation means "the same as the default language's" (links, not words). */
const SHARED_WHEN_EMPTY = new Set(['appStoreLink', 'googlePlayLink']);

type Item = Record<string, unknown>;

/** The item as it reads in that language: the translated fields over its own. */
export function overlay(kind: TranslationFieldsKind, item: Item, row: Row): Item {
  const fields = row.fields as Item;
  const out: Item = { ...item };
  for (const name of Object.keys(TRANSLATION_FIELDS[kind].shape)) {
    const value = fields[name];
    if (SHARED_WHEN_EMPTY.has(name) && !value) continue;
    out[name] = value ?? (Array.isArray(item[name]) ? [] : '');
  }
  if (row.slug) out.slug = row.slug;
  out.contentLocale = row.locale;
  return out;
}

export function registerLocaleReads(app: AppInstance, deps: Deps, auth: Auth): void {
  const repo = deps.repos.translations;
  app.decorateRequest('contentLocale', null);
  app.decorateRequest('siteDefaultLocale', null);

  // The language of the read: a site language other than the default, else none (the default).
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.translate || !request.url.includes('locale=')) return;
    const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('locale');
    if (!asked) return;
    const code = canonicalLocale(asked);
    const locales = code ? await deps.repos.siteSettings.locales() : [];
    const locale = locales.find((l) => l.code === code);
    if (!locale) throw notFound('Language');
    // The languages are read once per request: the overlay names the default one from here.
    request.siteDefaultLocale = locales.find((l) => l.isDefault)?.code ?? 'en';
    if (!locale.isDefault) request.contentLocale = locale.code;
  });

  const staff = async (request: FastifyRequest) => {
    await auth.loadUser(request);
    return Boolean(request.user);
  };
  /** What the caller may read of a translation: published ones, or any with staff. */
  const shown = (row: Row | undefined, isStaff: boolean) => row && (row.useDefault || row.isPublished || isStaff);

  const translateOne = async (
    kind: TranslationFieldsKind,
    type: string,
    item: Item,
    locale: string,
    isStaff: boolean,
    fallback: string,
    itemKey?: string,
  ) => {
    const key = itemKey ?? (kind === 'app' || kind === 'post' ? String(item.id) : kind);
    const row = (await repo.forItems(type, [key], locale)).get(key);
    if (!shown(row, isStaff)) return undefined;
    if (row!.useDefault) return { ...item, contentLocale: fallback };
    return overlay(kind, item, row!);
  };

  app.addHook('preSerialization', async (request, reply, payload) => {
    const spec = request.routeOptions.config?.translate;
    const locale = request.contentLocale;
    if (
      !spec ||
      spec.type === 'self' ||
      !locale ||
      reply.statusCode !== 200 ||
      payload === null ||
      typeof payload !== 'object'
    )
      return payload;
    const isStaff = await staff(request);
    // Set with contentLocale by the onRequest hook, from the same read of the site's languages.
    const fallback = request.siteDefaultLocale ?? 'en';

    if (spec.type === 'app-page' && spec.part) {
      const key = `${String((payload as Item).appId)}-${spec.part}`;
      const translated = await translateOne(spec.part, 'app-page', payload as Item, locale, isStaff, fallback, key);
      if (!translated) throw notFound(spec.part === 'press' ? 'Press kit' : 'Privacy policy');
      return translated;
    }

    if (spec.type === 'app-page') {
      // Each page has its own translation: the reply says which are in this language, and the page
      // that is not is not found there (ssr/alternates.ts), never shown in the default language.
      const pages = payload as Item;
      const keys = APP_TEXT_PAGES.map((part) => `${String(pages.appId)}-${part}`);
      const rows = await repo.forItems('app-page', keys, locale);
      let out: Item = { ...pages };
      const translatedParts: string[] = [];
      for (const part of APP_TEXT_PAGES) {
        const row = rows.get(`${String(pages.appId)}-${part}`);
        if (!shown(row, isStaff)) continue;
        if (!row!.useDefault) out = overlay(part, out, row!);
        translatedParts.push(part);
      }
      return { ...out, contentLocale: locale, translatedParts };
    }

    if (spec.type === 'page') {
      const translated = await translateOne(spec.item, 'page', payload as Item, locale, isStaff, fallback);
      if (translated) return translated;
      if (spec.optional) return payload;
      throw notFound('Page');
    }

    if (!spec.list) {
      const item = payload as Item;
      const translated = await translateOne(spec.type, spec.type, item, locale, isStaff, fallback);
      if (!translated) throw notFound(spec.type === 'app' ? 'App' : 'Blog post');
      // A post's page names its default-language address too (hreflang), without reading it again.
      if (spec.type === 'post' && translated.slug !== item.slug) translated.defaultSlug = item.slug;
      return translated;
    }

    // A list: the items shown in that language, each as it reads in it (a post's app title too).
    const items = payload as Item[];
    const rows = await repo.forItems(
      spec.type,
      items.map((i) => String(i.id)),
      locale,
    );
    const apps =
      spec.type === 'post' && items.some((i) => 'appTitle' in i)
        ? await repo.forItems(
            'app',
            // A studio post (issue 26) has no app to translate the name of.
            [...new Set(items.filter((i) => i.appId !== null).map((i) => String(i.appId)))],
            locale,
          )
        : undefined;
    return items.flatMap((item) => {
      const row = rows.get(String(item.id));
      if (!shown(row, isStaff)) return [];
      const translated = row!.useDefault ? { ...item, contentLocale: fallback } : overlay(spec.type, item, row!);
      const appRow = item.appId === null ? undefined : apps?.get(String(item.appId));
      if (appRow && !appRow.useDefault && shown(appRow, isStaff) && typeof (appRow.fields as Item).title === 'string')
        translated.appTitle = (appRow.fields as Item).title;
      return [translated];
    });
  });
}
