// Campaigns in the admin (issue 26): the list, one campaign with its recipients (polled while it is
// sending), its preview, and the create, save, delete, test and send calls with their toasts.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  campaignApi,
  type Campaign,
  type CampaignInput,
  type CampaignPreview,
  type CampaignSettings,
  type CampaignSummary,
  type CampaignTestResult,
} from '../../../shared/schemas/campaigns';
import { http } from '../../lib/http';

const listKey = [campaignApi.list] as const;
const settingsKey = [campaignApi.settings] as const;
/** How often a sending campaign's progress is read again. */
export const PROGRESS_POLL_MS = 2_000;

export const useCampaigns = () =>
  useQuery<CampaignSummary[]>({
    queryKey: listKey,
    queryFn: () => http.get<CampaignSummary[]>(campaignApi.list),
    // A list with a campaign being sent shows its totals move.
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? PROGRESS_POLL_MS : false),
  });

export const useCampaign = (id: number | null, page = 1) =>
  useQuery<Campaign>({
    queryKey: [...listKey, id, page],
    queryFn: () => http.get<Campaign>(`${campaignApi.one(id!)}?page=${page}&pageSize=50`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? PROGRESS_POLL_MS : false),
  });

export const useCampaignPreview = (id: number | null, version: number | undefined, enabled: boolean) =>
  useQuery<CampaignPreview>({
    queryKey: [campaignApi.preview(id ?? 0), version],
    queryFn: () => http.get<CampaignPreview>(campaignApi.preview(id!)),
    enabled: enabled && id !== null,
  });

export const useCampaignSettings = () =>
  useQuery<CampaignSettings>({
    queryKey: settingsKey,
    queryFn: () => http.get<CampaignSettings>(campaignApi.settings),
  });

const refreshes = { invalidates: [listKey] };

export function useSaveCampaign() {
  return useMutation({
    mutationFn: ({ id, input, version }: { id: number | null; input: CampaignInput; version?: number }) =>
      id === null
        ? http.post<Campaign>(campaignApi.list, input)
        : http.putVersion<Campaign>(campaignApi.one(id), input, version),
    meta: {
      ...refreshes,
      success: { title: 'Campaign saved', description: 'The draft has been saved.' },
      error: { title: 'Failed to save campaign', description: 'An error occurred while saving the campaign.' },
    },
  });
}

export function useDeleteCampaign() {
  return useMutation({
    mutationFn: (id: number) => http.delete(campaignApi.one(id)),
    meta: {
      ...refreshes,
      success: { title: 'Campaign deleted', description: 'The draft has been deleted.' },
      error: { title: 'Failed to delete campaign', description: 'An error occurred while deleting the campaign.' },
    },
  });
}

export function useTestCampaign() {
  return useMutation({
    mutationFn: (id: number) => http.post<CampaignTestResult>(campaignApi.test(id)),
    meta: {
      success: (reply) => ({
        title: 'Test sent',
        description: `The test went to ${(reply as CampaignTestResult).to}.`,
      }),
      error: { title: 'Failed to send the test', description: 'The test could not be sent.' },
    },
  });
}

export function useSendCampaign() {
  return useMutation({
    mutationFn: (id: number) => http.post<CampaignSummary & { queued: number }>(campaignApi.send(id)),
    meta: {
      ...refreshes,
      success: (reply) => ({
        title: 'Sending started',
        description: `${(reply as { queued: number }).queued} recipients are queued.`,
      }),
      error: { title: 'Failed to send campaign', description: 'An error occurred while queueing the campaign.' },
    },
  });
}

export function useSaveCampaignSettings() {
  return useMutation({
    mutationFn: (settings: CampaignSettings) => http.put<CampaignSettings>(campaignApi.settings, settings),
    meta: {
      invalidates: [settingsKey],
      success: { title: 'Sending rate saved', description: 'Campaigns now keep to the new rate.' },
      error: { title: 'Failed to save the sending rate', description: 'An error occurred while saving it.' },
    },
  });
}
