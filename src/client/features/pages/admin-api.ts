// Admin writes of the page texts: home content, About Us, contact info, privacy policy.
// Each save puts the server's reply in the cache and re-fetches the page's read (SPEC §4),
// so the public page shows the new text at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  AboutUs,
  AboutUsInput,
  ContactInfo,
  ContactInfoInput,
  HomeContent,
  HomeContentInput,
  PrivacyPolicy,
} from '../../../shared/schemas/site-content';
import { http } from '../../lib/http';

/** What the privacy form sends: the HTML and the date as an ISO string (SPEC §7). */
export interface PrivacyPolicyPayload {
  content: string;
  lastUpdated: string;
}

function usePagePut<TInput, TReply>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => http.put<TReply>(path, input),
    onSuccess: (reply) => {
      if (reply !== undefined) queryClient.setQueryData<TReply>([path], reply);
      void queryClient.invalidateQueries({ queryKey: [path] });
    },
  });
}

export const useUpdateHomeContent = () => usePagePut<HomeContentInput, HomeContent>(api.homeContent);
export const useUpdateAboutUs = () => usePagePut<AboutUsInput, AboutUs>(api.aboutUs);
export const useUpdateContactInfo = () => usePagePut<ContactInfoInput, ContactInfo>(api.contact);

/** After a policy save the shown policy is the server's reply (SPEC §4); no re-fetch needed. */
export function useUpdatePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacyPolicyPayload) => http.put<PrivacyPolicy>(api.privacyPolicy, input),
    onSuccess: (reply) => {
      queryClient.setQueryData<PrivacyPolicy>([api.privacyPolicy], reply);
    },
  });
}
