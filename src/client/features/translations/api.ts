// Translations in the admin (issue 24): the site's languages, one item's translations per language,
// and each list's completeness per language. Mutations declare their toasts and refreshes in `meta`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SiteSettings } from '../../../shared/schemas/site-settings';
import type {
  ItemTranslations,
  SiteLocalesInput,
  Translation,
  TranslationInput,
  TranslationStatus,
  TranslationType,
} from '../../../shared/schemas/translations';
import type { SiteLocale } from '../../../shared/locales';
import { conflictOf } from '../../components/drafts/conflict';
import { errorMessage, http } from '../../lib/http';
import { knownLocale } from '../../../shared/locales';

/** A language's name for staff: "German (Deutsch)", or the one name when both are the same. */
export function localeLabel(code: string): string {
  const known = knownLocale(code);
  if (!known) return code;
  return known.englishName === known.name ? known.name : `${known.englishName} (${known.name})`;
}

// The site's languages come with the site settings every admin screen already reads.
const settingsKey = [api.siteSettings] as const;
const localesKey = [api.locales] as const;

/** The site's languages, the default first (one entry when the site speaks one language). */
export function useSiteLocales() {
  return useQuery<SiteSettings, Error, SiteLocale[]>({ queryKey: settingsKey, select: (s) => s.locales });
}

/** Every translations read (an item's, a list's): the languages they list changed. */
const isTranslationsRead = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].startsWith('/api/admin/translations');

export function useUpdateLocales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteLocalesInput) => http.put<{ locales: SiteLocale[] }>(api.locales, input),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isTranslationsRead(query.queryKey) }),
    meta: {
      invalidates: [settingsKey, localesKey],
      success: { title: 'Languages saved', description: 'Each language is translated and published on its own.' },
      error: (error) => ({ title: 'Failed to save the languages', description: errorMessage(error) }),
    },
  });
}

const itemKey = (type: TranslationType, id: string) => [api.itemTranslations(type, id)] as const;

export const useItemTranslations = (type: TranslationType, id: string, enabled = true) =>
  useQuery<ItemTranslations>({ queryKey: itemKey(type, id), enabled });

/** Each language's status of an item, for the switcher (read only when the site has other languages). */
export function useItemStatuses(type: TranslationType, id: string, enabled: boolean) {
  const query = useItemTranslations(type, id, enabled);
  return Object.fromEntries((query.data?.translations ?? []).map((t) => [t.locale, t.status]));
}

/** What a save does, for its toast: a draft, published now, scheduled, or taken off the site. */
export type SaveIntent = 'draft' | 'publish' | 'schedule' | 'unpublish';

const SAVED: Record<SaveIntent, string> = {
  draft: 'Translation saved as a draft',
  publish: 'Translation published',
  schedule: 'Translation scheduled',
  unpublish: 'Translation unpublished',
};

export function useSaveTranslation(type: TranslationType, id: string, locale: string) {
  return useMutation({
    mutationFn: ({ input }: { input: TranslationInput; intent: SaveIntent }) =>
      http.put<Translation>(api.translation(type, id, locale), input),
    meta: {
      invalidates: [itemKey(type, id), [api.translations(type)]],
      success: (_data, variables) => ({
        title: SAVED[(variables as { intent: SaveIntent }).intent],
        description: `${localeLabel(locale)} only: the other languages are unchanged.`,
      }),
      // A conflict shows both versions instead of a toast.
      error: (error) =>
        conflictOf(error) === undefined
          ? { title: 'Failed to save the translation', description: errorMessage(error) }
          : undefined,
    },
  });
}

export function useDeleteTranslation(type: TranslationType, id: string, locale: string) {
  return useMutation({
    mutationFn: () => http.delete<{ success: true }>(api.translation(type, id, locale)),
    meta: {
      invalidates: [itemKey(type, id), [api.translations(type)]],
      success: {
        title: 'Translation deleted',
        description: `${localeLabel(locale)} only: the other languages are unchanged.`,
      },
      error: (error) => ({ title: 'Failed to delete the translation', description: errorMessage(error) }),
    },
  });
}

export interface ItemCompleteness {
  locale: string;
  status: TranslationStatus;
  outdated: boolean;
}

/** Each item's status per language (one read for a whole list), by item id. */
export function useTranslationSummary(type: TranslationType, enabled: boolean) {
  return useQuery<
    { item: string; locale: string; status: TranslationStatus; outdated: boolean }[],
    Error,
    Map<string, ItemCompleteness[]>
  >({
    queryKey: [api.translations(type)],
    enabled,
    select: (rows) => {
      const byItem = new Map<string, ItemCompleteness[]>();
      for (const { item, ...rest } of rows) byItem.set(item, [...(byItem.get(item) ?? []), rest]);
      return byItem;
    },
  });
}
