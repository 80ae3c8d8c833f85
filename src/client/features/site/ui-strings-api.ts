// The site's words in the admin (issue 24): a language's keys with their texts, and setting or
// resetting the staff's overrides.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { UiStrings } from '../../../shared/schemas/ui-strings';
import { errorMessage, http } from '../../lib/http';

export const uiStringsQuery = (locale: string) => ({
  queryKey: [api.adminUiStrings, { locale }] as const,
  queryFn: () => http.get<UiStrings>(`${api.adminUiStrings}?locale=${encodeURIComponent(locale)}`),
});

export const useUiStrings = (locale: string) => useQuery(uiStringsQuery(locale));

export function useSaveUiStrings(locale: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (strings: Record<string, string | null>) =>
      http.put<UiStrings>(api.adminUiStringsFor(locale), { strings }),
    onSuccess: (saved) => queryClient.setQueryData(uiStringsQuery(locale).queryKey, saved),
    meta: {
      success: { title: 'Site text saved', description: 'The public site shows it now.' },
      error: (error) => ({ title: 'Failed to save the site text', description: errorMessage(error) }),
    },
  });
}
