// Visitor messages in the admin: pages of the inbox (searched on the server), mark as read or
// unread, delete, and the live unread count. Every change re-fetches the list (SPEC §4).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api } from '../../../shared/paths';
import type {
  Message,
  MessageReply,
  MessageReplyInput,
  MessageThread,
  UnreadCount,
} from '../../../shared/schemas/messages';
import type { AuthCheck } from '../../../shared/schemas/users';
import { errorMessage, http } from '../../lib/http';
import { fetchPage, pagePath, type Page, type PageParams } from '../../lib/paged';

export const MESSAGES_PAGE_SIZE = 25;

/** Every read of the inbox starts with this key, so one invalidation refreshes them all. */
const inboxKey = [api.messages] as const;
const unreadKey = [api.unreadCount] as const;

export const useAdminMessages = (params: PageParams) =>
  useQuery<Page<Message>>({
    queryKey: [...inboxKey, params],
    queryFn: () => fetchPage<Message>(pagePath(api.messages, params)),
    // The page on screen stays while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

/** Signed in (as the admin's guard found): the inbox reads stop the moment staff sign out. */
function useSignedIn(): boolean {
  return useQuery<AuthCheck>({ queryKey: [api.checkAuth] }).data?.isAuthenticated === true;
}

export const useUnreadCount = () => useQuery<UnreadCount>({ queryKey: unreadKey, enabled: useSignedIn() });

const refreshes = { invalidates: [inboxKey, unreadKey] };

/** `announce`: a toast says so (the Mark as read button); opening an unread message marks it quietly. */
export function useMarkMessageRead() {
  return useMutation({
    mutationFn: ({ id }: { id: number; announce: boolean }) => http.patch<Message>(api.messageRead(id)),
    meta: {
      ...refreshes,
      success: (_reply, variables) =>
        (variables as { announce: boolean }).announce
          ? { title: 'Message marked as read', description: 'The message has been marked as read.' }
          : undefined,
      error: {
        title: 'Failed to mark message as read',
        description: 'An error occurred while marking the message as read.',
      },
    },
  });
}

export function useMarkMessageUnread() {
  return useMutation({
    mutationFn: (id: number) => http.patch<Message>(api.messageUnread(id)),
    meta: {
      ...refreshes,
      success: { title: 'Message marked as unread', description: 'The message shows as new again.' },
      error: {
        title: 'Failed to mark message as unread',
        description: 'An error occurred while marking the message as unread.',
      },
    },
  });
}

export function useDeleteMessage() {
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.message(id)),
    meta: {
      ...refreshes,
      success: { title: 'Message deleted', description: 'The message has been deleted successfully.' },
      error: { title: 'Failed to delete message', description: 'An error occurred while deleting the message.' },
    },
  });
}

/** How long a tab whose stream was refused waits before asking again. */
const STREAM_RETRY_MS = 60_000;

/**
 * Follows the server's inbox events (one stream for the whole admin): the unread count updates at
 * once, and a change made elsewhere (a new message, another tab) refreshes the inbox on screen.
 */
export function useInboxEvents(): void {
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let events: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      events = new EventSource(api.adminEvents);
      events.addEventListener('unread', (event) => {
        const next = JSON.parse((event as MessageEvent<string>).data) as UnreadCount;
        const before = queryClient.getQueryData<UnreadCount>(unreadKey);
        queryClient.setQueryData(unreadKey, next);
        if (before && before.unread !== next.unread) void queryClient.invalidateQueries({ queryKey: inboxKey });
      });
      // A dropped stream reconnects by itself; a refused one (429: too many tabs) is closed for
      // good by the browser, so it is tried again a minute later.
      events.addEventListener('error', () => {
        if (events?.readyState !== EventSource.CLOSED) return;
        void queryClient.invalidateQueries({ queryKey: unreadKey });
        retry = setTimeout(open, STREAM_RETRY_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      events?.close();
    };
  }, [queryClient, signedIn]);
}

/** How often an open thread looks again while a reply of it is still queued (issue 26). */
const QUEUED_POLL_MS = 3_000;

/**
 * Issue 26: one message with its replies and whether staff can reply from here; read while it is
 * open, and again every few seconds while a reply waits to be sent (its status then shows).
 */
export const useMessageThread = (id: number) =>
  useQuery<MessageThread>({
    // Not under the inbox's key: deleting the message refreshes the inbox, never re-reads a gone thread.
    queryKey: [api.message(id)],
    queryFn: () => http.get<MessageThread>(api.message(id)),
    refetchInterval: (query) => (query.state.data?.replies.some((r) => r.status === 'queued') ? QUEUED_POLL_MS : false),
  });

/** Issue 26: the inbox re-read (a reply was sent: the list shows the message as Replied). */
export function useRefreshInbox() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: inboxKey }), [queryClient]);
}

/** Issue 26: sends a reply to the visitor (queued on the server, then mailed). */
export function useReplyToMessage() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MessageReplyInput }) =>
      http.post<MessageReply>(api.messageReplies(id), input),
    meta: {
      ...refreshes,
      success: { title: 'Reply queued', description: 'It is being sent; its status shows in the thread.' },
      error: (error) => ({ title: 'Failed to send the reply', description: errorMessage(error) }),
    },
  });
}
