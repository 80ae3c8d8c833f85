import { z } from './zod';
import { LIMITS } from '../constants';
import { requiredText } from './common';

/** The visitor contact form (SPEC §5), with the spec's messages. */
export const ContactMessageInputSchema = z.object({
  firstName: requiredText(100, 'First name is required', 'First name must be at most 100 characters'),
  lastName: requiredText(100, 'Last name is required', 'Last name must be at most 100 characters'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  subject: requiredText(LIMITS.shortText, 'Subject is required', 'Subject must be at most 200 characters'),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(LIMITS.contactMessageMin, 'Message must be at least 10 characters')
    .max(LIMITS.messageMax, 'Message must be at most 5000 characters'),
});
export type ContactMessageInput = z.input<typeof ContactMessageInputSchema>;

/** The honeypot: a field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';
/** What the contact form sends and POST /api/messages takes: the message and the honeypot. */
export const ContactMessageRequestSchema = ContactMessageInputSchema.extend({
  [HONEYPOT_FIELD]: z.string().max(LIMITS.urlMax).optional(),
});
export type ContactMessageRequest = z.input<typeof ContactMessageRequestSchema>;

export const MessageSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** Where it came from beyond the contact form: 'press' for a press-copy request (issue 14); else null. */
  tag: z.string().nullable(),
  createdAt: z.string(),
  /** When staff's latest reply from Messages was sent (issue 26); null: not answered from here. */
  repliedAt: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** GET /api/messages/unread-count, and the data of the inbox stream's `unread` events. */
export const UnreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

// Replies from the inbox (issue 26, part I).

export const REPLY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** What staff write in reply (plain text; the visitor's message is quoted under it in the email). */
export const MessageReplyInputSchema = z.object({
  body: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(1, 'Write your reply')
    .max(LIMITS.messageMax, 'Your reply must be at most 5000 characters'),
});
export type MessageReplyInput = z.input<typeof MessageReplyInputSchema>;

/** A reply as the thread under the message shows it: who sent it, when, and how its mail went. */
export const MessageReplySchema = z.object({
  id: z.number(),
  messageId: z.number(),
  body: z.string(),
  status: z.enum(REPLY_STATUSES),
  /** The staff member who wrote it (null once their account is gone). */
  sentBy: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Why the latest attempt failed (kept while it is retried, and when it gave up). */
  lastError: z.string().nullable(),
});
export type MessageReply = z.infer<typeof MessageReplySchema>;

/** GET /api/messages/{id}: the message, its replies (oldest first) and whether mail can be sent. */
export const MessageThreadSchema = MessageSchema.extend({
  replies: z.array(MessageReplySchema),
  /** SMTP and a sender address are set: staff reply here; otherwise by their own mail (mailto:). */
  canReply: z.boolean(),
});
export type MessageThread = z.infer<typeof MessageThreadSchema>;

/** A subject line from a visitor's words: no line breaks (so no header can be added), one line. */
export const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
/** The reply's subject: "Re: " and the visitor's subject, on one line. */
export const replySubject = (subject: string) => {
  const line = oneLine(subject);
  return /^re:/i.test(line) ? line : `Re: ${line}`;
};
