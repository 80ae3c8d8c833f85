// Social media links in the admin: the full list (hidden links included for signed-in staff)
// and its create, update and delete calls with their toasts. Every change re-fetches the list (SPEC §4).
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SocialLink, SocialLinkInput } from '../../../shared/schemas/social-links';
import { http } from '../../lib/http';

export const adminSocialLinksQuery = () => ({ queryKey: [api.socialMedia] as const });

export const useAdminSocialLinks = () => useQuery<SocialLink[]>(adminSocialLinksQuery());

const refreshes = { invalidates: [adminSocialLinksQuery().queryKey] };

// The spec's exact texts (SPEC §8 "Social links").
export function useCreateSocialLink() {
  return useMutation({
    mutationFn: (input: SocialLinkInput) => http.post<SocialLink>(api.socialMedia, input),
    meta: {
      ...refreshes,
      success: {
        title: 'Social media link created',
        description: 'The social media link has been created successfully.',
      },
      error: {
        title: 'Failed to create social media link',
        description: 'An error occurred while creating the social media link.',
      },
    },
  });
}

export function useUpdateSocialLink() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SocialLinkInput }) =>
      http.put<SocialLink>(api.socialLink(id), input),
    meta: {
      ...refreshes,
      success: {
        title: 'Social media link updated',
        description: 'The social media link has been updated successfully.',
      },
      error: {
        title: 'Failed to update social media link',
        description: 'An error occurred while updating the social media link.',
      },
    },
  });
}

export function useDeleteSocialLink() {
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.socialLink(id)),
    meta: {
      ...refreshes,
      success: {
        title: 'Social media link deleted',
        description: 'The social media link has been deleted successfully.',
      },
      error: {
        title: 'Failed to delete social media link',
        description: 'An error occurred while deleting the social media link.',
      },
    },
  });
}
