// Contact Messages (SPEC §2): visitors' messages; the subject expands the full text (marking an
// unread message read), mark as read (or unread again), delete with confirmation; paged and searched
// on the server. A table from 1024 px, stacked cards below.
import { ChevronRight, Inbox, MailCheck, MailOpen, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDayMonthYear } from '../../../shared/dates';
import type { Message } from '../../../shared/schemas/messages';
import { Badge } from '../../components/ui/badge';
import { Pager } from '../../components/pager';
import { EmptyCard, QueryState } from '../../components/query-state';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import {
  MESSAGES_PAGE_SIZE,
  useAdminMessages,
  useDeleteMessage,
  useMarkMessageRead,
  useMarkMessageUnread,
  useUnreadCount,
} from '../../features/messages/admin-api';
import { cn } from '../../lib/utils';
import { ReplyThread } from '../../features/messages/reply-thread';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';
import { ActionButton } from '../../components/ui/action-button';
import { SearchField } from '../../components/ui/search-field';

/** Focuses the visible subject button of a message (table or stacked card). */
function focusSubject(id: number) {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-subject-of="${id}"]`)) {
    if (el.offsetParent !== null) return el.focus();
  }
}

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function MessageDate({ value }: { value: string }) {
  return <time dateTime={value}>{formatDayMonthYear(value, localTimeZone())}</time>;
}

function StatusBadge({ message }: { message: Message }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {message.isRead ? <Badge variant="secondary">Read</Badge> : <Badge variant="blue">Unread</Badge>}
      {/* Issue 26: answered from here. */}
      {message.repliedAt && <Badge variant="green">Replied</Badge>}
    </span>
  );
}

function Sender({ message }: { message: Message }) {
  return (
    <div className="min-w-0">
      <p className="font-medium">
        {message.firstName} {message.lastName}
      </p>
      <a href={`mailto:${message.email}`} className="text-sm break-all text-primary underline-offset-4 hover:underline">
        {message.email}
      </a>
    </div>
  );
}

function SubjectToggle({
  message,
  open,
  controls,
  onToggle,
}: {
  message: Message;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      data-subject-of={message.id}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      className={cn(
        'inline-flex max-w-full items-start gap-1.5 rounded-sm text-left underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        message.isRead ? 'font-normal' : 'font-bold',
      )}
    >
      <ChevronRight
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0 transition-transform', open && 'rotate-90')}
      />
      <span className="break-words">{message.subject}</span>
      {/* A press-copy request from a press kit page (issue 14). */}
      {message.tag === 'press' && (
        <Badge variant="purple" className="ml-1 shrink-0 font-medium" data-testid="press-tag">
          Press
        </Badge>
      )}
    </button>
  );
}

function MessageBody({ id, message }: { id: string; message: Message }) {
  return (
    <div id={id} className="space-y-3 rounded-md bg-muted/50 p-4">
      <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
      {/* Issue 26: the replies sent from here, and the reply form (or the mailto: link without SMTP). */}
      <ReplyThread message={message} idPrefix={id} />
    </div>
  );
}

export default function Messages() {
  useDocumentTitle('Messages');
  // The page and the search live in the address, so a reload or Back keeps them.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  const messages = useAdminMessages({ page, pageSize: MESSAGES_PAGE_SIZE, q });
  const unreadCount = useUnreadCount();
  const markRead = useMarkMessageRead();
  const markUnread = useMarkMessageUnread();
  const deleteMessage = useDeleteMessage();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [deleting, setDeleting] = useState<Message | null>(null);

  const go = (next: { q?: string; page?: number }) => {
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? 1;
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (nextQ) out.set('q', nextQ);
        else out.delete('q');
        if (nextPage > 1) out.set('page', String(nextPage));
        else out.delete('page');
        return out;
      },
      { replace: next.page === undefined },
    );
  };

  // The search runs on the server a moment after typing stops.
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => go({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `go` reads the current address
  }, [search, q]);

  const marking = (id: number) =>
    (markRead.isPending && markRead.variables?.id === id) || (markUnread.isPending && markUnread.variables === id);

  /** Marks a message read; `announce` for the action (a row expanded says so by its badge). */
  const markAsRead = (message: Message, announce: boolean) => {
    if (marking(message.id)) return;
    markRead.mutate(
      { id: message.id, announce },
      {
        // The button is gone now that the message is read: keep keyboard focus on its subject.
        onSuccess: () => announce && requestAnimationFrame(() => focusSubject(message.id)),
      },
    );
  };

  const markAsUnread = (message: Message) => {
    if (marking(message.id)) return;
    markUnread.mutate(message.id, { onSuccess: () => requestAnimationFrame(() => focusSubject(message.id)) });
  };

  const toggle = (message: Message) => {
    const opening = !expanded.has(message.id);
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(message.id)) next.delete(message.id);
      else next.add(message.id);
      return next;
    });
    if (opening && !message.isRead) markAsRead(message, false);
  };

  const confirmDelete = () => {
    if (deleting) deleteMessage.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  const actions = (message: Message, compact: boolean) => (
    <>
      <ActionButton
        icon={message.isRead ? <MailOpen aria-hidden="true" /> : <MailCheck aria-hidden="true" />}
        label={message.isRead ? 'Mark as unread' : 'Mark as read'}
        name={`${message.isRead ? 'Mark as unread' : 'Mark as read'}: ${message.subject}`}
        disabled={marking(message.id)}
        onClick={() => (message.isRead ? markAsUnread(message) : markAsRead(message, true))}
      />
      <ActionButton
        icon={<Trash2 aria-hidden="true" />}
        label="Delete"
        name={`Delete message: ${message.subject}`}
        compact={compact}
        destructive
        onClick={() => setDeleting(message)}
      />
    </>
  );

  const unread = unreadCount.data?.unread;
  const pages = messages.data ? Math.max(1, Math.ceil(messages.data.total / MESSAGES_PAGE_SIZE)) : 1;

  return (
    <AdminPage
      title="Contact Messages"
      description={
        unread !== undefined && (messages.data?.total ?? 0) > 0
          ? `Messages visitors sent through the contact form (${unread} unread).`
          : 'Messages visitors sent through the contact form.'
      }
    >
      <SearchField
        id="message-search"
        label="Search messages"
        className="mb-4 max-w-md"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search messages..."
      />
      <QueryState
        query={messages}
        loading="Loading messages..."
        error="Failed to load messages"
        isEmpty={(data) => data.items.length === 0 && page === 1}
        empty={
          <EmptyCard icon={<Inbox aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
            {q ? (
              <>
                <p>No messages match &ldquo;{q}&rdquo;.</p>
                <p className="mt-1 text-sm font-normal text-muted-foreground">Try other words, or clear the search.</p>
              </>
            ) : (
              <p>No messages have been received yet.</p>
            )}
          </EmptyCard>
        }
      >
        {({ items }) => (
          <>
            <div className="hidden lg:block">
              <Table aria-label="Messages">
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead>Sender</TableHead>
                    <TableHead>Subject</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.flatMap((message) => {
                    const open = expanded.has(message.id);
                    const bodyId = `message-${message.id}-text`;
                    const row = (
                      <TableRow key={message.id} className={cn(open && 'border-b-0')}>
                        <TableCell className="align-top whitespace-nowrap">
                          <MessageDate value={message.createdAt} />
                        </TableCell>
                        <TableCell className="max-w-56 align-top">
                          <Sender message={message} />
                        </TableCell>
                        <TableCell className="max-w-80 align-top">
                          <SubjectToggle
                            message={message}
                            open={open}
                            controls={bodyId}
                            onToggle={() => toggle(message)}
                          />
                        </TableCell>
                        <TableCell className="align-top">
                          <StatusBadge message={message} />
                        </TableCell>
                        <TableCell className="align-top">
                          <div className="flex items-center justify-end gap-1">{actions(message, true)}</div>
                        </TableCell>
                      </TableRow>
                    );
                    if (!open) return [row];
                    return [
                      row,
                      <TableRow key={`${message.id}-text`} className="hover:bg-transparent">
                        <TableCell colSpan={5} className="pt-0">
                          <MessageBody id={bodyId} message={message} />
                        </TableCell>
                      </TableRow>,
                    ];
                  })}
                </TableBody>
              </Table>
            </div>
            <ul aria-label="Messages" className="space-y-3 lg:hidden">
              {items.map((message) => {
                const open = expanded.has(message.id);
                const bodyId = `message-${message.id}-text-stacked`;
                return (
                  <li
                    key={message.id}
                    className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm"
                  >
                    <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                      <MessageDate value={message.createdAt} />
                      <StatusBadge message={message} />
                    </div>
                    <Sender message={message} />
                    <SubjectToggle message={message} open={open} controls={bodyId} onToggle={() => toggle(message)} />
                    {open && <MessageBody id={bodyId} message={message} />}
                    <div className="flex flex-wrap gap-2">{actions(message, false)}</div>
                  </li>
                );
              })}
            </ul>
            <Pager
              page={page}
              pages={pages}
              onPage={(next) => go({ page: next })}
              label="Pages of messages"
              className="pt-4"
            />
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !deleteMessage.isPending && setDeleting(null)}
        description="This will permanently delete this message. This action cannot be undone."
        pending={deleteMessage.isPending}
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}
