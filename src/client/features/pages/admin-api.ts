// Admin writes of the page texts: home content, About Us, contact info, privacy policy, with the
// spec's toasts (SPEC §8). Each save puts the server's reply in the cache and re-fetches the page's
// read (SPEC §4), so the public page shows the new text at once.
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
import type { WhatWeMeasure } from '../../../shared/schemas/what-we-measure';
import { errorMessage, http } from '../../lib/http';
import type { MutationMeta } from '../../lib/query-client';

/** What the privacy form sends: the HTML and the date as an ISO string (SPEC §7). */
export interface PrivacyPolicyPayload {
  content: string;
  lastUpdated: string;
  /** The version the edit started from (a newer one on the server is a conflict). */
  version?: number;
}

/** The version an edit is based on travels as If-Match, so the body is the spec's own. */
const putVersioned = <TReply>(path: string, input: object) => {
  const { version, ...body } = input as { version?: number };
  return http.putVersion<TReply>(path, body, version);
};

function usePagePut<TInput extends object, TReply>(path: string, toasts: Pick<MutationMeta, 'success' | 'error'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => putVersioned<TReply>(path, input),
    meta: { ...toasts, invalidates: [[path]] },
    onSuccess: (reply) => {
      if (reply !== undefined) queryClient.setQueryData<TReply>([path], reply);
    },
  });
}

export const useUpdateHomeContent = () =>
  usePagePut<HomeContentInput, HomeContent>(api.homeContent, {
    success: { title: 'Content Updated', description: 'The home page content has been updated successfully.' },
    error: (error) => ({
      title: 'Update Failed',
      description: errorMessage(error) || 'Failed to update home page content.',
    }),
  });

export const useUpdateAboutUs = () =>
  usePagePut<AboutUsInput, AboutUs>(api.aboutUs, {
    success: { title: 'About Us Updated', description: 'The About Us page content has been updated successfully.' },
    error: { title: 'Update Failed', description: 'Failed to update About Us page content.' },
  });

export const useUpdateContactInfo = () =>
  usePagePut<ContactInfoInput, ContactInfo>(api.contact, {
    success: {
      title: 'Contact information updated',
      description: 'The contact details on the site have been updated.',
    },
    error: (error) => ({ title: 'Error', description: 'Failed to update contact information: ' + errorMessage(error) }),
  });

/** After a policy save the shown policy is the server's reply (SPEC §4); no re-fetch needed. */
export function useUpdatePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacyPolicyPayload) => putVersioned<PrivacyPolicy>(api.privacyPolicy, input),
    meta: {
      success: {
        title: 'Privacy Policy Updated',
        description: 'Your privacy policy has been successfully updated.',
        duration: 3000,
      },
      // SPEC §8: 'Failed to update: ' and the status and body (the error's own text, not the server's message).
      error: (error) => ({
        title: 'Update Failed',
        description: error instanceof Error ? `Failed to update: ${error.message}` : 'An unknown error occurred',
      }),
    },
    onSuccess: (reply) => {
      queryClient.setQueryData<PrivacyPolicy>([api.privacyPolicy], reply);
    },
  });
}

/**
 * The "What we measure" text of the site's visitor analytics (issue 27), fetched when staff press
 * "Insert 'What we measure'" in the Privacy Policy editor.
 */
export const useWhatWeMeasure = () =>
  useMutation({
    mutationFn: () => http.get<WhatWeMeasure>(api.analyticsWhatWeMeasure),
    meta: {
      error: (error) => ({
        title: 'Could not insert the text',
        description: errorMessage(error) || 'The “What we measure” text could not be loaded.',
      }),
    },
  });
