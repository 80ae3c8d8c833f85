// An app's privacy policy (issue 14): the public reads (the page, the version in force on a day and
// each saved version by id), the
// app page's links to the app's own pages, and the staff's read and save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  AppPageLinks,
  AppPrivacyAdmin,
  AppPrivacyInput,
  AppPrivacyPolicy,
  AppPrivacyVersion,
  AppPrivacyVersionSummary,
} from '../../../shared/schemas/app-privacy';
import { formatLongGb } from '../../../shared/dates';
import { conflictOf } from '../../components/drafts/conflict';
import { errorMessage, http } from '../../lib/http';

export const appPrivacyQuery = (appId: number) => ({ queryKey: [api.appPrivacyPolicy(appId)] as const });
export const appPrivacyVersionsQuery = (appId: number) => ({ queryKey: [api.appPrivacyVersions(appId)] as const });
export const appPrivacyVersionQuery = (appId: number, day: string) => ({
  queryKey: [api.appPrivacyVersion(appId, day)] as const,
});
export const appPrivacySavedQuery = (appId: number, versionId: number) => ({
  queryKey: [api.appPrivacySaved(appId, versionId)] as const,
});
export const appPageLinksQuery = (appId: number) => ({ queryKey: [api.appPageLinks(appId)] as const });
export const adminAppPrivacyQuery = (appId: number) => ({ queryKey: [api.adminAppPrivacyPolicy(appId)] as const });

export const useAppPrivacy = (appId: number) => useQuery<AppPrivacyPolicy>(appPrivacyQuery(appId));
export const useAppPrivacyVersions = (appId: number) =>
  useQuery<AppPrivacyVersionSummary[]>(appPrivacyVersionsQuery(appId));
export const useAppPrivacyVersion = (appId: number, day: string) =>
  useQuery<AppPrivacyVersion>(appPrivacyVersionQuery(appId, day));
export const useAppPrivacySaved = (appId: number, versionId: number) =>
  useQuery<AppPrivacyVersion>(appPrivacySavedQuery(appId, versionId));
export const useAppPageLinks = (appId: number) => useQuery<AppPageLinks>(appPageLinksQuery(appId));
export const useAdminAppPrivacy = (appId: number) => useQuery<AppPrivacyAdmin | null>(adminAppPrivacyQuery(appId));

/** Saves the app's policy from the version the edit started from (a newer one elsewhere: 409). */
export function useSaveAppPrivacy(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppPrivacyInput) => http.put<AppPrivacyAdmin>(api.adminAppPrivacyPolicy(appId), input),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminAppPrivacyQuery(appId).queryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appPrivacyVersionsQuery(appId).queryKey }),
        queryClient.invalidateQueries({ queryKey: appPrivacyQuery(appId).queryKey }),
      ]);
    },
    meta: {
      success: (_saved, input) => {
        const day = (input as AppPrivacyInput).effectiveOn;
        return {
          title: 'Privacy policy saved',
          description: day
            ? `This version takes effect on ${formatLongGb(day)}.`
            : 'The app’s privacy page shows it now.',
        };
      },
      // A conflict shows both versions in the editor instead.
      error: (error) =>
        conflictOf(error) === undefined
          ? { title: 'Failed to save the privacy policy', description: errorMessage(error) }
          : undefined,
    },
  });
}
