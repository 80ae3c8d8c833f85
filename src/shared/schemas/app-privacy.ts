// An app's own privacy policy (issue 14): its text (or the studio's, with the app's name put in),
// the "Data we collect" table mirroring the App Store privacy label and Google Play's Data safety
// answers, and its versions: every save is kept (issue 21) at /apps/{slug}/privacy/versions/{id},
// takes effect today or on a later day staff choose, and /apps/{slug}/privacy/{YYYY-MM-DD} shows
// the one in force that day.
import { z } from './zod';
import { LIMITS } from '../constants';

/** The App Store privacy label's categories and their data types, in Apple's order. */
export const DATA_CATEGORIES = {
  'Contact Info': ['Name', 'Email Address', 'Phone Number', 'Physical Address', 'Other User Contact Info'],
  'Health & Fitness': ['Health', 'Fitness'],
  'Financial Info': ['Payment Info', 'Credit Info', 'Other Financial Info'],
  Location: ['Precise Location', 'Coarse Location'],
  'Sensitive Info': ['Sensitive Info'],
  Contacts: ['Contacts'],
  'User Content': [
    'Emails or Text Messages',
    'Photos or Videos',
    'Audio Data',
    'Gameplay Content',
    'Customer Support',
    'Other User Content',
  ],
  'Browsing History': ['Browsing History'],
  'Search History': ['Search History'],
  Identifiers: ['User ID', 'Device ID'],
  Purchases: ['Purchase History'],
  'Usage Data': ['Product Interaction', 'Advertising Data', 'Other Usage Data'],
  Diagnostics: ['Crash Data', 'Performance Data', 'Other Diagnostic Data'],
  'Other Data': ['Other Data Types'],
} as const satisfies Record<string, readonly string[]>;

export type DataCategory = keyof typeof DATA_CATEGORIES;
export const DATA_CATEGORY_NAMES = Object.keys(DATA_CATEGORIES) as DataCategory[];

/** The App Store label's purposes. */
export const DATA_PURPOSES = [
  'App Functionality',
  'Analytics',
  "Developer's Advertising or Marketing",
  'Third-Party Advertising',
  'Product Personalization',
  'Other Purposes',
] as const;
export type DataPurpose = (typeof DATA_PURPOSES)[number];

/** Every data type of the label, in Apple's order. */
export const DATA_TYPE_NAMES: readonly string[] = Object.values(DATA_CATEGORIES).flat();

/** What a name of the label names: a category, a data type or a purpose. */
export type LabelNameKind = 'category' | 'dataType' | 'purpose';

/**
 * The message key of one of the label's names ('Health & Fitness' → 'appPrivacy.category.healthFitness',
 * "Developer's Advertising or Marketing" → 'appPrivacy.purpose.developersAdvertisingOrMarketing'). The
 * rows keep Apple's English names; only a page shows them in its language, by this key.
 */
export function labelNameKey(kind: LabelNameKind, name: string): string {
  const words = name
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const camel = words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
  return `appPrivacy.${kind}.${camel}`;
}

export const PRIVACY_MESSAGES = {
  category: 'Choose a category from the App Store privacy label',
  dataType: 'Choose a data type of this category',
  purposes: 'Choose at least one purpose',
  duplicate: 'This data type is already in the table',
  noDataWithRows: 'Untick “This app collects no data” or remove the rows of the table',
  content: 'Write the policy, or choose to use the studio’s policy',
  tooMany: 'At most 60 rows',
  noStudioPolicy:
    'The studio has no privacy policy yet: write it under Privacy Policy first, or write this app’s own text',
  effectiveOn: 'Enter the day it takes effect, written YYYY-MM-DD',
  pastEffectiveOn: 'Choose today or a later day: a policy cannot take effect in the past',
} as const;

const isCategory = (value: string): value is DataCategory => value in DATA_CATEGORIES;

/** One row of "Data we collect": what the App Store label and Play's Data safety form ask per data type. */
export const DataRowSchema = z
  .object({
    category: z.string({ error: PRIVACY_MESSAGES.category }).refine(isCategory, PRIVACY_MESSAGES.category),
    dataType: z.string({ error: PRIVACY_MESSAGES.dataType }),
    /** App Store: linked to the user's identity. */
    linkedToUser: z.boolean().default(false),
    /** App Store: used to track the user across other companies' apps and websites. */
    usedForTracking: z.boolean().default(false),
    purposes: z
      .array(z.enum(DATA_PURPOSES, { error: 'Unknown purpose' }))
      .min(1, PRIVACY_MESSAGES.purposes)
      .transform((list) => DATA_PURPOSES.filter((p) => list.includes(p))),
    /** Play Data safety: shared with third parties. */
    sharedWithThirdParties: z.boolean().default(false),
    /** Play Data safety: users may choose not to give it (optional) rather than required. */
    optional: z.boolean().default(false),
    /** Play Data safety: encrypted in transit. */
    encryptedInTransit: z.boolean().default(true),
    /** Play Data safety: users can ask for it to be deleted. */
    canBeDeleted: z.boolean().default(true),
  })
  .superRefine((row, ctx) => {
    if (!isCategory(row.category)) return;
    if (!(DATA_CATEGORIES[row.category] as readonly string[]).includes(row.dataType)) {
      ctx.addIssue({ code: 'custom', path: ['dataType'], message: PRIVACY_MESSAGES.dataType });
    }
  });
/** A row as the API sends it (the input's defaults and transforms already applied). */
export const DataRowOutSchema = z.object({
  category: z.string(),
  dataType: z.string(),
  linkedToUser: z.boolean(),
  usedForTracking: z.boolean(),
  purposes: z.array(z.string()),
  sharedWithThirdParties: z.boolean(),
  optional: z.boolean(),
  encryptedInTransit: z.boolean(),
  canBeDeleted: z.boolean(),
});
export type DataRow = z.output<typeof DataRowSchema>;
export type DataRowInput = z.input<typeof DataRowSchema>;

const rowsSchema = z
  .array(DataRowSchema)
  .max(60, PRIVACY_MESSAGES.tooMany)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const key = `${row.category}|${row.dataType}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'dataType'], message: PRIVACY_MESSAGES.duplicate });
      seen.add(key);
    });
  });

/** PUT /api/admin/apps/{id}/privacy-policy. */
export const AppPrivacyInputSchema = z
  .object({
    /** Show the studio's policy with the app's name put in, instead of `content`. */
    usesStudioPolicy: z.boolean().default(false),
    /** The app's own text (kept while the studio's is used, so switching back loses nothing). */
    content: z.string().trim().max(LIMITS.htmlMax, 'Content is too long').default(''),
    dataCollected: rowsSchema.default([]),
    /** Staff ticked "This app collects no data": the page says so (an empty table otherwise shows nothing). */
    noDataCollected: z.boolean().default(false),
    /** The version the edit started from (a save over a newer one is refused: 409). */
    version: z.number().int().positive().optional(),
    /**
     * The day this version takes effect (YYYY-MM-DD, UTC): today or later, by the server's clock.
     * Omitted or empty: today. Until its day, the current page announces it.
     */
    effectiveOn: z
      .string()
      .trim()
      .default('')
      .refine((day) => day === '' || isEffectiveDate(day), PRIVACY_MESSAGES.effectiveOn),
  })
  .superRefine((input, ctx) => {
    if (!input.usesStudioPolicy && input.content.replace(/<[^>]*>/g, '').trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['content'], message: PRIVACY_MESSAGES.content });
    }
    if (input.noDataCollected && input.dataCollected.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['noDataCollected'], message: PRIVACY_MESSAGES.noDataWithRows });
    }
  });
export type AppPrivacyInput = z.input<typeof AppPrivacyInputSchema>;

/**
 * The stored `data_collected` (jsonb): the rows and the "collects no data" tick. A bare array (the
 * column's default) reads as rows with no tick.
 */
export const StoredDataSchema = z.object({
  rows: z.array(DataRowSchema).catch([]),
  noDataCollected: z.boolean().catch(false),
});
export type StoredData = z.output<typeof StoredDataSchema>;
export function readStoredData(value: unknown): StoredData {
  if (Array.isArray(value)) return StoredDataSchema.parse({ rows: value, noDataCollected: false });
  const parsed = StoredDataSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { rows: [], noDataCollected: false };
}

const policyFields = {
  appId: z.number(),
  usesStudioPolicy: z.boolean(),
  /** The HTML the page shows: the app's own text, or the studio's with the app's name put in. */
  content: z.string(),
  dataCollected: z.array(DataRowOutSchema),
  noDataCollected: z.boolean(),
};

/**
 * Where a version stands, by the clock: `current` is in force now; `upcoming` takes effect on a later
 * day; `earlier` was in force before; `replaced` never took effect (a later save for the same day
 * came before that day did).
 */
export const VERSION_STATUSES = ['current', 'upcoming', 'earlier', 'replaced'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** A version in the list: its permanent id, the day it takes effect and when it was saved. */
export const AppPrivacyVersionSummarySchema = z.object({
  id: z.number(),
  effectiveOn: z.string(),
  /** When it was saved. */
  createdAt: z.string(),
  status: z.enum(VERSION_STATUSES),
});
export type AppPrivacyVersionSummary = z.infer<typeof AppPrivacyVersionSummarySchema>;

/** GET /api/apps/{id}/privacy-policy: what the app's page shows now (the version in force). */
export const AppPrivacyPolicySchema = z.object({
  ...policyFields,
  /** When the text shown last changed (for an app using the studio's policy, the later of the two). */
  lastUpdated: z.string(),
  /** The day the version in force took effect (YYYY-MM-DD). */
  effectiveOn: z.string(),
  /** The version in force (its permanent address). */
  versionId: z.number(),
  /** The next version to take effect, announced on the page until its day. */
  upcoming: AppPrivacyVersionSummarySchema.nullable(),
  version: z.number(),
  /** Read with ?locale= (issue 24): the language of its text. */
  contentLocale: z.string().optional(),
});
export type AppPrivacyPolicy = z.infer<typeof AppPrivacyPolicySchema>;

/** GET /api/admin/apps/{id}/privacy-policy: the row as staff edit it (null: never written). */
export const AppPrivacyAdminSchema = z.object({
  ...policyFields,
  /** The app's own text, even while the studio's is shown. */
  ownContent: z.string(),
  lastUpdated: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type AppPrivacyAdmin = z.infer<typeof AppPrivacyAdminSchema>;

/** One saved version, as its page showed it when saved (for the studio's policy, its text then). */
export const AppPrivacyVersionSchema = z.object({
  ...policyFields,
  ...AppPrivacyVersionSummarySchema.shape,
});
export type AppPrivacyVersion = z.infer<typeof AppPrivacyVersionSchema>;

/** GET /api/apps/{id}/page-links: which of an app's own pages exist (the app page's "For players" links). */
export const AppPageLinksSchema = z.object({
  privacyPolicy: z.boolean(),
  accountDeletion: z.boolean(),
  /** Every app has a support page (it falls back to the studio's contact details). */
  support: z.literal(true),
  pressKit: z.boolean(),
});
export type AppPageLinks = z.infer<typeof AppPageLinksSchema>;

/** A version's address segment: a real calendar day written YYYY-MM-DD. */
export function isEffectiveDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The calendar day (UTC) of a moment, YYYY-MM-DD: a version's effective date. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Where staff paste the public address, in each store's console. */
export const PRIVACY_URL_FIELDS = [
  { store: 'App Store Connect', field: 'App Privacy › Privacy Policy URL' },
  { store: 'Google Play Console', field: 'App content › Privacy policy' },
] as const;

/**
 * The studio's policy shown for an app: every `{app}` in the studio's text becomes the app's name
 * (escaped). The page adds its own heading and a sentence naming the app.
 */
export const STUDIO_PLACEHOLDER = '{app}';
export function withAppName(studioHtml: string, appName: string): string {
  const escaped = appName.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return studioHtml.split(STUDIO_PLACEHOLDER).join(escaped);
}
