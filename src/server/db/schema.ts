// The database tables (SPEC §3) plus sessions. Changing this file means `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AgeRating } from '../../shared/schemas/app-ratings';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    /** Where staff mail goes (password reset, new-device notices; issue 23). Unique ignoring case. */
    email: text('email'),
    /** The TOTP secret, encrypted with SECRET_KEY (lib/secret-box.ts); set while two-factor is on. */
    totpSecret: text('totp_secret'),
    /** An enrolment begun and not yet confirmed with a code (encrypted like totpSecret). */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is never accepted twice (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  // Usernames are unique ignoring case: sign-in matches them case-insensitively.
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Single-use recovery codes of a user's two-factor (issue 23), each stored as its SHA-256 only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys) a user signs in with (issue 23). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull().default('singleDevice'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use secrets of sign-in steps (issue 23), each stored as its SHA-256 only:
 * 'password-reset' (the emailed link, 30 minutes), 'two-factor' (a password was right and a code is
 * still due), 'passkey-login' and 'passkey-register' (a WebAuthn challenge). Shared by every instance.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the step needs to remember (e.g. a WebAuthn challenge), never a secret. */
    data: jsonb('data'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

/** Browsers a user has signed in from (a long-lived cookie, stored hashed): a new one is emailed about. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tokenHash] })],
);

/**
 * Who did what (issue 23): every staff change and sign-in event, written in the transaction of the
 * change it records. `changes` is a before/after summary of changed fields, never a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's username at the time ('' for a visitor or the system). */
    actorName: text('actor_name').notNull().default(''),
    address: text('address').notNull().default(''),
    /** e.g. 'app.update', 'post.publish', 'sign-in.failure'. */
    action: text('action').notNull(),
    /** e.g. 'app', 'post', 'user', 'settings'. */
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    /** A readable name of the target at the time (an app's title, a username). */
    targetLabel: text('target_label').notNull().default(''),
    changes: jsonb('changes'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    // Issue 28: the audit log's pages, newest first, found by key.
    index('audit_log_newest_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table gives no usable session. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in, so staff can tell their sessions apart. */
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Attempt counters shared by every instance on PostgreSQL (sign-in, password change, contact form).
 * The layout is rate-limiter-flexible's RateLimiterPostgres table (key, points, expire in epoch ms),
 * in that column order: the library inserts positionally.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** Also `search_config` and `search_vector` (site search, migration 0017, decision 117): written by the database, read in SQL only. */
export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull(),
    screenshots: text('screenshots')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    googlePlayLink: text('google_play_link'),
    appStoreLink: text('app_store_link'),
    webAppLink: text('web_app_link'),
    githubRepoLink: text('github_repo_link'),
    twitterLink: text('twitter_link'),
    instagramLink: text('instagram_link'),
    facebookLink: text('facebook_link'),
    status: text('status').notNull().default('In Development'),
    /** Place in every public list (ascending); set by PUT /api/apps/order, new apps go last. */
    position: integer('position').notNull().default(0),
    /** Shown in the home hero's collage. */
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Not listed anywhere public and its pages 404 for visitors; staff still see and edit it. */
    isHidden: boolean('is_hidden').notNull().default(false),
    // Issue 13: what stores, search engines and link previews know about an app. All optional.
    /**
     * The app page's address (/apps/{slug}); unique, made from the title unless staff set it. The
     * default only serves rows written without one (a backup from before slugs existed).
     */
    slug: text('slug')
      .notNull()
      .default(sql`'app-' || substr(md5(random()::text), 1, 10)`),
    /** 'game' or 'app': schema.org VideoGame or MobileApplication. */
    kind: text('kind').notNull().default('app'),
    category: text('category').notNull().default(''),
    /** Of PLATFORMS (shared/schemas/apps.ts): 'ios', 'android', 'web', 'steam', 'switch', 'itch'. */
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    appleAppId: text('apple_app_id'),
    appleBundleId: text('apple_bundle_id'),
    appleTeamId: text('apple_team_id'),
    googlePlayPackage: text('google_play_package'),
    /** SHA-256 fingerprints of the Android signing certificates (AA:BB:… 32 pairs), for assetlinks.json. */
    androidFingerprints: text('android_fingerprints')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Paths of this site the app opens (universal links and app links), e.g. /apps/name/*. */
    appLinkPaths: text('app_link_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The price as a decimal text ('4.99'); null is free. */
    priceAmount: text('price_amount'),
    priceCurrency: text('price_currency'),
    releaseDate: date('release_date', { mode: 'string' }),
    comingSoon: boolean('coming_soon').notNull().default(false),
    /** Issue 26: when a not-yet-Live app becomes Live by itself (the post scheduler's clock); null: by hand only. */
    goesLiveAt: timestamp('goes_live_at', { withTimezone: true }),
    ageRating: text('age_rating').notNull().default(''),
    /**
     * Issue 25: the app's age ratings, one per system (PEGI, ESRB, USK, ClassInd, ACB, IARC), each
     * `{ system, rating, descriptors: [], notices: [] }` as shared/schemas/app-ratings.ts lists them.
     */
    ratings: jsonb('ratings').$type<AgeRating[]>().notNull().default([]),
    /** Issue 25: the Accessible Games Initiative tags the app meets (their keys), and anything else in words. */
    accessibilityTags: text('accessibility_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accessibilityNote: text('accessibility_note').notNull().default(''),
    tagline: text('tagline').notNull().default(''),
    /** Rich text (sanitised HTML) for the app page. */
    longDescription: text('long_description').notNull().default(''),
    /** 'youtube' or 'vimeo', and the video's id. */
    trailerProvider: text('trailer_provider'),
    trailerId: text('trailer_id'),
    preRegisterLink: text('pre_register_link'),
    preOrderLink: text('pre_order_link'),
    wishlistLink: text('wishlist_link'),
    /** The picture link previews show for the app's page (issue 21); null: its first wide screenshot, else a card. */
    shareImage: text('share_image'),
    /** Raised by every change of the app's own fields: a save made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('apps_slug_idx').on(t.slug)],
);

/** Also `search_config` and `search_vector` (site search, migration 0017, decision 117): written by the database, read in SQL only. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    /** Null only for a studio post (`scope` 'studio', issue 26): the database checks the two agree. */
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    /** 'app' (the post belongs to `appId`'s blog) or 'studio' (studio news: /blog, the site feed, never an app's blog). */
    scope: text('scope').notNull().default('app'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A draft with a time here is scheduled: the server publishes it then (issue 12). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** The readable URL's last segment (/blogs/{id}/{slug}); unique, made from the title unless staff set it. */
    slug: text('slug')
      .notNull()
      .default(sql`'post-' || substr(md5(random()::text), 1, 10)`),
    /** Search and link previews; empty means the default (the first 160 characters, the title, the first image). */
    excerpt: text('excerpt').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    shareImage: text('share_image'),
    /** Raised by every save: a save or autosave made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_posts_app_id_idx').on(t.appId),
    index('blog_posts_created_at_idx').on(t.createdAt),
    // Issue 28 (decision 128): every post newest first, and an app's; the trailing columns make the
    // skip of a numbered page an index-only scan.
    index('blog_posts_newest_idx').using(
      'btree',
      sql`(coalesce(${t.publishedAt}, ${t.createdAt})) desc`,
      t.id.desc().nullsFirst(),
      t.appId,
      t.isPublished,
      t.publishedAt,
      t.createdAt,
    ),
    index('blog_posts_app_newest_idx').using(
      'btree',
      t.appId,
      sql`(coalesce(${t.publishedAt}, ${t.createdAt})) desc`,
      t.id.desc().nullsFirst(),
      t.isPublished,
      t.publishedAt,
      t.createdAt,
    ),
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_publish_at_idx').on(t.publishAt),
    check(
      'blog_posts_scope_check',
      sql`(${t.scope} = 'studio' and ${t.appId} is null) or (${t.scope} = 'app' and ${t.appId} is not null)`,
    ),
  ],
);

export const socialMediaLinks = pgTable('social_media_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  icon: text('icon').notNull(),
  isVisible: boolean('is_visible').notNull().default(true),
  order: integer('order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contactInfo = pgTable('contact_info', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  location: text('location'),
  twitterLink: text('twitter_link'),
  linkedinLink: text('linkedin_link'),
  githubLink: text('github_link'),
  updatedAt: updatedAt(),
});

/**
 * Page-like content belongs to the studio (app_id null: today's single-row endpoints) or, from
 * issue 14, to one app; the studio-wide row is the one with no app.
 */
export const privacyPolicy = pgTable(
  'privacy_policy',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    // Issue 14, an app's own policy only:
    /** The studio's policy with the app's name put in, instead of `content`. */
    usesStudioPolicy: boolean('uses_studio_policy').notNull().default(false),
    /**
     * "Data we collect": rows mirroring the App Store privacy label and Play's Data safety
     * (shape and rules in shared/schemas/app-privacy.ts).
     */
    dataCollected: jsonb('data_collected')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('privacy_policy_app_id_idx').on(t.appId)],
);

/**
 * Every saved version of an app's privacy policy (issue 14; issue 21: all of them, never replaced),
 * each at its own address /apps/{slug}/privacy/versions/{id}. `effectiveOn` is the day it takes
 * effect (today or a later day staff chose); `createdAt` is when it was saved (the one clock), which
 * orders versions of the same day. /apps/{slug}/privacy/{day} shows the one in force that day.
 */
export const privacyPolicyVersions = pgTable(
  'privacy_policy_versions',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    content: text('content').notNull(),
    usesStudioPolicy: boolean('uses_studio_policy').notNull().default(false),
    dataCollected: jsonb('data_collected')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_policy_versions_app_effective_idx').on(t.appId, t.effectiveOn, t.createdAt)],
);

/**
 * An app's account-deletion and support pages (issue 14): one row per app that has them.
 * Rich texts are sanitised HTML; `faq` is [{ question, answer }].
 * Also `search_config` and `search_vector` (site search, migration 0017, decision 117): written by the database, read in SQL only.
 */
export const appPages = pgTable('app_pages', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** The app has accounts: its /delete-account page and form are on. */
  accountDeletion: boolean('account_deletion').notNull().default(false),
  deletionDeleted: text('deletion_deleted').notNull().default(''),
  deletionKept: text('deletion_kept').notNull().default(''),
  /** Days a request has before it is overdue. */
  deletionDays: integer('deletion_days').notNull().default(30),
  supportEmail: text('support_email'),
  supportIntro: text('support_intro').notNull().default(''),
  faq: jsonb('faq')
    .notNull()
    .default(sql`'[]'::jsonb`),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** A visitor's request to delete their account and data in one app (issue 14). */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: serial('id').primaryKey(),
    /** What the visitor is shown and quotes, e.g. DEL-7K2Q9M. */
    reference: text('reference').notNull().unique(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    accountId: text('account_id').notNull().default(''),
    note: text('note').notNull().default(''),
    /** 'new', 'in_progress', 'done' or 'rejected'. */
    status: text('status').notNull().default('new'),
    /**
     * When it counts to (issue 21): from the visitor's confirmation, `deletion_days` on; until then
     * the same span from submission (not counted: an unconfirmed request is never overdue).
     */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /**
     * When the visitor confirmed their address by the emailed link (issue 21); null while awaiting
     * it. Set at submission when the site cannot send mail (nothing to confirm by).
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the link's secret (the secret itself is only in the email); cleared once used. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /**
     * The language of the page the visitor asked from (issue 24): their emails and the confirmation
     * page are written in it. Null for requests from before languages (the site's default then).
     */
    locale: text('locale'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('deletion_requests_status_idx').on(t.status, t.dueAt), index('deletion_requests_app_idx').on(t.appId)],
);

/** Who did what to a deletion request, and when: its audit trail, never edited. */
export const deletionRequestEvents = pgTable(
  'deletion_request_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => deletionRequests.id, { onDelete: 'cascade' }),
    /** Null for the visitor's own submission or a removed account; `actorName` keeps the name. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('deletion_request_events_request_idx').on(t.requestId, t.id)],
);

/**
 * Press kits in the presskit() shape (issue 14): the studio's (app_id null) and one per app.
 * Lists are jsonb (shapes in shared/schemas/press.ts); logos are media URLs.
 */
export const pressKits = pgTable(
  'press_kits',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    basedIn: text('based_in').notNull().default(''),
    foundedOn: text('founded_on').notNull().default(''),
    website: text('website'),
    pressContact: text('press_contact').notNull().default(''),
    description: text('description').notNull().default(''),
    history: text('history').notNull().default(''),
    features: jsonb('features')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** [{ platform, date }] for an app's release per platform. */
    releaseDates: jsonb('release_dates')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** [{ provider, id, title }] */
    trailers: jsonb('trailers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    logos: text('logos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** [{ title, detail }] */
    awards: jsonb('awards')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** [{ quote, source, url }] */
    quotes: jsonb('quotes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** [{ name, role }] */
    credits: jsonb('credits')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Videos and streams: 'not_allowed', 'ask', 'non_commercial' or 'allowed'. */
    monetization: text('monetization').notNull().default('ask'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('press_kits_app_id_idx').on(t.appId)],
);

export const userMessages = pgTable(
  'user_messages',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** Where it came from beyond the contact form: 'press' for a press-copy request (issue 14). */
    tag: text('tag'),
    /** When staff last answered it from Messages (issue 26); the replies are in message_replies. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_messages_created_at_idx').on(t.createdAt),
    index('user_messages_is_read_idx').on(t.isRead),
    // Issue 28: the inbox's pages, newest first.
    index('user_messages_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * The studio's identity, one row (issue 11): SITE_NAME is only the first-run default of `name`.
 * `logo` and `shareImage` are media URLs (/media/...), so the media usage scan sees them.
 */
export const siteSettings = pgTable('site_settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull().default(''),
  logo: text('logo'),
  footerText: text('footer_text').notNull().default(''),
  shareImage: text('share_image'),
  updatedAt: updatedAt(),
  /** Who must use two-factor (issue 23): 'off', 'admins' or 'everyone'. */
  twoFactorPolicy: text('two_factor_policy').notNull().default('off'),
  /** Days a user without two-factor may still sign in (and is sent to enrolment) once it is required. */
  twoFactorGraceDays: integer('two_factor_grace_days').notNull().default(7),
  /** When the current policy was set: the grace period counts from here (or from the account's creation). */
  twoFactorPolicySince: timestamp('two_factor_policy_since', { withTimezone: true }),
  /** Audit log entries older than this are removed. */
  auditRetentionDays: integer('audit_retention_days').notNull().default(365),
  /** The language the content rows are written in (issue 24): its pages keep today's addresses. */
  defaultLocale: text('default_locale').notNull().default('en'),
  /** List mail (issue 26) leaves the outbox at most this many messages a minute. */
  mailPerMinute: integer('mail_per_minute').notNull().default(60),
  /** Raw analytics events (issue 27) are kept this many days once their day is rolled up. */
  analyticsRawDays: integer('analytics_raw_days').notNull().default(30),
});

/** The site's other languages (issue 24), in the order staff listed them; the default is in site_settings. */
export const siteLocales = pgTable('site_locales', {
  code: text('code').primaryKey(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A translation of one item into one language (issue 24): `type` is app, post, page (home, about,
 * privacy, contact, site), app-page (an app's privacy, support, deletion or press texts) or release
 * (an app version's "What's new", issue 26), `item`
 * its key ('12', 'about', '12-support'). The item's own row stays the default language's; a
 * translation holds only the fields a visitor reads (`fields`), its own slug, and is published,
 * scheduled and versioned on its own. `app_id` / `post_id` tie it to its item, so deleting the
 * item deletes every translation of it.
 * Also `search_vector` (site search, migration 0017, decision 117): written by the database, read in SQL only.
 */
export const translations = pgTable(
  'translations',
  {
    type: text('type').notNull(),
    item: text('item').notNull(),
    locale: text('locale').notNull(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => blogPosts.id, { onDelete: 'cascade' }),
    /** Type 'release' (issue 26): the app version whose "What's new" this translates. */
    releaseId: integer('release_id').references(() => appReleases.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').notNull().default({}),
    /** A post's address in this language (unique within the language and type). */
    slug: text('slug'),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A draft with a time here is scheduled: the server publishes it then. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Staff chose to show the default language's text at this language's address, saying so. */
    useDefault: boolean('use_default').notNull().default(false),
    /** A fingerprint of the default language's fields when this was saved: "changed since translated". */
    sourceHash: text('source_hash').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.item, t.locale] }),
    uniqueIndex('translations_slug_idx')
      .on(t.type, t.locale, t.slug)
      .where(sql`${t.slug} is not null`),
    index('translations_locale_idx').on(t.locale, t.type),
    index('translations_app_id_idx').on(t.appId),
    index('translations_post_id_idx').on(t.postId),
    index('translations_release_id_idx').on(t.releaseId),
    index('translations_publish_at_idx').on(t.publishAt),
  ],
);

/** Staff's own wording of a text the public pages write themselves, per language (issue 24). */
export const uiStrings = pgTable(
  'ui_strings',
  {
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);

/**
 * Outgoing notifications (new-message email and webhook), stored with the message so a crash or a
 * restart does not lose them; any instance sends a due job, retrying with backoff until it gives up.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: serial('id').primaryKey(),
    /**
     * 'email' or 'webhook' (a new message); 'deletion-confirmation' (the link that confirms a
     * deletion request) or 'deletion-outcome' (it was done or rejected, issue 21), to the visitor.
     */
    channel: text('channel').notNull(),
    /** 'email' and 'webhook' jobs tell staff of this message. */
    messageId: integer('message_id').references(() => userMessages.id, { onDelete: 'cascade' }),
    /** 'deletion-confirmation' jobs email the visitor who asked for this deletion (issue 14). */
    deletionRequestId: integer('deletion_request_id').references(() => deletionRequests.id, { onDelete: 'cascade' }),
    /** 'deletion-outcome' jobs tell of this event (done or rejected, with the staff's note). */
    deletionEventId: integer('deletion_event_id').references(() => deletionRequestEvents.id, { onDelete: 'cascade' }),
    /** 'subscription-confirmation' jobs (issue 26) email the double opt-in link of this sign-up. */
    consentId: integer('consent_id').references(() => subscriptionConsents.id, { onDelete: 'cascade' }),
    /** 'message-reply' jobs (issue 26) send this staff reply to the visitor who wrote. */
    replyId: integer('reply_id').references(() => messageReplies.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the job gave up; such jobs are kept for the log and never run again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notification_jobs_run_at_idx').on(t.runAt)],
);

export const homeContent = pgTable('home_content', {
  id: serial('id').primaryKey(),
  heroTitle: text('hero_title').notNull(),
  heroSubtitle: text('hero_subtitle').notNull().default(''),
  heroContent: text('hero_content').notNull().default(''),
  introTitle: text('intro_title').notNull().default(''),
  introContent: text('intro_content').notNull().default(''),
  featuredAppTitle: text('featured_app_title').notNull(),
  ctaText: text('cta_text').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Also `search_config` and `search_vector` (site search, migration 0017, decision 117): written by the database, read in SQL only. */
export const aboutUs = pgTable('about_us', {
  id: serial('id').primaryKey(),
  /** Null: the studio's About Us; an app's own page otherwise (see privacyPolicy). */
  appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Binary data: a Buffer on both engines (PGlite returns Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** Uploaded images (the media library); their files (the original and its variants) are in media_files. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the uploaded bytes: the same file uploaded again is this item. */
    hash: text('hash').notNull().unique(),
    filename: text('filename').notNull(),
    /** MIME type, size in pixels and in bytes of the served original (or its fallback-format copy). */
    type: text('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    alt: text('alt').notNull().default(''),
    createdAt: createdAt(),
  },
  // Issue 28: the media library's pages, newest first.
  (t) => [index('media_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Every stored file of a media item, by the URL path it is served at; made once, at upload.
 * Where its bytes are (issue 28): `storage` 'db' keeps them in `bytes`; 's3' keeps them in the
 * object store under the key made from `path` (content-addressed, never overwritten) and `bytes`
 * is null. `size` and `sha256` describe the bytes wherever they are, so a move or a restore can
 * verify them.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    path: text('path').notNull().unique(),
    type: text('type').notNull(),
    width: integer('width').notNull(),
    bytes: bytea('bytes'),
    storage: text('storage').notNull().default('db'),
    size: integer('size').notNull().default(0),
    sha256: text('sha256').notNull().default(''),
  },
  (t) => [index('media_files_media_id_idx').on(t.mediaId)],
);

/**
 * Every saved version of a post, About Us, the privacy policy and the home content (issue 12), newest
 * kept: at most REVISIONS_KEPT per item. `itemId` is the post's id, 0 for the single-row pages.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    /** 'post', 'about', 'privacy' or 'home'. */
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    /** The item's version this revision holds. */
    version: integer('version').notNull(),
    /** The item's fields as saved (the API's input shape). */
    data: jsonb('data').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why it was made: 'save', 'restore', 'publish', 'unpublish', 'schedule'. */
    reason: text('reason').notNull().default('save'),
    /**
     * A translation's revision (kind 'translation', issue 24): the translation's key. Deleting the
     * translation (or its item, which deletes it) deletes its revisions.
     */
    translationType: text('translation_type'),
    translationItem: text('translation_item'),
    translationLocale: text('translation_locale'),
    createdAt: createdAt(),
  },
  (t) => [
    index('revisions_item_idx').on(t.kind, t.itemId, t.id),
    index('revisions_translation_idx').on(t.translationType, t.translationItem, t.translationLocale, t.id),
    foreignKey({
      name: 'revisions_translation_fk',
      columns: [t.translationType, t.translationItem, t.translationLocale],
      foreignColumns: [translations.type, translations.item, translations.locale],
    }).onDelete('cascade'),
  ],
);

/**
 * Autosaved, unsaved work: one per editor, item and staff member. Never public and never applied by
 * itself; `baseVersion` is the item's version the edit started from (a newer one is a conflict).
 */
export const drafts = pgTable(
  'drafts',
  {
    kind: text('kind').notNull(),
    /** The post's id, 'new' for a post not yet created, 'main' for the single-row pages. */
    itemKey: text('item_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    baseVersion: integer('base_version').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemKey, t.userId] })],
);

/** Secret links that show a post as it will look, to anyone who has one, until they expire or are revoked. */
export const previewLinks = pgTable(
  'preview_links',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token: a leaked table opens no preview. */
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The language the link shows the post in (its translation's draft, issue 24); null: the default language. */
    locale: text('locale'),
  },
  (t) => [index('preview_links_post_id_idx').on(t.postId)],
);

/**
 * The root files stores and ad networks crawl that are written by hand (issue 13): app-ads.txt
 * and ads.txt. The .well-known files are built from the apps' fields instead.
 */
export const siteFiles = pgTable('site_files', {
  name: text('name').primaryKey(),
  content: text('content').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What the first-run seed created (issue 21), so that "Remove the demo content" takes only what is
 * still the demo's: one row per demo row (`kind` names its table, `key` its id, or a media item's
 * hash) with a fingerprint of the row as seeded; a row whose fingerprint has changed was edited
 * by the studio and stays. The row ('seed', 'done') says the demo was seeded once: never again.
 */
export const demoContent = pgTable(
  'demo_content',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

// ── Issue 26: lists, double opt-in, campaigns, release notes, inbox replies ─────────────────────

/**
 * One address that signed up to any list. `token` (random, never shown to anyone but its owner's
 * mailbox) is the address of its unsubscribe and preference page (/unsubscribe/{token}).
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** The language its mail is written in; null is the site's default language. */
    locale: text('locale'),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscribers_email_idx').on(t.email),
    uniqueIndex('subscribers_token_idx').on(t.token),
    // Issue 28: the subscribers' pages, newest first.
    index('subscribers_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * An address on one list: `list` is 'studio' (the newsletter) or 'app:{id}' (that app's notify-me
 * list, `appId` set so deleting the app removes it). `platforms` narrows an app list (empty: all).
 * Only 'confirmed' ever receives list mail; 'unsubscribed' keeps its consent records for proof.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'pending' (not yet confirmed), 'confirmed' or 'unsubscribed'. */
    status: text('status').notNull().default('pending'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_subscriber_list_idx').on(t.subscriberId, t.list),
    index('subscriptions_list_status_idx').on(t.list, t.status),
  ],
);

/**
 * The proof of one sign-up (GDPR art. 7(1)): when and from which address it was made, on which form
 * and page, the exact wording and privacy policy version shown, and when and from where it was
 * confirmed. A new row per sign-up; kept after unsubscribing. The emailed confirmation link's token
 * is stored hashed (SHA-256), works once and expires.
 */
export const subscriptionConsents = pgTable(
  'subscription_consents',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    signedUpIp: text('signed_up_ip'),
    /** 'footer', 'app-page', 'post', 'preferences', 'import' or 'admin'. */
    form: text('form').notNull(),
    /** The page the form was on (its path). */
    page: text('page').notNull().default(''),
    /** The consent text exactly as shown beside the checkbox. */
    wording: text('wording').notNull().default(''),
    /** The privacy policy version shown (its last-updated time, ISO), if any. */
    privacyVersion: text('privacy_version'),
    /** For an import: where staff say the consent was given (e.g. "Mailchimp export, double opt-in"). */
    source: text('source'),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedIp: text('confirmed_ip'),
  },
  (t) => [
    index('subscription_consents_subscription_idx').on(t.subscriptionId),
    uniqueIndex('subscription_consents_token_idx')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
  ],
);

/** Addresses staff removed (SHA-256 of the trimmed, lower-cased address): never mailed or imported again. */
export const suppressions = pgTable('suppressions', {
  emailHash: text('email_hash').primaryKey(),
  reason: text('reason').notNull().default('removed'),
  createdAt: createdAt(),
});

/**
 * A mail to a list, written in the admin. `status`: 'draft', 'sending' (its recipients are queued
 * in campaign_recipients), 'sent' or 'cancelled'. `origin` says what drafted it: null (staff),
 * 'launch' (the app went Live), 'release' or 'post'; never sent without a person.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    /** Send only to subscribers of these platforms (an app list); empty: everyone on the list. */
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('draft'),
    origin: text('origin'),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => blogPosts.id, { onDelete: 'set null' }),
    releaseId: integer('release_id').references(() => appReleases.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_created_at_idx').on(t.createdAt)],
);

/**
 * One recipient of a sent campaign, queued when it is sent: 'queued', 'sending' (claimed by an
 * instance until `leaseUntil`), 'sent' or 'failed'. A removed subscriber's rows go with it.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.subscriberId] }),
    index('campaign_recipients_status_idx').on(t.status, t.campaignId),
  ],
);

/**
 * One version of an app (release notes): its number, date, platforms and "What's new" text
 * (the App Store's limit is 4,000 characters). Translated like other content (translations type
 * 'release', item its id). Also `search_config` and `search_vector` (site search, migration 0018).
 */
export const appReleases = pgTable(
  'app_releases',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    releasedOn: date('released_on', { mode: 'string' }).notNull(),
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Plain text with line breaks, as the stores take it. */
    notes: text('notes').notNull().default(''),
    /** Raised by every save: a save made from an older version is refused (409). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_releases_app_version_idx').on(t.appId, t.version),
    index('app_releases_app_date_idx').on(t.appId, t.releasedOn),
  ],
);

/** A staff answer to a visitor's message, sent from Messages through SMTP (issue 26). */
export const messageReplies = pgTable(
  'message_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => userMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'queued', 'sent' or 'failed' (after the mail job gave up). */
    status: text('status').notNull().default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('message_replies_message_idx').on(t.messageId)],
);

/**
 * Visitor analytics (issue 27). One day's random salt for visitor hashes: a visitor is
 * sha256(salt, address, user agent), so the same visitor is one visitor on one day and cannot be
 * followed to the next. Deleted 48 hours after its day ends; the address and user agent are never
 * stored.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  /** The UTC day it salts. */
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes, base64. */
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/**
 * One counted event, kept `analyticsRawDays` days (a site setting, default 30); the daily totals
 * in analytics_daily are kept as long as the site. See src/shared/analytics.ts for names and fields.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The UTC day of `at`. */
    day: date('day', { mode: 'string' }).notNull(),
    /** An EVENT_NAMES value: 'pageview', 'store', 'outbound', 'signup', 'confirm', 'message', 'vital'. */
    name: text('name').notNull(),
    /** The day's visitor hash (hex); '' when the event has no visitor (a confirmation by mail link). */
    visitor: text('visitor').notNull().default(''),
    /** The page's path without its query ('' for server events). */
    path: text('path').notNull().default(''),
    /** The app the page or event belongs to; no foreign key, totals outlive a deleted app. */
    appId: integer('app_id'),
    /** The page's language ('' when unknown). */
    locale: text('locale').notNull().default(''),
    /** The entry referrer's host, another site only; null for direct visits and internal links. */
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** 'phone' | 'tablet' | 'desktop'. */
    device: text('device'),
    /** Operating system family: 'iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS', 'Other'. */
    os: text('os'),
    /** ISO country code, only when a local database answers; never looked up elsewhere. */
    country: text('country'),
    /**
     * What the event is about: a store ('appStore', 'googlePlay') for 'store'; 'trailer' or
     * 'press-kit' for 'outbound'; the list key for 'signup' and 'confirm'; 'contact' or 'press' for
     * 'message'; the metric ('LCP', 'INP', 'CLS', 'TTFB') for 'vital'.
     */
    target: text('target'),
    /** The visitor's platform ('ios', 'android', 'other') for store clicks. */
    platform: text('platform'),
    /** A vital's value (milliseconds; CLS unitless). */
    value: doublePrecision('value'),
    /** The demo's sample figures, clearly labelled and removable in one click. */
    sample: boolean('sample').notNull().default(false),
  },
  (t) => [index('analytics_events_day_name_idx').on(t.day, t.name), index('analytics_events_at_idx').on(t.at)],
);

/**
 * Daily totals, kept as long as the site: for each day, report and key, the events counted and the
 * distinct visitors among them, once for all apps and languages (app_id 0, locale '') and once per
 * app, per language and per both, so a filtered chart reads its own rows. Reports and keys are
 * listed in src/shared/analytics.ts.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    report: text('report').notNull(),
    key: text('key').notNull(),
    /** 0: all apps. */
    appId: integer('app_id').notNull().default(0),
    /** '': all languages. */
    locale: text('locale').notNull().default(''),
    count: integer('count').notNull(),
    visitors: integer('visitors').notNull(),
    /** Totals of the demo's sample events (analytics_events.sample), kept apart so they can go. */
    sample: boolean('sample').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.report, t.key, t.appId, t.locale, t.sample] }),
    index('analytics_daily_report_idx').on(t.report, t.appId, t.locale, t.day),
  ],
);

/** Which days' totals have been written from the raw events, and when (the rollup's bookmark). */
export const analyticsRollups = pgTable('analytics_rollups', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
});

/**
 * Where new media goes (issue 28): one row, id 1, edited in Site Settings › Storage. `backend` 'db'
 * (the default, needs nothing) or 's3' (any S3-compatible service). MEDIA_S3_URL, when set, wins
 * over this row. The secret is encrypted with SECRET_KEY (lib/secret-box.ts). `serveMode` says how
 * /media/... answers for a file in the object store: 'redirect' to the CDN (public) address,
 * 'signed' to a signed address of a private bucket, or 'proxy' through this server (SERVE_MODES).
 */
export const mediaStorage = pgTable('media_storage', {
  id: integer('id').primaryKey().default(1),
  backend: text('backend').notNull().default('db'),
  endpoint: text('endpoint').notNull().default(''),
  region: text('region').notNull().default(''),
  bucket: text('bucket').notNull().default(''),
  pathStyle: boolean('path_style').notNull().default(true),
  accessKeyId: text('access_key_id').notNull().default(''),
  secretAccessKey: text('secret_access_key').notNull().default(''),
  keyPrefix: text('key_prefix').notNull().default(''),
  publicBaseUrl: text('public_base_url').notNull().default(''),
  serveMode: text('serve_mode').notNull().default('redirect'),
  updatedAt: updatedAt(),
});

/**
 * A move of every media file from one storage to the other (issue 28), run in the background one
 * file at a time: each file is copied, verified (size and SHA-256) and only then its record
 * switched, so the job can be interrupted anywhere and resumed. At most one is 'running'.
 */
export const mediaMoves = pgTable('media_moves', {
  id: serial('id').primaryKey(),
  /** The storage the files go to: 's3' or 'db'. */
  target: text('target').notNull(),
  /** running, done, failed or cancelled. */
  status: text('status').notNull().default('running'),
  total: integer('total').notNull().default(0),
  moved: integer('moved').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  lastError: text('last_error'),
  startedAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
