// Social media links in the admin: the full list (hidden links included for signed-in staff)
// and its create, update and delete calls. Every change re-fetches the list (SPEC §4).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SocialLink, SocialLinkInput } from '../../../shared/schemas/social-links';
import { ApiError, http } from '../../lib/http';

export const adminSocialLinksQuery = () => ({ queryKey: [api.socialMedia] as const });

export const useAdminSocialLinks = () => useQuery<SocialLink[]>(adminSocialLinksQuery());

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(adminSocialLinksQuery());
}

/** A 404 means the list on screen is out of date: refresh it so the missing link disappears. */
function refreshOnNotFound(refresh: () => Promise<void>) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) void refresh();
  };
}

export function useCreateSocialLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SocialLinkInput) => http.post<SocialLink>(api.socialMedia, input),
    onSuccess: refresh,
  });
}

export function useUpdateSocialLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SocialLinkInput }) =>
      http.put<SocialLink>(api.socialLink(id), input),
    onSuccess: refresh,
    onError: refreshOnNotFound(refresh),
  });
}

export function useDeleteSocialLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.socialLink(id)),
    onSuccess: refresh,
    onError: refreshOnNotFound(refresh),
  });
}
