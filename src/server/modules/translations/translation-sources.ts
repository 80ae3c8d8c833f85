// What a translation is of: each kind of item's default-language text (the fields a visitor reads),
// its name for staff, and the row a translation hangs from (an app or a post: deleting it deletes
// its translations). A fingerprint of the text marks translations saved before it changed.
import { createHash } from 'node:crypto';
import {
  TRANSLATION_FIELDS,
  fieldsKind,
  type TranslationFieldsKind,
  type TranslationType,
} from '../../../shared/schemas/translations';
import type { Deps } from '../../types';

export interface ItemSource {
  kind: TranslationFieldsKind;
  label: string;
  fields: Record<string, unknown>;
  /** A post's own slug (the default language's address). */
  slug: string | null;
  appId: number | null;
  postId: number | null;
  /** A release's translation (issue 26): deleted with the release. */
  releaseId?: number | null;
}

const PAGE_LABELS: Record<string, string> = {
  home: 'Home Content',
  about: 'About Us',
  privacy: 'Privacy Policy',
  contact: 'Contact',
  site: 'Site Settings',
  support: 'Support page',
  deletion: 'Account deletion page',
};
/** An app's own pages, by part ('12-privacy': the app's privacy policy). */
const APP_PAGE_LABELS: Record<string, string> = {
  support: 'Support page',
  deletion: 'Account deletion page',
  privacy: 'Privacy Policy',
  press: 'Press kit',
};

/** Fields holding a list (empty: none). */
const LIST_FIELDS = new Set(['faq', 'features']);

/** The kind's fields of a row, in the kind's order (missing ones empty). */
export function pickFields(kind: TranslationFieldsKind, row: object | null | undefined): Record<string, unknown> {
  const source = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(TRANSLATION_FIELDS[kind].shape).map((name) => [
      name,
      source[name] ?? (LIST_FIELDS.has(name) ? [] : ''),
    ]),
  );
}

/** The fingerprint of a default-language text ("changed since translated"). */
export function sourceHash(fields: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
}

/** The item a translation is of, or undefined when there is no such item. */
export function translationSources(repos: Deps['repos']) {
  return async function source(type: TranslationType, item: string): Promise<ItemSource | undefined> {
    const kind = fieldsKind(type, item);
    if (!kind) return undefined;
    const base = { kind, slug: null, appId: null, postId: null };
    if (type === 'app-page') {
      // An app's own page: its support and deletion texts, its privacy policy (the text its page
      // shows now) or its press kit.
      const appId = Number(item.split('-')[0]);
      const app = await repos.apps.get(appId, { includeHidden: true });
      if (!app) return undefined;
      const part = item.slice(item.indexOf('-') + 1);
      const row =
        part === 'privacy'
          ? await repos.appPrivacy.current(app)
          : part === 'press'
            ? await repos.press.get(appId)
            : await repos.appPages.get(appId);
      return { ...base, label: `${app.title}: ${APP_PAGE_LABELS[part]}`, fields: pickFields(kind, row), appId };
    }
    switch (kind) {
      case 'app': {
        const app = await repos.apps.get(Number(item), { includeHidden: true });
        return app && { ...base, label: app.title, fields: pickFields(kind, app), appId: app.id };
      }
      case 'post': {
        const post = await repos.blogs.get(Number(item));
        return post && { ...base, label: post.title, fields: pickFields(kind, post), slug: post.slug, postId: post.id };
      }
      case 'press':
        return { ...base, label: 'Studio press kit', fields: pickFields(kind, await repos.press.get(null)) };
      case 'release': {
        // An app's version (issue 26): hangs from the release (and its app, for the links' sets).
        const release = await repos.appReleases.byId(Number(item));
        const app = release && (await repos.apps.get(release.appId, { includeHidden: true }));
        return (
          release &&
          app && {
            ...base,
            label: `${app.title} ${release.version}`,
            fields: pickFields(kind, release),
            appId: app.id,
            releaseId: release.id,
          }
        );
      }
      case 'support':
      case 'deletion':
        return undefined;
      case 'home':
        return { ...base, label: PAGE_LABELS[kind]!, fields: pickFields(kind, await repos.pages.getHome()) };
      case 'about':
        return { ...base, label: PAGE_LABELS[kind]!, fields: pickFields(kind, await repos.pages.getAbout()) };
      case 'privacy':
        return { ...base, label: PAGE_LABELS[kind]!, fields: pickFields(kind, await repos.pages.getPrivacy()) };
      case 'contact':
        return { ...base, label: PAGE_LABELS[kind]!, fields: pickFields(kind, await repos.pages.getContact()) };
      case 'site':
        return { ...base, label: PAGE_LABELS[kind]!, fields: pickFields(kind, await repos.siteSettings.get()) };
    }
  };
}
export type TranslationSources = ReturnType<typeof translationSources>;
