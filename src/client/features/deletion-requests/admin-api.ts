// Deletion requests in the admin (issue 14): pages of them filtered by app and status, one with its
// audit trail, status changes, and the dashboard's open and overdue counts.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import {
  DELETION_STATUS_LABELS,
  type DeletionFilter,
  type DeletionRequest,
  type DeletionRequestDetail,
  type DeletionStatusChange,
} from '../../../shared/schemas/app-pages';
import { http } from '../../lib/http';
import { fetchPage, type Page } from '../../lib/paged';

export const DELETION_PAGE_SIZE = 25;

/** Every read of deletion requests starts with this key, so one invalidation refreshes them all. */
const requestsKey = [api.adminDeletionRequests] as const;

export interface DeletionListParams {
  page: number;
  pageSize: number;
  appId?: number;
  status?: DeletionFilter;
}

export function deletionListPath({ page, pageSize, appId, status }: DeletionListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (appId) query.set('appId', String(appId));
  if (status) query.set('status', status);
  return `${api.adminDeletionRequests}?${query}`;
}

export const useDeletionRequests = (params: DeletionListParams) =>
  useQuery<Page<DeletionRequest>>({
    queryKey: [...requestsKey, 'list', params],
    queryFn: () => fetchPage<DeletionRequest>(deletionListPath(params)),
    placeholderData: keepPreviousData,
  });

export const useDeletionRequest = (id: number | null) =>
  useQuery<DeletionRequestDetail>({
    queryKey: [...requestsKey, 'one', id],
    queryFn: () => http.get<DeletionRequestDetail>(api.adminDeletionRequest(id!)),
    enabled: id !== null,
  });

/** How many are open, and how many of them overdue (the totals of two one-item pages). */
export const useDeletionCounts = () =>
  useQuery<{ open: number; overdue: number }>({
    queryKey: [...requestsKey, 'counts'],
    queryFn: async () => {
      const [open, overdue] = await Promise.all([
        fetchPage(deletionListPath({ page: 1, pageSize: 1, status: 'open' })),
        fetchPage(deletionListPath({ page: 1, pageSize: 1, status: 'overdue' })),
      ]);
      return { open: open.total, overdue: overdue.total };
    },
  });

export function useChangeDeletionStatus(id: number) {
  return useMutation({
    mutationFn: (change: DeletionStatusChange) =>
      http.patch<DeletionRequestDetail>(api.adminDeletionRequest(id), change),
    meta: {
      invalidates: [requestsKey],
      success: (reply: unknown) => ({
        title: 'Status changed',
        description: `${(reply as DeletionRequestDetail).reference} is now ${DELETION_STATUS_LABELS[
          (reply as DeletionRequestDetail).status
        ].toLowerCase()}.`,
      }),
      error: { title: 'Failed to change the status', description: 'An error occurred while saving the change.' },
    },
  });
}
