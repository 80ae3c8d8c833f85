// Replies from the inbox (issue 26): under an open message, the replies staff sent (who, when, and
// how the mail went) and a form to write another, sent from the studio's address with the visitor's
// message quoted. When the server cannot send mail, the form gives way to a mailto: link.
import { Mail, Send } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  MessageReplyInputSchema,
  type Message,
  type MessageReply,
  type ReplyStatus,
} from '../../../shared/schemas/messages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { useMessageThread, useRefreshInbox, useReplyToMessage } from './admin-api';

const STATUS: Record<ReplyStatus, { label: string; variant: 'yellow' | 'green' | 'grey' }> = {
  queued: { label: 'Sending', variant: 'yellow' },
  sent: { label: 'Sent', variant: 'green' },
  failed: { label: 'Failed', variant: 'grey' },
};

/** The visitor's own mail program, with the subject filled in (the fallback without SMTP). */
export function MailtoReply({ message }: { message: Message }) {
  return (
    <a
      href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <Mail aria-hidden="true" className="size-4" />
      Reply by email
    </a>
  );
}

/** A date and time in the reader's zone (the admin renders in the browser only). */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>{new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
  );
}

function ReplyItem({ reply }: { reply: MessageReply }) {
  const status = STATUS[reply.status];
  return (
    <li className="space-y-2 rounded-md border bg-background p-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{reply.sentBy?.username ?? 'A former staff member'}</span>
        <span>
          replied <When iso={reply.sentAt ?? reply.createdAt} />
        </span>
        <Badge variant={status.variant} className="ml-auto">
          {status.label}
        </Badge>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{reply.body}</p>
      {reply.lastError && reply.status !== 'sent' && (
        <p className="text-xs break-words text-destructive">
          {reply.status === 'failed'
            ? `Not sent: ${reply.lastError}`
            : `The last attempt failed (${reply.lastError}); it will be tried again.`}
        </p>
      )}
    </li>
  );
}

/** The replies of an open message and the reply form; `idPrefix` keeps the ids of two copies apart. */
export function ReplyThread({ message, idPrefix }: { message: Message; idPrefix: string }) {
  const thread = useMessageThread(message.id);
  const send = useReplyToMessage();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const fieldId = `${idPrefix}-reply`;
  // A reply has just gone out: the list behind shows the message as Replied.
  const refreshInbox = useRefreshInbox();
  const repliedAt = thread.data?.repliedAt;
  useEffect(() => {
    if (repliedAt && repliedAt !== message.repliedAt) refreshInbox();
  }, [repliedAt, message.repliedAt, refreshInbox]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MessageReplyInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(undefined);
    send.mutate(
      { id: message.id, input: parsed.data },
      {
        onSuccess: () => {
          setBody('');
          void thread.refetch();
        },
      },
    );
  };

  if (thread.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading replies...
      </p>
    );
  }
  if (thread.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        <span>The replies could not be loaded.</span>
        <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
          Try again
        </Button>
        <MailtoReply message={message} />
      </div>
    );
  }
  const { replies, canReply } = thread.data;
  return (
    <div className="space-y-3">
      {replies.length > 0 && (
        <section aria-label={`Replies to ${message.firstName}`} className="space-y-2">
          <h3 className="text-sm font-semibold">Replies</h3>
          <ol className="space-y-2">
            {replies.map((reply) => (
              <ReplyItem key={reply.id} reply={reply} />
            ))}
          </ol>
        </section>
      )}
      {canReply ? (
        <form noValidate onSubmit={onSubmit} className="space-y-2" aria-busy={send.isPending}>
          <Label htmlFor={fieldId}>Reply to {message.firstName}</Label>
          <Textarea
            id={fieldId}
            rows={4}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
          />
          {!error && (
            <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
              Sent by email from the studio&rsquo;s address to {message.email}, with their message quoted below it.
            </p>
          )}
          <FieldError id={`${fieldId}-error`} message={error} />
          <Button type="submit" size="sm" disabled={send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </form>
      ) : (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground">
            Mail is not set up on this server (SMTP_URL and NOTIFY_EMAIL_FROM), so replies cannot be sent from here:
            answer from your own email.
          </p>
          <MailtoReply message={message} />
        </div>
      )}
    </div>
  );
}
