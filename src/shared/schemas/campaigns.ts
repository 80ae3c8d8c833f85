// Campaigns (issue 26): mail to a list, written in the admin, previewed, sent as a test to the staff
// member's own address, then queued to the list's confirmed subscribers and sent by the campaign
// sender (throttled to the messages-per-minute setting, resumable after a crash).
import { z } from './zod';
import { LIMITS } from '../constants';
import { requiredText } from './common';
import { CAMPAIGN_ORIGINS, CAMPAIGN_STATUSES, ListKeySchema } from './lists';
import { PLATFORMS } from './apps';

export const CAMPAIGN_SUBJECT_MAX = 200;
/** A recipient's states: queued, being sent (claimed under a lease), sent, or failed after its retries. */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** The messages-per-minute setting's bounds. */
export const MAIL_PER_MINUTE_MIN = 1;
export const MAIL_PER_MINUTE_MAX = 10_000;

export const campaignApi = {
  list: '/api/admin/campaigns',
  one: (id: number | string) => `/api/admin/campaigns/${id}`,
  test: (id: number | string) => `/api/admin/campaigns/${id}/test`,
  send: (id: number | string) => `/api/admin/campaigns/${id}/send`,
  preview: (id: number | string) => `/api/admin/campaigns/${id}/preview`,
  settings: '/api/admin/campaign-settings',
} as const;

export const CampaignInputSchema = z.object({
  list: ListKeySchema,
  platforms: z
    .array(z.enum(PLATFORMS, { error: `Platforms are ${PLATFORMS.join(', ')}` }))
    .max(PLATFORMS.length)
    .optional()
    .default([])
    .transform((p) => [...new Set(p)]),
  subject: requiredText(
    CAMPAIGN_SUBJECT_MAX,
    'Subject is required',
    `Subject must be at most ${CAMPAIGN_SUBJECT_MAX} characters`,
  ),
  content: requiredText(LIMITS.htmlMax, 'Content is required', 'Content is too long'),
  /** The version the edit is based on (an older one is refused with 409). */
  version: z.number().int().optional(),
});
export type CampaignInput = z.input<typeof CampaignInputSchema>;

export const CampaignTotalsSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
});
export type CampaignTotals = z.infer<typeof CampaignTotalsSchema>;

export const CampaignSummarySchema = z.object({
  id: z.number(),
  list: z.string(),
  platforms: z.array(z.string()),
  subject: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  origin: z.enum(CAMPAIGN_ORIGINS).nullable(),
  appId: z.number().nullable(),
  totals: CampaignTotalsSchema,
  queuedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;

export const CampaignRecipientSchema = z.object({
  subscriberId: z.number(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof CampaignRecipientSchema>;

export const CampaignSchema = CampaignSummarySchema.extend({
  content: z.string(),
  postId: z.number().nullable(),
  releaseId: z.number().nullable(),
  /** Confirmed, not suppressed subscribers the campaign would go to now (what Send will queue). */
  audience: z.number(),
  /** One page of recipients (X-Total-Count has their number). */
  recipients: z.array(CampaignRecipientSchema),
  recipientsTotal: z.number(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
  status: z.enum(RECIPIENT_STATUSES).optional(),
});

/** What "Send me a test" answers: where it went and the headers it was sent with. */
export const CampaignTestResultSchema = z.object({
  to: z.string(),
  messageId: z.string(),
  headers: z.object({ 'List-Unsubscribe': z.string(), 'List-Unsubscribe-Post': z.string() }),
});
export type CampaignTestResult = z.infer<typeof CampaignTestResultSchema>;

/** The rendered email, as a subscriber in the site's default language gets it. */
export const CampaignPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreview = z.infer<typeof CampaignPreviewSchema>;

export const CampaignSettingsSchema = z.object({
  mailPerMinute: z
    .number({ error: 'Messages per minute must be a number' })
    .int('Messages per minute must be a whole number')
    .min(MAIL_PER_MINUTE_MIN, `Messages per minute must be at least ${MAIL_PER_MINUTE_MIN}`)
    .max(MAIL_PER_MINUTE_MAX, `Messages per minute must be at most ${MAIL_PER_MINUTE_MAX}`),
  /** Mail can be sent: SMTP_URL and a sender address are configured (read-only). */
  mailConfigured: z.boolean().optional(),
});
export type CampaignSettings = z.infer<typeof CampaignSettingsSchema>;

/** Staff-facing messages the API answers with. */
export const CAMPAIGN_NOT_DRAFT = 'Only a draft can be changed; this campaign has been sent';
export const MAIL_NOT_CONFIGURED = 'Mail is not set up: set SMTP_URL and NOTIFY_EMAIL_FROM on the server';
export const NO_OWN_EMAIL = 'Add an email address to your account (Users) to receive a test';
