// An app's account-deletion and support pages (issue 14): the texts staff write on the app form,
// the visitor's deletion request and its lifecycle. One contract for the server, the admin and the
// public form.
import { z } from './zod';
import { LIMITS } from '../constants';
import { requiredText } from './common';

export const FAQ_MAX = 50;
export const QUESTION_MAX = 300;
export const ANSWER_MAX = 5000;
export const DELETION_DAYS_DEFAULT = 30;
export const DELETION_DAYS_MAX = 90;
export const ACCOUNT_ID_MAX = 200;
export const DELETION_NOTE_MAX = 2000;
export const EVENT_NOTE_MAX = 2000;

const email = (message: string) => z.string({ error: message }).trim().max(254, message).pipe(z.email(message));

export const FaqItemSchema = z.object({
  question: requiredText(QUESTION_MAX, 'Write the question', `A question must be at most ${QUESTION_MAX} characters`),
  answer: requiredText(ANSWER_MAX, 'Write the answer', `An answer must be at most ${ANSWER_MAX} characters`),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

const richText = z.string().trim().max(LIMITS.htmlMax, 'This text is too long').default('');

/** PUT /api/admin/apps/{id}/pages (the version it is based on travels as If-Match). */
export const AppPagesInputSchema = z.object({
  accountDeletion: z.boolean().default(false),
  deletionDeleted: richText,
  deletionKept: richText,
  deletionDays: z.coerce
    .number({ error: 'Days must be a whole number' })
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(DELETION_DAYS_MAX, `At most ${DELETION_DAYS_MAX} days (the stores and the GDPR expect about 30)`)
    .default(DELETION_DAYS_DEFAULT),
  supportEmail: z
    .union([z.literal(''), z.null(), email('Enter a valid email address')])
    .optional()
    .transform((v) => (v ? v : null)),
  supportIntro: richText,
  faq: z.array(FaqItemSchema).max(FAQ_MAX, `At most ${FAQ_MAX} questions`).default([]),
  version: z.number().int().optional(),
});
export type AppPagesInput = z.input<typeof AppPagesInputSchema>;
export type AppPagesData = z.output<typeof AppPagesInputSchema>;

/** What visitors' pages read (GET /api/apps/{id}/pages). */
export const PublicAppPagesSchema = z.object({
  appId: z.number(),
  accountDeletion: z.boolean(),
  deletionDeleted: z.string(),
  deletionKept: z.string(),
  deletionDays: z.number(),
  supportEmail: z.string().nullable(),
  supportIntro: z.string(),
  faq: z.array(FaqItemSchema),
  updatedAt: z.string().nullable(),
  /** Read with ?locale= (issue 24): which of the pages have their texts in that language. */
  translatedParts: z.array(z.enum(['support', 'deletion'])).optional(),
});
export type PublicAppPages = z.infer<typeof PublicAppPagesSchema>;

/** The admin's view: with the version an edit is based on. */
export const AppPagesSchema = PublicAppPagesSchema.extend({ version: z.number() });
export type AppPages = z.infer<typeof AppPagesSchema>;

// Deletion requests ---------------------------------------------------------------------------

export const DELETION_STATUSES = ['new', 'in_progress', 'done', 'rejected'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];
export const DELETION_STATUS_LABELS: Record<DeletionStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
  rejected: 'Rejected',
};
/** Still to be handled: counted on the dashboard, overdue once past their due date. */
export const OPEN_STATUSES: readonly DeletionStatus[] = ['new', 'in_progress'];
/**
 * The list's status filter: one status, every open one, or the overdue ones (open and overdue count
 * confirmed requests only), or those whose visitor has not confirmed their address (issue 21).
 */
export const DELETION_FILTERS = [...DELETION_STATUSES, 'open', 'overdue', 'unconfirmed'] as const;
export type DeletionFilter = (typeof DELETION_FILTERS)[number];

/** The deletion form's honeypot (hidden from people; bots fill it in). */
export const DELETION_HONEYPOT = 'website';

/** What a visitor sends: POST /api/apps/{id}/deletion-requests. */
export const DeletionRequestInputSchema = z.object({
  email: email('Enter a valid email address'),
  accountId: z
    .string()
    .trim()
    .max(ACCOUNT_ID_MAX, `The account identifier must be at most ${ACCOUNT_ID_MAX} characters`)
    .optional()
    .default(''),
  note: z
    .string()
    .trim()
    .max(DELETION_NOTE_MAX, `The note must be at most ${DELETION_NOTE_MAX} characters`)
    .optional()
    .default(''),
  [DELETION_HONEYPOT]: z.string().max(LIMITS.urlMax).optional(),
  /**
   * The language of the page the form is on (issue 24): the visitor's emails and confirmation page
   * are written in it. One the site does not have reads as its default language.
   */
  locale: z.string().max(35).optional(),
});
export type DeletionRequestInput = z.input<typeof DeletionRequestInputSchema>;

/**
 * The visitor's receipt: the reference to quote, when it will be done by, and whether an email is on
 * its way. When it is, it holds the link that confirms the request (issue 21): the request counts
 * from then, `days` days on (`dueAt` is then what it would be if confirmed now).
 */
export const DeletionReceiptSchema = z.object({
  reference: z.string(),
  dueAt: z.string(),
  emailed: z.boolean(),
  days: z.number(),
});
export type DeletionReceipt = z.infer<typeof DeletionReceiptSchema>;

export const DELETION_CONFIRMATIONS = ['confirmed', 'awaiting', 'expired'] as const;
export type DeletionConfirmationState = (typeof DELETION_CONFIRMATIONS)[number];
/** How long the emailed confirmation link works. */
export const DELETION_CONFIRM_DAYS = 7;
/** The link's secret: 64 lower-case hex digits (page paths are lower case). */
export const DeletionTokenParamsSchema = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid link') });

/** GET/POST /api/deletion-confirmations/{token}: what the link confirms; `dueAt` once confirmed. */
export const DeletionConfirmationSchema = z.object({
  reference: z.string(),
  appTitle: z.string(),
  appSlug: z.string(),
  days: z.number(),
  dueAt: z.string().nullable(),
  /** The language the page is written in (issue 24): the visitor's, else the site's default. */
  locale: z.string(),
});
export type DeletionConfirmation = z.infer<typeof DeletionConfirmationSchema>;

export const DeletionRequestSchema = z.object({
  id: z.number(),
  reference: z.string(),
  appId: z.number(),
  appTitle: z.string(),
  appSlug: z.string(),
  email: z.string(),
  accountId: z.string(),
  note: z.string(),
  status: z.enum(DELETION_STATUSES),
  dueAt: z.string(),
  /** Past its due date and still open (by the server's clock); never while unconfirmed. */
  overdue: z.boolean(),
  /**
   * The visitor's address (issue 21): confirmed by the emailed link (or when the site sends no mail),
   * awaiting it, or awaiting it with the link expired (the visitor can ask again).
   */
  confirmation: z.enum(DELETION_CONFIRMATIONS),
  confirmedAt: z.string().nullable(),
  /** The language the visitor asked in, and is written to in (issue 24); null: the site's default. */
  locale: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

export const DeletionEventSchema = z.object({
  id: z.number(),
  actorName: z.string(),
  fromStatus: z.enum(DELETION_STATUSES).nullable(),
  toStatus: z.enum(DELETION_STATUSES),
  note: z.string(),
  createdAt: z.string(),
});
export type DeletionEvent = z.infer<typeof DeletionEventSchema>;

export const DeletionRequestDetailSchema = DeletionRequestSchema.extend({ events: z.array(DeletionEventSchema) });
export type DeletionRequestDetail = z.infer<typeof DeletionRequestDetailSchema>;

/** PATCH /api/admin/deletion-requests/{id}: a new status, with an optional note for the trail. */
export const DeletionStatusChangeSchema = z.object({
  status: z.enum(DELETION_STATUSES, { error: 'Choose new, in progress, done or rejected' }),
  note: z
    .string()
    .trim()
    .max(EVENT_NOTE_MAX, `The note must be at most ${EVENT_NOTE_MAX} characters`)
    .optional()
    .default(''),
});
export type DeletionStatusChange = z.input<typeof DeletionStatusChangeSchema>;

/** GET /api/admin/deletion-requests: always one page (the total in X-Total-Count). */
export const DeletionRequestQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').optional(),
  pageSize: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(200, 'Page size must be at most 200')
    .optional(),
  appId: z.coerce.number().int('Invalid app').positive('Invalid app').max(2_147_483_647, 'Invalid app').optional(),
  status: z.enum(DELETION_FILTERS, { error: 'Unknown status filter' }).optional(),
});
export type DeletionRequestQuery = z.infer<typeof DeletionRequestQuerySchema>;
