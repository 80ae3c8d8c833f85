// The app form's values (SPEC §2 App form, issue 13's store fields): what a new app starts with,
// what a saved app fills the form with, the shared schema's resolver, and what a save sends (the
// spec's fields as they are, the issue-13 fields only when staff changed them).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { APP_STATUSES, DEFAULT_APP_STATUS } from '../../../../shared/constants';
import { localInput } from '../../../lib/local-time';
import {
  APP_LINK_FIELDS,
  AppInputSchema,
  PLATFORMS,
  type App,
  type AppData,
  type AppInput,
} from '../../../../shared/schemas/apps';

/** The issue-13 fields in the order they appear (the first one with an error gets the focus). */
export const STORE_FIELDS = [
  'slug',
  'kind',
  'category',
  'tagline',
  'longDescription',
  'trailer',
  'shareImage',
  'platforms',
  'appleAppId',
  'appleBundleId',
  'appleTeamId',
  'googlePlayPackage',
  'androidFingerprints',
  'appLinkPaths',
  'priceAmount',
  'priceCurrency',
  'releaseDate',
  'comingSoon',
  'goesLiveAt',
  'preRegisterLink',
  'preOrderLink',
  'wishlistLink',
  // Issue 25's cards, after the store cards.
  'ratings',
  'ageRating',
  'accessibilityTags',
  'accessibilityNote',
] as const;
export type StoreField = (typeof STORE_FIELDS)[number];

/** Fields focused by their element id (not registered inputs). */
export const STORE_FOCUS_IDS: Partial<Record<StoreField, string>> = {
  longDescription: 'app-longDescription',
  platforms: `app-platform-${PLATFORMS[0]}`,
  comingSoon: 'app-comingSoon',
  shareImage: 'app-shareImage',
  ratings: 'app-rating-0',
  accessibilityTags: 'app-a11y-multiple-volume-controls',
};

export const LIST_FIELDS = ['androidFingerprints', 'appLinkPaths'] as const;

/** The link shown in the form for a stored trailer (it parses back to the same provider and id). */
export function trailerLink(provider: string | null, id: string | null): string {
  if (!provider || !id) return '';
  return provider === 'vimeo' ? `https://vimeo.com/${id}` : `https://www.youtube.com/watch?v=${id}`;
}

export function storeEmptyValues(): Pick<AppInput, StoreField> {
  return {
    slug: '',
    kind: 'app',
    category: '',
    tagline: '',
    longDescription: '',
    trailer: '',
    shareImage: '',
    platforms: [],
    appleAppId: '',
    appleBundleId: '',
    appleTeamId: '',
    googlePlayPackage: '',
    androidFingerprints: [],
    appLinkPaths: [],
    priceAmount: '',
    priceCurrency: '',
    releaseDate: '',
    comingSoon: false,
    goesLiveAt: '',
    ageRating: '',
    preRegisterLink: '',
    preOrderLink: '',
    wishlistLink: '',
    ratings: [],
    accessibilityTags: [],
    accessibilityNote: '',
  };
}

export function storeValuesOf(app: App): Pick<AppInput, StoreField> {
  return {
    slug: app.slug,
    kind: app.kind === 'game' ? 'game' : 'app',
    category: app.category,
    tagline: app.tagline,
    longDescription: app.longDescription,
    trailer: trailerLink(app.trailerProvider, app.trailerId),
    shareImage: app.shareImage ?? '',
    platforms: PLATFORMS.filter((p) => app.platforms.includes(p)),
    appleAppId: app.appleAppId ?? '',
    appleBundleId: app.appleBundleId ?? '',
    appleTeamId: app.appleTeamId ?? '',
    googlePlayPackage: app.googlePlayPackage ?? '',
    androidFingerprints: [...app.androidFingerprints],
    appLinkPaths: [...app.appLinkPaths],
    priceAmount: app.priceAmount ?? '',
    priceCurrency: app.priceCurrency ?? '',
    releaseDate: app.releaseDate ?? '',
    comingSoon: app.comingSoon,
    goesLiveAt: localInput(app.goesLiveAt),
    ageRating: app.ageRating,
    preRegisterLink: app.preRegisterLink ?? '',
    preOrderLink: app.preOrderLink ?? '',
    wishlistLink: app.wishlistLink ?? '',
    ratings: app.ratings.map((r) => ({ ...r, descriptors: [...r.descriptors], notices: [...r.notices] })),
    accessibilityTags: [...app.accessibilityTags],
    accessibilityNote: app.accessibilityNote,
  };
}

/** The one-per-line lists without their blank lines (what is validated and sent). */
export function withoutBlankLines(values: AppInput): AppInput {
  const next = { ...values };
  for (const name of LIST_FIELDS) next[name] = (values[name] ?? []).filter((line) => line.trim() !== '');
  return next;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What to send: the spec's fields as they are, and only the issue-13 fields staff changed (the
 * price's amount and currency go together, since one needs the other).
 */
export function onlyChangedStoreFields(data: AppData, current: AppInput, initial: AppInput): AppData {
  const now = withoutBlankLines(current);
  const changed = (name: StoreField) => !same(now[name], initial[name]);
  const priceChanged = changed('priceAmount') || changed('priceCurrency');
  const payload = { ...data };
  for (const name of STORE_FIELDS) {
    const keep = name === 'priceAmount' || name === 'priceCurrency' ? priceChanged : changed(name);
    if (!keep) (payload as Record<string, unknown>)[name] = undefined;
  }
  return payload;
}

/** The order fields appear on screen: the first one with an error gets the focus. */
export const FIELD_ORDER = [
  'title',
  'description',
  'icon',
  'status',
  'screenshots',
  ...APP_LINK_FIELDS,
  ...STORE_FIELDS,
] as const;

/** Fields focused by their element id (not registered inputs). */
export const FOCUS_IDS: Partial<Record<(typeof FIELD_ORDER)[number], string>> = {
  screenshots: 'app-new-screenshot',
  status: 'app-status',
  ...STORE_FOCUS_IDS,
};

/** The shared schema, after the one-per-line lists lose their blank lines. */
const schemaResolver = zodResolver(AppInputSchema);
export const appResolver: Resolver<AppInput, unknown, AppData> = (values, context, options) =>
  schemaResolver(withoutBlankLines(values), context, options);

export function emptyValues(): AppInput {
  return {
    title: '',
    description: '',
    icon: '',
    status: DEFAULT_APP_STATUS,
    screenshots: [],
    ...Object.fromEntries(APP_LINK_FIELDS.map((f) => [f, ''])),
    isFeatured: false,
    isHidden: false,
    ...storeEmptyValues(),
  };
}

export function valuesOf(app: App): AppInput {
  return {
    title: app.title,
    description: app.description,
    icon: app.icon,
    status: (APP_STATUSES as readonly string[]).includes(app.status)
      ? (app.status as AppInput['status'])
      : DEFAULT_APP_STATUS,
    screenshots: [...app.screenshots],
    ...Object.fromEntries(APP_LINK_FIELDS.map((f) => [f, app[f] ?? ''])),
    isFeatured: app.isFeatured,
    isHidden: app.isHidden,
    ...storeValuesOf(app),
  };
}
