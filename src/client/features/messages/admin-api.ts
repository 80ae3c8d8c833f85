// Visitor messages in the admin: list, mark as read, delete. Every change re-fetches the list (SPEC §4).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { Message } from '../../../shared/schemas/messages';
import { ApiError, http } from '../../lib/http';

export const adminMessagesQuery = () => ({ queryKey: [api.messages] as const });

export const useAdminMessages = () => useQuery<Message[]>(adminMessagesQuery());

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(adminMessagesQuery());
}

/** A 404 means the list on screen is out of date: refresh it so the missing message disappears. */
function refreshOnNotFound(refresh: () => Promise<void>) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) void refresh();
  };
}

export function useMarkMessageRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.patch<Message>(api.messageRead(id)),
    onSuccess: refresh,
    onError: refreshOnNotFound(refresh),
  });
}

export function useDeleteMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.message(id)),
    onSuccess: refresh,
    onError: refreshOnNotFound(refresh),
  });
}
