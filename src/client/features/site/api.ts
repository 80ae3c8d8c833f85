// Site settings in the admin: the read every screen's brand follows, and the save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { SiteSettings, SiteSettingsInput } from '../../../shared/schemas/site-settings';
import { errorMessage, http } from '../../lib/http';

export const siteSettingsQuery = () => ({ queryKey: [api.siteSettings] as const });

export const useSiteSettings = () => useQuery<SiteSettings>(siteSettingsQuery());

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => http.put<SiteSettings>(api.siteSettings, input),
    // The reply is the saved settings: the sidebar's name and logo change at once.
    onSuccess: (saved) => queryClient.setQueryData(siteSettingsQuery().queryKey, saved),
    meta: {
      success: { title: 'Site settings saved', description: 'The public site shows the new settings now.' },
      error: (error) => ({ title: 'Failed to save site settings', description: errorMessage(error) }),
    },
  });
}
