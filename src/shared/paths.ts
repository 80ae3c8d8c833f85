// Every URL of the site and of the API, with href builders. The one place URLs are spelt.

export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  /** The catalogue of every visible app (issue 25): its filtered views are `catalogueHref` (schemas/app-catalogue.ts). */
  apps: '/apps',
  /** An app's page (issue 13); `/apps/{id}` redirects to it. */
  app: (slug: string) => `/apps/${slug}`,
  /**
   * An app's privacy policy (issue 14), the version in force on a day (YYYY-MM-DD), and each saved
   * version's permanent address (issue 21).
   */
  appPrivacy: (slug: string) => `/apps/${slug}/privacy`,
  appPrivacyVersion: (slug: string, day: string) => `/apps/${slug}/privacy/${day}`,
  appPrivacySaved: (slug: string, versionId: number | string) => `/apps/${slug}/privacy/versions/${versionId}`,
  /** Press kits (issue 14): the studio's, an app's, and their ZIPs of the stored originals. */
  press: '/press',
  pressImages: '/press/images.zip',
  pressLogos: '/press/logos.zip',
  appPress: (slug: string) => `/apps/${slug}/press`,
  appPressScreenshots: (slug: string) => `/apps/${slug}/press/screenshots.zip`,
  appPressLogos: (slug: string) => `/apps/${slug}/press/logos.zip`,
  /** An app's support page and its account-deletion page (issue 14). */
  appSupport: (slug: string) => `/apps/${slug}/support`,
  appDeleteAccount: (slug: string) => `/apps/${slug}/delete-account`,
  /** The emailed link that confirms a deletion request (issue 21): never indexed or cached. */
  appDeleteAccountConfirm: (slug: string, token: string) => `/apps/${slug}/delete-account/confirm/${token}`,
  /** The store badges, drawn to Apple's and Google's rules and served by the site (never hotlinked). */
  storeBadge: (store: 'app-store' | 'google-play') => `/media/badges/${store}.svg`,
  appBlogs: (appId: number | string) => `/apps/${appId}/blogs`,
  appRss: (appId: number | string) => `/apps/${appId}/rss.xml`,
  blogPost: (id: number | string) => `/blogs/${id}`,
  /** A post's readable (canonical) URL; `/blogs/{id}` answers too and names it. */
  readablePost: (post: { id: number; slug: string }) => `/blogs/${post.id}/${post.slug}`,
  /** Every published post (issue 12), by page and app. */
  blogIndex: '/blog',
  blogIndexPage: (page: number, appId?: number) => {
    const query = new URLSearchParams();
    if (appId) query.set('app', String(appId));
    if (page > 1) query.set('page', String(page));
    const search = query.toString();
    return search ? `/blog?${search}` : '/blog';
  },
  blogRss: '/blog/rss.xml',
  /** Site search (issue 25): the words, a kind of result, a page. */
  search: '/search',
  searchPage: ({ q, type, page }: { q: string; type?: string; page?: number }) => {
    const query = new URLSearchParams({ q });
    if (type) query.set('type', type);
    if (page && page > 1) query.set('page', String(page));
    return `/search?${query}`;
  },
  /** A shared draft (issue 12). */
  preview: (token: string) => `/preview/${token}`,
  /** Issue 26: the double opt-in link, and a subscriber's one-click unsubscribe and preference page. */
  subscriptionConfirm: (token: string) => `/subscriptions/confirm?token=${encodeURIComponent(token)}`,
  unsubscribe: (token: string) => `/unsubscribe/${token}`,
  /** Where the sign-up form posts without JavaScript, and the page that answers it (issue 26). */
  subscriptions: '/subscriptions',
  /** Issue 26: an app's release notes, and their feed. */
  appReleases: (slug: string) => `/apps/${slug}/releases`,
  appReleasesFeed: (slug: string) => `/apps/${slug}/releases.xml`,
  rss: '/rss.xml',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  /** The root files ad networks and stores crawl (issue 13): two written in the admin, two made from the apps. */
  siteFile: (name: 'app-ads.txt' | 'ads.txt') => `/${name}` as const,
  appleAppSiteAssociation: '/.well-known/apple-app-site-association',
  assetLinks: '/.well-known/assetlinks.json',
  /** A generated share image (og:image): `kind` site or app, `key` 'studio' or the app's id, `tag` its content. */
  /** The favicon set and web manifest, made from the logo (or the name's initial). */
  icon: (size: 32 | 180 | 192 | 512) =>
    size === 180 ? '/apple-touch-icon.png' : size === 32 ? '/favicon-32.png' : `/icon-${size}.png`,
  webManifest: '/site.webmanifest',
  shareCard: (kind: 'site' | 'app', key: number | string, tag: string) => `/og/${kind}/${key}-${tag}.png`,
  admin: {
    root: '/admin-page',
    auth: '/admin-page/auth',
    /** Password reset by email (issue 23): asking for the link, and the page the link opens. */
    forgotPassword: '/admin-page/forgot-password',
    resetPassword: '/admin-page/reset-password',
    apps: '/admin-page/apps',
    newApp: '/admin-page/apps/new',
    editApp: (id: number | string) => `/admin-page/apps/edit?id=${id}`,
    /** An app's privacy policy screen (issue 14). */
    appPrivacy: (id: number | string) => `/admin-page/apps/privacy?id=${id}`,
    blogs: '/admin-page/blogs',
    homeContent: '/admin-page/home-content',
    aboutUs: '/admin-page/about-us',
    contact: '/admin-page/contact',
    privacy: '/admin-page/privacy',
    socialMedia: '/admin-page/social-media',
    messages: '/admin-page/messages',
    users: '/admin-page/users',
    auditLog: '/admin-page/audit-log',
    media: '/admin-page/media',
    siteSettings: '/admin-page/site-settings',
    /** The public site's words, per language (issue 24). */
    siteTexts: '/admin-page/site-texts',
    storeFiles: '/admin-page/store-files',
    deletionRequests: '/admin-page/deletion-requests',
    /** The studio's press kit screen (an app's kit is a card on the app form). */
    press: '/admin-page/press',
    /** Campaigns (issue 26): the list, and one campaign at ?id= ('new' for a new one). */
    campaigns: '/admin-page/campaigns',
    /** The mailing lists' subscribers (issue 26). */
    subscribers: '/admin-page/subscribers',
    /** Visitor analytics (issue 27): charts of a range, per app and language (?from=&to=&app=&locale=). */
    analytics: '/admin-page/analytics',
  },
} as const;

export const api = {
  contact: '/api/contact',
  siteSettings: '/api/site-settings',
  /** The staff's overrides of the site's words in a language (key → text), as pages read them. */
  uiStrings: (locale: string) => `/api/ui-strings/${encodeURIComponent(locale)}`,
  /** Every key of a language's words with its texts (GET ?locale=), and their overrides (PUT /{locale}). */
  adminUiStrings: '/api/admin/ui-strings',
  adminUiStringsFor: (locale: string) => `/api/admin/ui-strings/${encodeURIComponent(locale)}`,
  apps: '/api/apps',
  /** Site search (issue 25): GET ?q=&type=&page= (&locale= in another language). */
  search: ({ q, type, page }: { q: string; type?: string; page?: number }) => {
    const query = new URLSearchParams({ q });
    if (type) query.set('type', type);
    if (page && page > 1) query.set('page', String(page));
    return `/api/search?${query}`;
  },
  appsOrder: '/api/apps/order',
  app: (id: number | string) => `/api/apps/${id}`,
  /** An app by its slug (its public pages'): visitors never find a hidden one. */
  appBySlug: (slug: string) => `/api/apps/by-slug/${encodeURIComponent(slug)}`,
  appBlogs: (id: number | string) => `/api/apps/${id}/blogs`,
  /** An app's privacy policy (issue 14): public reads; staff write through adminAppPrivacyPolicy. */
  appPrivacyPolicy: (id: number | string) => `/api/apps/${id}/privacy-policy`,
  appPrivacyVersions: (id: number | string) => `/api/apps/${id}/privacy-policy/versions`,
  /** The version in force on a day (YYYY-MM-DD). */
  appPrivacyVersion: (id: number | string, day: string) => `/api/apps/${id}/privacy-policy/versions/${day}`,
  /** One saved version by its id (issue 21). */
  appPrivacySaved: (id: number | string, versionId: number | string) =>
    `/api/apps/${id}/privacy-policy/versions/by-id/${versionId}`,
  adminAppPrivacyPolicy: (id: number | string) => `/api/admin/apps/${id}/privacy-policy`,
  /** Which of an app's own pages exist (privacy, account deletion, support, press kit). */
  appPageLinks: (id: number | string) => `/api/apps/${id}/page-links`,
  blogCounts: '/api/blog-counts',
  blog: (id: number | string) => `/api/blogs/${id}`,
  homeContent: '/api/home-content',
  aboutUs: '/api/about-us',
  privacyPolicy: '/api/privacy-policy',
  messages: '/api/messages',
  messageRead: (id: number | string) => `/api/messages/${id}/read`,
  messageUnread: (id: number | string) => `/api/messages/${id}/unread`,
  unreadCount: '/api/messages/unread-count',
  adminEvents: '/api/admin/events',
  /** Visitor analytics (issue 27): the beacon's page views, badge and outbound clicks and vitals. */
  events: '/api/events',
  /**
   * The islands' words in a language (followed by /{locale}): fetched when an island first wakes,
   * never sent with the page (islands/island.tsx).
   */
  islandWords: '/api/island-words',
  message: (id: number | string) => `/api/messages/${id}`,
  /** Issue 26: staff replies to a visitor's message (POST), sent by email. */
  messageReplies: (id: number | string) => `/api/messages/${id}/replies`,
  socialMedia: '/api/social-media',
  socialLink: (id: number | string) => `/api/social-media/${id}`,
  checkAuth: '/api/admin/check-auth',
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  me: '/api/admin/me',
  changePassword: '/api/admin/change-password',
  /** Password reset by email (issue 23): GET whether it is offered, POST to ask for a link. */
  passwordReset: '/api/admin/password-reset',
  passwordResetConfirm: '/api/admin/password-reset/confirm',
  /** The signed-in user's email (issue 23), and an administrator setting a user's. */
  myEmail: '/api/admin/me/email',
  userEmail: (id: number | string) => `/api/admin/users/${id}/email`,
  /** Two-factor (issue 23): the caller's status; enrolment, confirmation, recovery codes; the sign-in step. */
  twoFactorStatus: '/api/admin/me/two-factor',
  totp: '/api/admin/me/totp',
  totpConfirm: '/api/admin/me/totp/confirm',
  recoveryCodes: '/api/admin/me/totp/recovery-codes',
  loginTwoFactor: '/api/admin/login/two-factor',
  /** Administrators: every user's two-factor, removing a user's, and the site's policy. */
  usersTwoFactor: '/api/admin/two-factor/users',
  userTwoFactor: (id: number | string) => `/api/admin/users/${id}/two-factor`,
  twoFactorPolicy: '/api/admin/two-factor-policy',
  users: '/api/admin/users',
  /** The site's languages (issue 24): administrators set the default and the others. */
  locales: '/api/admin/locales',
  /** An item's translations (issue 24): every language's, one language's, and each item's status per language. */
  translations: (type: string) => `/api/admin/translations?type=${encodeURIComponent(type)}`,
  /** Crawls every page's hreflang cluster and lists what is broken (issue 24). */
  translationsCheck: '/api/admin/translations/check',
  itemTranslations: (type: string, id: string | number) => `/api/admin/translations/${type}/${id}`,
  translation: (type: string, id: string | number, locale: string) => `/api/admin/translations/${type}/${id}/${locale}`,
  /** One language's translation's revisions (issue 24); each is read and restored as any revision. */
  translationRevisions: (type: string, id: string | number, locale: string) =>
    `/api/admin/translations/${type}/${id}/${locale}/revisions`,
  /** The audit log (issue 23): administrators read it, filter it and export it. */
  auditLog: '/api/admin/audit-log',
  auditLogCsv: '/api/admin/audit-log.csv',
  auditLogFilters: '/api/admin/audit-log/filters',
  auditLogRetention: '/api/admin/audit-log/retention',
  /** Visitor analytics (issue 27): the figures (?from=&to=&app=&locale=&report=), one report as CSV, the setting, the sample. */
  analytics: '/api/admin/analytics',
  analyticsCsv: '/api/admin/analytics.csv',
  analyticsSettings: '/api/admin/analytics-settings',
  analyticsSample: '/api/admin/analytics/sample',
  /** Where media is kept (issue 28): the settings, their test, and the move of every file between storages. */
  mediaStorage: '/api/admin/media-storage',
  mediaStorageTest: '/api/admin/media-storage/test',
  mediaMove: '/api/admin/media-storage/move',
  mediaMoveCancel: '/api/admin/media-storage/move/cancel',
  user: (id: number | string) => `/api/admin/users/${id}`,
  userPassword: (id: number | string) => `/api/admin/users/${id}/password`,
  sessions: '/api/admin/sessions',
  /** DELETE: ends every session of the caller but this one. */
  otherSessions: '/api/admin/sessions/others',
  session: (id: string) => `/api/admin/sessions/${encodeURIComponent(id)}`,
  /** The caller's passkeys (issue 23): options then the browser's answer to add one; rename and remove. */
  passkeyOptions: '/api/admin/me/passkeys/options',
  passkeys: '/api/admin/me/passkeys',
  passkey: (id: number | string) => `/api/admin/me/passkeys/${id}`,
  /** Signing in with a passkey alone: options (a challenge), then the browser's answer. */
  passkeyLoginOptions: '/api/admin/login/passkey/options',
  passkeyLogin: '/api/admin/login/passkey',
  adminBlogs: '/api/admin/blogs',
  adminBlog: (id: number | string) => `/api/admin/blogs/${id}`,
  publishBlog: (id: number | string) => `/api/admin/blogs/${id}/publish`,
  unpublishBlog: (id: number | string) => `/api/admin/blogs/${id}/unpublish`,
  /** Issue 26: a published studio post drafted as a campaign to the newsletter. */
  blogNewsletter: (id: number | string) => `/api/admin/blogs/${id}/newsletter`,
  /** The blog index: published posts, a page at a time, of one app or all. */
  blogs: (query: { page?: number; pageSize?: number; appId?: number } = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ).toString();
    return search ? `/api/blogs?${search}` : '/api/blogs';
  },
  /** A post's preview links; with a language (issue 24), those of its translation into it. */
  previewLink: (id: number | string, locale?: string) =>
    `/api/admin/blogs/${id}/preview-link${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`,
  previewLinks: (id: number | string, locale?: string) =>
    `/api/admin/blogs/${id}/preview-links${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`,
  revokePreviewLink: (id: number | string, linkId: number | string) => `/api/admin/blogs/${id}/preview-links/${linkId}`,
  preview: (token: string) => `/api/preview/${token}`,
  revisions: (type: string, id?: number) => `/api/admin/revisions?type=${type}${id ? `&id=${id}` : ''}`,
  revision: (id: number | string) => `/api/admin/revisions/${id}`,
  restoreRevision: (id: number | string) => `/api/admin/revisions/${id}/restore`,
  draft: (kind: string, key: string | number) => `/api/admin/drafts/${kind}/${key}`,
  backup: '/api/admin/backup',
  /** 204 when an administrator may take a backup now (the dashboard asks before the browser downloads). */
  backupReady: '/api/admin/backup/ready',
  /** Visitor analytics (issue 27): the "What we measure" text for the privacy policy. */
  analyticsWhatWeMeasure: '/api/admin/analytics/what-we-measure',
  /** GET: what "Remove the demo content" would take; DELETE: takes it (issue 21). */
  demoContent: '/api/admin/demo-content',
  media: '/api/admin/media',
  siteFile: (name: string) => `/api/admin/site-files/${name}`,
  /** An app's deletion and support texts: public read, staff edit (issue 14). */
  appPages: (id: number | string) => `/api/apps/${id}/pages`,
  adminAppPages: (id: number | string) => `/api/admin/apps/${id}/pages`,
  /** An app's release notes (issue 26): public read, staff edit, "email this update" drafts a campaign. */
  appReleases: (id: number | string) => `/api/apps/${id}/releases`,
  adminAppReleases: (id: number | string) => `/api/admin/apps/${id}/releases`,
  adminAppRelease: (id: number | string, releaseId: number | string) => `/api/admin/apps/${id}/releases/${releaseId}`,
  adminAppReleaseCampaign: (id: number | string, releaseId: number | string) =>
    `/api/admin/apps/${id}/releases/${releaseId}/campaign`,
  /** A visitor asks for their account and data in an app to be deleted. */
  deletionRequests: (appId: number | string) => `/api/apps/${appId}/deletion-requests`,
  /** GET: what the link confirms; POST: confirm it (issue 21). */
  deletionConfirmation: (token: string) => `/api/deletion-confirmations/${token}`,
  adminDeletionRequests: '/api/admin/deletion-requests',
  adminDeletionRequest: (id: number | string) => `/api/admin/deletion-requests/${id}`,
  mediaItem: (id: number | string) => `/api/admin/media/${id}`,
  /** Press kits: public reads, staff upserts (If-Match), and a journalist's press-copy request. */
  pressKitStudio: '/api/press-kits/studio',
  pressKitApp: (appId: number | string) => `/api/apps/${appId}/press-kit`,
  adminPressKitStudio: '/api/admin/press-kits/studio',
  adminPressKitApp: (appId: number | string) => `/api/admin/press-kits/apps/${appId}`,
  pressRequests: '/api/press-requests',
  // Issue 26, sign-ups: the public form, the confirmation link, a subscriber's preferences, and the admin's.
  subscriptions: '/api/subscriptions',
  /** GET: what the emailed link confirms; POST: confirm it. */
  subscriptionConfirmation: (token: string) => `/api/subscription-confirmations/${token}`,
  /** GET: the lists an address is on; PUT: one on or off, or all off. */
  subscriberPreferences: (token: string) => `/api/subscriber-preferences/${token}`,
  adminSubscribers: '/api/admin/subscribers',
  adminSubscriber: (id: number | string) => `/api/admin/subscribers/${id}`,
  adminSubscribersCsv: '/api/admin/subscribers.csv',
  adminSubscribersImport: '/api/admin/subscribers/import',
} as const;
