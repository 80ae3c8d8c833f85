// An app's deletion and support texts in the admin (issue 14): read with their version, saved with
// If-Match by their own block of the app editor (the spec's app payload stays as it is).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { AppPages, AppPagesData } from '../../../shared/schemas/app-pages';
import { conflictOf } from '../../components/drafts/conflict';
import { errorMessage, http } from '../../lib/http';

export const adminAppPagesQuery = (appId: number) => ({ queryKey: [api.adminAppPages(appId)] as const });

export const useAdminAppPages = (appId: number) => useQuery<AppPages>(adminAppPagesQuery(appId));

/**
 * Saves the texts on top of `version`; a 409 means someone else saved them since (its body carries
 * theirs as `current`, for the conflict view: no toast then).
 */
export function useSaveAppPages(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...data }: AppPagesData) =>
      http.putVersion<AppPages>(api.adminAppPages(appId), data, version),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminAppPagesQuery(appId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: [api.appPages(appId)] });
    },
    meta: {
      success: { title: 'Account deletion and support saved' },
      error: (error) =>
        conflictOf(error) === undefined
          ? { title: 'Account deletion and support texts not saved', description: errorMessage(error) }
          : undefined,
    },
  });
}
