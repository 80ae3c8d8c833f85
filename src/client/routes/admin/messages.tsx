// Contact Messages (SPEC §2): visitors' messages; the subject expands the full text (marking an
// unread message read), mark as read, delete with confirmation. A table from 1024 px, stacked cards below.
import { ChevronRight, Inbox, LoaderCircle, Mail, MailCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDayMonthYear } from '../../../shared/dates';
import type { Message } from '../../../shared/schemas/messages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Tooltip } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useAdminMessages, useDeleteMessage, useMarkMessageRead } from '../../features/messages/admin-api';
import { useReturnFocus } from '../../lib/use-return-focus';
import { errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

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

function StatusBadge({ isRead }: { isRead: boolean }) {
  return isRead ? <Badge variant="secondary">Read</Badge> : <Badge variant="blue">Unread</Badge>;
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
    </button>
  );
}

function MessageBody({ id, message }: { id: string; message: Message }) {
  return (
    <div id={id} className="space-y-3 rounded-md bg-muted/50 p-4">
      <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
      <a
        href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <Mail aria-hidden="true" className="size-4" />
        Reply by email
      </a>
    </div>
  );
}

export default function Messages() {
  useDocumentTitle('Messages');
  const messages = useAdminMessages();
  const markRead = useMarkMessageRead();
  const deleteMessage = useDeleteMessage();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [deleting, setDeleting] = useState<Message | null>(null);
  useReturnFocus(deleting !== null);

  const marking = (id: number) => markRead.isPending && markRead.variables === id;

  /** Marks a message read; `announce` for the action (a row expanded says so by its badge). */
  const markAsRead = async (message: Message, announce: boolean) => {
    if (marking(message.id)) return;
    try {
      await markRead.mutateAsync(message.id);
      if (announce) {
        toast({ title: 'Message marked as read', description: 'The message has been marked as read.' });
        // The button is gone now that the message is read: keep keyboard focus on its subject.
        requestAnimationFrame(() => focusSubject(message.id));
      }
    } catch (error) {
      console.warn('Failed to mark message as read:', errorMessage(error));
      toast({
        title: 'Failed to mark message as read',
        description: 'An error occurred while marking the message as read.',
        variant: 'destructive',
      });
    }
  };

  const toggle = (message: Message) => {
    const opening = !expanded.has(message.id);
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(message.id)) next.delete(message.id);
      else next.add(message.id);
      return next;
    });
    if (opening && !message.isRead) void markAsRead(message, false);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteMessage.mutateAsync(deleting.id);
      toast({ title: 'Message deleted', description: 'The message has been deleted successfully.' });
    } catch (error) {
      console.warn('Failed to delete message:', errorMessage(error));
      toast({
        title: 'Failed to delete message',
        description: 'An error occurred while deleting the message.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(null);
    }
  };

  const actions = (message: Message, compact: boolean) => (
    <>
      {!message.isRead && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Mark as read: ${message.subject}`}
          disabled={marking(message.id)}
          onClick={() => void markAsRead(message, true)}
        >
          <MailCheck aria-hidden="true" />
          Mark as read
        </Button>
      )}
      {compact ? (
        <Tooltip label="Delete">
          <Button
            variant="ghost"
            size="iconSm"
            className="text-destructive hover:text-destructive"
            aria-label={`Delete message: ${message.subject}`}
            onClick={() => setDeleting(message)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </Tooltip>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={`Delete message: ${message.subject}`}
          onClick={() => setDeleting(message)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      )}
    </>
  );

  const unread = messages.data?.filter((m) => !m.isRead).length ?? 0;

  return (
    <AdminPage
      title="Contact Messages"
      description={
        messages.isSuccess && messages.data.length > 0
          ? `Messages visitors sent through the contact form (${unread} unread).`
          : 'Messages visitors sent through the contact form.'
      }
    >
      {messages.isPending ? (
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-12 text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            <p role="status">Loading messages...</p>
          </CardContent>
        </Card>
      ) : messages.isError ? (
        <Card>
          <CardContent className="py-12 text-center">
            <p role="alert" className="font-medium">
              Failed to load messages
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{errorMessage(messages.error)}</p>
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => void messages.refetch()}
              disabled={messages.isFetching}
            >
              {messages.isFetching ? 'Trying again...' : 'Try again'}
            </Button>
          </CardContent>
        </Card>
      ) : messages.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center py-12 text-center">
            <Inbox aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />
            <p className="font-medium">No messages have been received yet.</p>
          </CardContent>
        </Card>
      ) : (
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
                {messages.data.flatMap((message) => {
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
                        <StatusBadge isRead={message.isRead} />
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
            {messages.data.map((message) => {
              const open = expanded.has(message.id);
              const bodyId = `message-${message.id}-text-stacked`;
              return (
                <li key={message.id} className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
                  <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                    <MessageDate value={message.createdAt} />
                    <StatusBadge isRead={message.isRead} />
                  </div>
                  <Sender message={message} />
                  <SubjectToggle message={message} open={open} controls={bodyId} onToggle={() => toggle(message)} />
                  {open && <MessageBody id={bodyId} message={message} />}
                  <div className="flex flex-wrap gap-2">{actions(message, false)}</div>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !deleteMessage.isPending && setDeleting(null)}
        description="This will permanently delete this message. This action cannot be undone."
        pending={deleteMessage.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </AdminPage>
  );
}
