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
});
export type Message = z.infer<typeof MessageSchema>;

/** GET /api/messages/unread-count, and the data of the inbox stream's `unread` events. */
export const UnreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
