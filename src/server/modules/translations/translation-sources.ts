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

/** The kind's fields of a row, in the kind's order (missing ones empty). */
export function pickFields(kind: TranslationFieldsKind, row: object | null | undefined): Record<string, unknown> {
  const source = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(TRANSLATION_FIELDS[kind].shape).map((name) => [name, source[name] ?? (name === 'faq' ? [] : '')]),
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
    switch (kind) {
      case 'app': {
        const app = await repos.apps.get(Number(item), { includeHidden: true });
        return app && { ...base, label: app.title, fields: pickFields(kind, app), appId: app.id };
      }
      case 'post': {
        const post = await repos.blogs.get(Number(item));
        return post && { ...base, label: post.title, fields: pickFields(kind, post), slug: post.slug, postId: post.id };
      }
      case 'support':
      case 'deletion': {
        const appId = Number(item.split('-')[0]);
        const app = await repos.apps.get(appId, { includeHidden: true });
        if (!app) return undefined;
        const pages = await repos.appPages.get(appId);
        return { ...base, label: `${app.title}: ${PAGE_LABELS[kind]}`, fields: pickFields(kind, pages), appId };
      }
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
