// Subscribers in the admin (issue 26): each list's counts and a page of addresses (by list and
// search), one subscriber with its consent records, removal (the address stays suppressed), and the
// import of a confirmed list.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  ImportReport,
  SubscriberDetail,
  SubscriberImport,
  SubscriberPage,
} from '../../../shared/schemas/subscriptions';
import { http } from '../../lib/http';

/** Every read of subscribers starts with this key, so one invalidation refreshes them all. */
const subscribersKey = [api.adminSubscribers] as const;

export interface SubscriberListParams {
  list?: string;
  q?: string;
  page: number;
}

export function subscribersPath({ list, q, page }: SubscriberListParams): string {
  const query = new URLSearchParams();
  if (list) query.set('list', list);
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const s = query.toString();
  return s ? `${api.adminSubscribers}?${s}` : api.adminSubscribers;
}

export const useSubscribers = (params: SubscriberListParams) =>
  useQuery<SubscriberPage>({
    queryKey: [...subscribersKey, 'list', params],
    queryFn: () => http.get<SubscriberPage>(subscribersPath(params)),
    placeholderData: keepPreviousData,
  });

export const useSubscriber = (id: number | null) =>
  useQuery<SubscriberDetail>({
    queryKey: [...subscribersKey, 'one', id],
    queryFn: () => http.get<SubscriberDetail>(api.adminSubscriber(id!)),
    enabled: id !== null,
  });

/** The CSV export's address (a download: the browser fetches it with the session cookie). */
export const subscribersCsvPath = (list?: string) =>
  list ? `${api.adminSubscribersCsv}?list=${encodeURIComponent(list)}` : api.adminSubscribersCsv;

export function useRemoveSubscriber() {
  return useMutation({
    mutationFn: (id: number) => http.delete(api.adminSubscriber(id)),
    meta: {
      invalidates: [subscribersKey],
      success: {
        title: 'Subscriber removed',
        description: 'The address is deleted and will never be mailed or imported again.',
      },
      error: { title: 'Failed to remove the subscriber', description: 'An error occurred while removing it.' },
    },
  });
}

export function useImportSubscribers() {
  return useMutation({
    mutationFn: (input: SubscriberImport) => http.post<ImportReport>(api.adminSubscribersImport, input),
    meta: {
      invalidates: [subscribersKey],
      error: { title: 'Failed to import', description: 'Check the file and the fields, then try again.' },
    },
  });
}
