// Sign-ups to the mailing lists (issue 26): the public form's input, what the emailed confirmation
// link and a subscriber's preference page read, and the admin's Subscribers screen.
import { z } from './zod';
import { LIMITS } from '../constants';
import { PLATFORMS } from './apps';
import { ListKeySchema, SUBSCRIPTION_STATUSES } from './lists';

/** The app statuses whose pages offer a notify-me list: before launch, and in open testing. */
export const SUBSCRIBABLE_STATUSES: readonly string[] = ['Coming Soon', 'Testing'];
export const isSubscribable = (status: string) => SUBSCRIBABLE_STATUSES.includes(status);

/** The honeypot of the sign-up form (people never see it; bots fill it in), as the contact form's. */
export const SUBSCRIBE_HONEYPOT = 'website';

/** Days a confirmation link works. */
export const SUBSCRIPTION_CONFIRM_DAYS = 7;

/** Where a sign-up was made (subscription_consents.form). */
export const SIGNUP_FORMS = ['footer', 'app-page', 'post'] as const;
export type SignupForm = (typeof SIGNUP_FORMS)[number];

export const SUBSCRIPTION_MESSAGES = {
  email: 'Invalid email address',
  consent: 'Please tick the box to agree',
  list: 'This list does not take sign-ups',
  platforms: 'Choose platforms the app is made for',
} as const;

/** POST /api/subscriptions: one sign-up. */
export const SubscriptionInputSchema = z.object({
  email: z
    .string({ error: SUBSCRIPTION_MESSAGES.email })
    .trim()
    .max(254, SUBSCRIPTION_MESSAGES.email)
    .pipe(z.email(SUBSCRIPTION_MESSAGES.email)),
  list: ListKeySchema,
  platforms: z
    .array(z.enum(PLATFORMS, { error: SUBSCRIPTION_MESSAGES.platforms }))
    .max(PLATFORMS.length)
    .optional(),
  locale: z.string().max(35).optional(),
  consent: z.literal(true, { error: SUBSCRIPTION_MESSAGES.consent }),
  /** Which form it was (the consent record keeps it); the footer's by default. */
  form: z.enum(SIGNUP_FORMS).optional(),
  /** The page the form was on (its path). */
  page: z.string().max(LIMITS.urlMax).optional(),
  [SUBSCRIBE_HONEYPOT]: z.string().max(LIMITS.urlMax).optional(),
});
export type SubscriptionInput = z.input<typeof SubscriptionInputSchema>;

/** The one answer of POST /api/subscriptions, whatever the address's state. */
export const SubscriptionAcceptedSchema = z.object({ accepted: z.literal(true) });
export const SUBSCRIPTION_ACCEPTED = { accepted: true } as const;

/** A list as a visitor sees it: its key and its name (the app's title; '' for the studio's newsletter). */
export const PublicListSchema = z.object({ list: z.string(), appTitle: z.string().nullable() });
export type PublicList = z.infer<typeof PublicListSchema>;

/** A confirmation link's token: 32 random bytes, base64url. */
export const SubscriptionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link');
export const SubscriptionTokenQuerySchema = z.object({ token: SubscriptionTokenSchema });

/** GET /api/subscription-confirmations/{token}: what the link confirms; POST confirms it. */
export const SubscriptionConfirmationSchema = PublicListSchema.extend({
  locale: z.string().nullable(),
  confirmed: z.boolean(),
});
export type SubscriptionConfirmation = z.infer<typeof SubscriptionConfirmationSchema>;

/** A subscriber's unsubscribe token (subscribers.token): 32 random bytes, hex. */
export const SubscriberTokenParamsSchema = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid link') });

/** GET /api/subscriber-preferences/{token}: every list the address is on, and whether it gets its mail. */
export const SubscriberPreferencesSchema = z.object({
  locale: z.string().nullable(),
  lists: z.array(PublicListSchema.extend({ subscribed: z.boolean(), status: z.enum(SUBSCRIPTION_STATUSES) })),
});
export type SubscriberPreferences = z.infer<typeof SubscriberPreferencesSchema>;

/** PUT /api/subscriber-preferences/{token}: one list on or off ('all' with false: every list off). */
export const PreferenceChangeSchema = z.object({
  list: z.union([z.literal('all'), ListKeySchema]),
  subscribed: z.boolean(),
});

// ── Admin ───────────────────────────────────────────────────────────────────────────────────────

export const SubscriberQuerySchema = z.object({
  list: ListKeySchema.optional(),
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const ListCountsSchema = z.object({
  list: z.string(),
  appId: z.number().nullable(),
  appTitle: z.string().nullable(),
  pending: z.number(),
  confirmed: z.number(),
  unsubscribed: z.number(),
});
export type ListCounts = z.infer<typeof ListCountsSchema>;

export const SubscriberMembershipSchema = z.object({
  list: z.string(),
  appTitle: z.string().nullable(),
  platforms: z.array(z.string()),
  status: z.enum(SUBSCRIPTION_STATUSES),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

export const SubscriberRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  locale: z.string().nullable(),
  createdAt: z.string(),
  lists: z.array(SubscriberMembershipSchema),
});
export type SubscriberRow = z.infer<typeof SubscriberRowSchema>;

/** GET /api/admin/subscribers: the lists' counts, one page of addresses, and whether confirmations can be mailed. */
export const SubscriberPageSchema = z.object({
  counts: z.array(ListCountsSchema),
  items: z.array(SubscriberRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** False when SMTP_URL and NOTIFY_EMAIL_FROM are not both set: sign-ups are taken but no confirmation goes. */
  canConfirm: z.boolean(),
});
export type SubscriberPage = z.infer<typeof SubscriberPageSchema>;

export const ConsentRecordSchema = z.object({
  id: z.number(),
  list: z.string(),
  signedUpAt: z.string(),
  signedUpIp: z.string().nullable(),
  form: z.string(),
  page: z.string(),
  wording: z.string(),
  privacyVersion: z.string().nullable(),
  source: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedIp: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

export const SubscriberDetailSchema = SubscriberRowSchema.extend({ consents: z.array(ConsentRecordSchema) });
export type SubscriberDetail = z.infer<typeof SubscriberDetailSchema>;

export const IMPORT_MAX_ROWS = 50_000;

/** POST /api/admin/subscribers/import: a CSV of confirmed addresses (first column, or an "email" column). */
export const SubscriberImportSchema = z.object({
  list: ListKeySchema,
  /** Where and how these people consented (kept on each consent record). */
  source: z
    .string({ error: 'Say where these people gave their consent' })
    .trim()
    .min(3, 'Say where these people gave their consent')
    .max(500, 'Source must be at most 500 characters'),
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(5 * 1024 * 1024, 'The file is too large (5 MB at most)'),
});
export type SubscriberImport = z.input<typeof SubscriberImportSchema>;

export const ImportReportSchema = z.object({
  imported: z.number(),
  /** Already confirmed on the list. */
  existing: z.number(),
  /** Suppressed (removed before): never imported. */
  suppressed: z.number(),
  invalid: z.number(),
  /** The first invalid lines (line number and text), for the report. */
  invalidLines: z.array(z.object({ line: z.number(), value: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
