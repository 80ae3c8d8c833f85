// An app's release notes (issue 26): the public read (newest first, in the page's language) and the
// staff's list, add, edit (with the revision it was opened at), delete and "email this update".
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { PublicRelease, Release, ReleaseCampaign, ReleaseInput } from '../../../shared/schemas/app-releases';
import { conflictOf } from '../../components/drafts/conflict';
import { errorMessage, http } from '../../lib/http';

export const appReleasesQuery = (appId: number) => ({ queryKey: [api.appReleases(appId)] as const });
export const usePublicReleases = (appId: number) =>
  useQuery<PublicRelease[]>({ ...appReleasesQuery(appId), enabled: appId > 0 });

export const adminReleasesQuery = (appId: number) => ({ queryKey: [api.adminAppReleases(appId)] as const });
export const useAdminReleases = (appId: number) => useQuery<Release[]>(adminReleasesQuery(appId));

const releaseKeys = (appId: number) => [adminReleasesQuery(appId).queryKey, appReleasesQuery(appId).queryKey];

/** Adds a version (`id` absent) or saves one over `revision`; a 409 is shown by the conflict view, not a toast. */
export function useSaveRelease(appId: number) {
  return useMutation({
    mutationFn: ({ id, ...input }: ReleaseInput & { id?: number }) =>
      id
        ? http.put<Release>(api.adminAppRelease(appId, id), input)
        : http.post<Release>(api.adminAppReleases(appId), input),
    meta: {
      invalidates: releaseKeys(appId),
      success: { title: 'Release notes saved' },
      error: (error) =>
        conflictOf(error) === undefined
          ? { title: 'Release notes not saved', description: errorMessage(error) }
          : undefined,
    },
  });
}

export function useDeleteRelease(appId: number) {
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.adminAppRelease(appId, id)),
    meta: {
      invalidates: releaseKeys(appId),
      success: { title: 'Release deleted' },
      error: (error) => ({ title: 'Release not deleted', description: errorMessage(error) }),
    },
  });
}

/** Drafts a campaign of the release to the app's notify-me list (it waits in Campaigns). */
export function useEmailRelease(appId: number) {
  return useMutation({
    mutationFn: (id: number) => http.post<ReleaseCampaign>(api.adminAppReleaseCampaign(appId, id)),
    meta: {
      success: { title: 'Campaign drafted', description: 'It is waiting in Campaigns for you to review and send.' },
      error: (error) => ({ title: 'Campaign not drafted', description: errorMessage(error) }),
    },
  });
}
