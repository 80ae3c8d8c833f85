// Who may call what: one row per route, every route of the app must have one (and every row a route).
// A call is made as each role; ids default to one that does not exist, so nothing is destroyed.
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIR } from '../src/server/ssr/web';
import {
  createFixtures,
  createRoutedTestApp,
  PROBE_USER,
  probeUpload,
  splitRoute,
  VALID_BODIES,
  type Fixtures,
  type RoutedTestContext,
} from './setup/routes';
import { createUser, login, staffSessions } from './setup/test-app';

type Role = 'anonymous' | 'user' | 'admin';

interface Row {
  route: string;
  expected: Record<Role, number>;
  /** Which fixture fills `:id` (default: an id no record has). */
  id?: keyof Fixtures;
  /** The URL to call when the pattern has a wildcard or names a file (from the fixtures when a function). */
  url?: string | ((f: Fixtures) => string);
  /** The body is an image upload (multipart) instead of the route's JSON body. */
  upload?: true;
  /** The call ends or replaces the caller's session: each role signs in as a throwaway account. */
  ownSession?: true;
  /** The caller's address (for routes limited per address, so rows do not share one budget). */
  from?: string;
  /** The reply is an endless event stream: called over real HTTP and closed after its status. */
  stream?: true;
}

const row = (
  route: string,
  anonymous: number,
  user: number,
  admin: number,
  options: Omit<Row, 'route' | 'expected'> = {},
): Row => ({
  route,
  expected: { anonymous, user, admin },
  ...options,
});

const MISSING_ID = 2_147_483_647;
const anAsset = readdirSync(path.join(CLIENT_DIR, 'assets')).find((f) => f.endsWith('.js'))!;

// prettier-ignore
const TABLE: Row[] = [
  //  route                                     anonymous user admin
  row('GET /healthz',                             200, 200, 200),
  row('GET /readyz',                              200, 200, 200),
  row('GET /robots.txt',                          200, 200, 200),
  row('GET /sitemap.xml',                         200, 200, 200),
  row('GET /sitemaps/:file',                      200, 200, 200, { url: '/sitemaps/pages.xml' }),
  row('GET /rss.xml',                             200, 200, 200),
  row('GET /apps/:id/rss.xml',                    200, 200, 200, { id: 'appId' }),
  row('GET /blog/rss.xml',                        200, 200, 200),
  // Empty in the fixtures, and no app has store ids: each answers 404 to everyone alike.
  row('GET /app-ads.txt',                         404, 404, 404),
  row('GET /ads.txt',                             404, 404, 404),
  row('GET /.well-known/apple-app-site-association', 404, 404, 404),
  row('GET /.well-known/assetlinks.json',         404, 404, 404),
  row('GET /favicon.ico',                         301, 301, 301),
  row('GET /icons.svg',                           200, 200, 200),
  row('GET /favicon-32.png',                      200, 200, 200),
  row('GET /apple-touch-icon.png',                200, 200, 200),
  row('GET /icon-192.png',                        200, 200, 200),
  row('GET /icon-512.png',                        200, 200, 200),
  row('GET /site.webmanifest',                    200, 200, 200),
  row('GET /api/site-settings',                   200, 200, 200),
  row('PUT /api/site-settings',                   401, 200, 200),
  // The site's words (issue 24): pages read a language's overrides; administrators set them.
  row('GET /api/ui-strings/:locale',              200, 200, 200, { url: '/api/ui-strings/de' }),
  // Decision 131: the islands' words in a language, fetched when one wakes.
  row('GET /api/island-words/:locale',            200, 200, 200, { url: '/api/island-words/de' }),
  row('GET /api/admin/ui-strings',                401, 403, 200, { url: '/api/admin/ui-strings?locale=de' }),
  row('PUT /api/admin/ui-strings/:locale',        401, 403, 200, { url: '/api/admin/ui-strings/de' }),
  row('PUT /api/apps/order',                      401, 422, 422),
  row('GET /api/messages/unread-count',           401, 200, 200),
  row('PATCH /api/messages/:id/unread',           401, 404, 404),
  row('GET /api/admin/events',                    401, 200, 200, { stream: true }),
  row('PUT /api/admin/users/:id/password',        401, 403, 404),
  row('PATCH /api/admin/users/:id',               401, 403, 404),
  row('GET /api/admin/sessions',                  401, 200, 200),
  row('DELETE /api/admin/sessions/others',        401, 200, 200, { ownSession: true }),
  row('DELETE /api/admin/sessions/:sessionId',    401, 404, 404, { url: '/api/admin/sessions/no-such-session' }),
  row('GET /og/:kind/:file',                      301, 301, 301, { url: '/og/site/studio-00000000.png' }),
  row('GET /media/demo/*',                        200, 200, 200, { url: '/media/demo/default-icon.svg' }),
  row('GET /media/badges/*',                      200, 200, 200, { url: '/media/badges/app-store.svg' }),
  row('GET /assets/*',                            200, 200, 200, { url: `/assets/${anAsset}` }),
  row('GET /',                                    200, 200, 200),
  row('GET /*',                                   200, 200, 200, { url: '/about' }),
  row('POST /contact',                            303, 303, 303, { from: '203.0.113.7' }),
  // From a page in another language (decision 110): a language the site does not have is no page.
  row('POST /:locale/contact',                    404, 404, 404, { url: '/xx/contact', from: '203.0.113.31' }),

  row('GET /api/apps',                            200, 200, 200),
  row('GET /api/apps/:id',                        200, 200, 200, { id: 'appId' }),
  row('GET /api/apps/by-slug/:slug',              200, 200, 200, { url: '/api/apps/by-slug/probe-app' }),
  row('POST /api/apps',                           401, 201, 201),
  row('PUT /api/apps/:id',                        401, 200, 200, { id: 'appId' }),
  row('DELETE /api/apps/:id',                     401, 404, 404),
  row('GET /api/apps/:id/blogs',                  200, 200, 200, { id: 'appId' }),
  row('GET /api/blog-counts',                     200, 200, 200),
  row('GET /api/blogs/:id',                       404, 200, 200, { id: 'draftPostId' }),

  row('GET /api/admin/blogs',                     401, 200, 200),
  row('POST /api/admin/blogs',                    401, 201, 201),
  row('PUT /api/admin/blogs/:id',                 401, 200, 200, { id: 'draftPostId' }),
  row('PATCH /api/admin/blogs/:id/publish',       401, 404, 404),
  // Issue 26: a published studio post drafted as a newsletter campaign.
  row('POST /api/admin/blogs/:id/newsletter',     401, 404, 404),
  row('DELETE /api/admin/blogs/:id',              401, 404, 404),
  row('PATCH /api/admin/blogs/:id/unpublish',     401, 404, 404),
  row('GET /api/blogs',                           200, 200, 200),
  row('GET /api/search',                          200, 200, 200, { url: '/api/search?q=probe' }),
  row('POST /api/admin/blogs/:id/preview-link',   401, 404, 404),
  row('GET /api/admin/blogs/:id/preview-links',   401, 200, 200, { id: 'draftPostId' }),
  row('DELETE /api/admin/blogs/:id/preview-links/:linkId', 401, 404, 404, { url: (f) => `/api/admin/blogs/${f.draftPostId}/preview-links/${MISSING_ID}` }),
  row('GET /api/preview/:token',                  404, 404, 404, { url: `/api/preview/${'0'.repeat(64)}` }),
  row('GET /api/admin/drafts/:kind/:key',         401, 200, 200, { url: '/api/admin/drafts/post/new' }),
  row('PUT /api/admin/drafts/:kind/:key',         401, 200, 200, { url: '/api/admin/drafts/post/new' }),
  row('DELETE /api/admin/drafts/:kind/:key',      401, 200, 200, { url: '/api/admin/drafts/post/new' }),

  row('GET /api/contact',                         200, 200, 200),
  row('PUT /api/contact',                         401, 200, 200),
  row('GET /api/privacy-policy',                  200, 200, 200),
  row('PUT /api/privacy-policy',                  401, 200, 200),
  row('GET /api/home-content',                    200, 200, 200),
  row('PUT /api/home-content',                    401, 200, 200),
  row('GET /api/about-us',                        200, 200, 200),
  row('PUT /api/about-us',                        401, 200, 200),
  // An app's privacy policy (issue 14): the fixture app has none (404 to all), staff read null.
  row('GET /api/apps/:id/privacy-policy',         404, 404, 404, { id: 'appId' }),
  row('GET /api/apps/:id/privacy-policy/versions', 200, 200, 200, { id: 'appId' }),
  row('GET /api/apps/:id/privacy-policy/versions/:day', 404, 404, 404, { url: (f) => `/api/apps/${f.appId}/privacy-policy/versions/2025-05-14` }),
  row('GET /api/apps/:id/privacy-policy/versions/by-id/:versionId', 404, 404, 404, { url: (f) => `/api/apps/${f.appId}/privacy-policy/versions/by-id/${MISSING_ID}` }),
  row('GET /api/apps/:id/page-links',             200, 200, 200, { id: 'appId' }),
  row('GET /api/admin/apps/:id/privacy-policy',   401, 200, 200, { id: 'appId' }),
  row('PUT /api/admin/apps/:id/privacy-policy',   401, 200, 200, { id: 'appId' }),

  row('POST /api/messages',                       201, 201, 201),
  row('GET /api/messages',                        401, 200, 200),
  row('PATCH /api/messages/:id/read',             401, 200, 200, { id: 'messageId' }),
  row('DELETE /api/messages/:id',                 401, 404, 404),
  // Replies from the inbox (issue 26): the message with its thread; a reply (no message: 404).
  row('GET /api/messages/:id',                    401, 200, 200, { id: 'messageId' }),
  row('POST /api/messages/:id/replies',           401, 404, 404),
  // Campaigns (issue 26, helper G): staff write, preview, test and send them; ids no campaign has answer 404.
  row('GET /api/admin/campaigns',                 401, 200, 200),
  row('POST /api/admin/campaigns',                401, 201, 201),
  row('GET /api/admin/campaigns/:id',             401, 404, 404),
  row('PUT /api/admin/campaigns/:id',             401, 404, 404),
  row('DELETE /api/admin/campaigns/:id',          401, 404, 404),
  row('GET /api/admin/campaigns/:id/preview',     401, 404, 404),
  row('POST /api/admin/campaigns/:id/test',       401, 404, 404),
  row('POST /api/admin/campaigns/:id/send',       401, 404, 404),
  row('GET /api/admin/campaign-settings',         401, 200, 200),
  row('PUT /api/admin/campaign-settings',         401, 200, 200),

  row('GET /api/social-media',                    200, 200, 200),
  row('POST /api/social-media',                   401, 201, 201),
  row('PUT /api/social-media/:id',                401, 200, 200, { id: 'socialLinkId' }),
  row('DELETE /api/social-media/:id',             401, 404, 404),

  row('POST /api/admin/login',                    200, 200, 200, { ownSession: true }),
  row('POST /api/admin/logout',                   200, 200, 200, { ownSession: true }),
  row('GET /api/admin/check-auth',                200, 200, 200),
  row('GET /api/admin/me',                        401, 200, 200),
  row('POST /api/admin/change-password',          401, 200, 200, { ownSession: true }),
  // Passkeys (issue 23): one's own only; the ceremonies need a browser's Origin (this table sends none: 403).
  row('GET /api/admin/me/passkeys',               401, 200, 200),
  row('POST /api/admin/me/passkeys/options',      401, 403, 403),
  row('POST /api/admin/me/passkeys',              401, 403, 403),
  row('PATCH /api/admin/me/passkeys/:id',         401, 404, 404),
  row('DELETE /api/admin/me/passkeys/:id',        401, 404, 404),
  row('POST /api/admin/login/passkey/options',    403, 403, 403),
  row('POST /api/admin/login/passkey',            401, 401, 401, { from: '203.0.113.31' }),
  row('GET /api/admin/users',                     401, 403, 200),
  row('POST /api/admin/users',                    401, 403, 201),
  row('DELETE /api/admin/users/:id',              401, 403, 404),
  // The audit log (issue 23): administrators only.
  row('GET /api/admin/audit-log',                 401, 403, 200),
  row('GET /api/admin/audit-log.csv',             401, 403, 200),
  row('GET /api/admin/audit-log/filters',         401, 403, 200),
  row('GET /api/admin/audit-log/retention',       401, 403, 200),
  row('PUT /api/admin/audit-log/retention',       401, 403, 200),
  // Visitor analytics (issue 27): administrators read the figures, export a report, set how long raw events stay.
  row('GET /api/admin/analytics',                 401, 403, 200),
  row('GET /api/admin/analytics.csv',             401, 403, 200, { url: '/api/admin/analytics.csv?report=pages' }),
  row('GET /api/admin/analytics-settings',        401, 403, 200),
  row('PUT /api/admin/analytics-settings',        401, 403, 200),
  row('DELETE /api/admin/analytics/sample',       401, 403, 200),
  // Where media is kept and moving it (issue 28, helper B): administrators only. The test
  // connection's store does not answer (200, ok: false); a move to the database needs no store.
  row('GET /api/admin/media-storage',             401, 403, 200),
  row('PUT /api/admin/media-storage',             401, 403, 200),
  row('POST /api/admin/media-storage/test',       401, 403, 200),
  row('GET /api/admin/media-storage/move',        401, 403, 200),
  row('POST /api/admin/media-storage/move',       401, 403, 201),
  row('POST /api/admin/media-storage/move/cancel', 401, 403, 200),
  // Staff emails (issue 23): one's own for staff, anyone's for administrators.
  row('PUT /api/admin/me/email',                  401, 200, 200),
  // Two-factor (issue 23): one's own for staff; every user's, removal and the policy for administrators.
  row('GET /api/admin/me/two-factor',             401, 200, 200),
  row('POST /api/admin/me/totp',                  401, 200, 200),
  row('POST /api/admin/me/totp/confirm',          401, 422, 422),
  row('POST /api/admin/me/totp/recovery-codes',   401, 422, 422),
  row('DELETE /api/admin/me/totp',                401, 422, 422),
  row('POST /api/admin/login/two-factor',         401, 401, 401),
  row('GET /api/admin/two-factor/users',          401, 403, 200),
  row('DELETE /api/admin/users/:id/two-factor',   401, 403, 404),
  row('GET /api/admin/two-factor-policy',         401, 200, 200),
  row('PUT /api/admin/two-factor-policy',         401, 403, 200),
  row('PUT /api/admin/users/:id/email',           401, 403, 404),
  // Password reset by email (issue 23): for anyone; this site sends no mail (404), and a made-up link is refused.
  row('GET /api/admin/password-reset',            200, 200, 200),
  row('POST /api/admin/password-reset',           404, 404, 404),
  row('POST /api/admin/password-reset/confirm',   422, 422, 422),
  row('GET /api/admin/backup',                    401, 403, 200),
  row('GET /api/admin/backup/ready',              401, 403, 204),
  // Languages and translations (issue 24): administrators choose the languages, staff translate. The
  // fixtures' site has one language: a translation into German is refused (422), none exists (404).
  row('GET /api/admin/locales',                   401, 200, 200),
  row('PUT /api/admin/locales',                   401, 403, 200),
  row('GET /api/admin/translations',              401, 200, 200, { url: '/api/admin/translations?type=app' }),
  row('GET /api/admin/translations/check',        401, 200, 200),
  row('GET /api/admin/translations/:type/:id',    401, 200, 200, { url: (f) => `/api/admin/translations/app/${f.appId}` }),
  row('PUT /api/admin/translations/:type/:id/:locale', 401, 422, 422, { url: (f) => `/api/admin/translations/app/${f.appId}/de` }),
  row('DELETE /api/admin/translations/:type/:id/:locale', 401, 404, 404, { url: (f) => `/api/admin/translations/app/${f.appId}/de` }),
  row('GET /api/admin/translations/:type/:id/:locale/revisions', 401, 200, 200, { url: (f) => `/api/admin/translations/app/${f.appId}/de/revisions` }),
  row('GET /:locale/rss.xml',                     404, 404, 404, { url: '/de/rss.xml' }),
  row('GET /:locale/blog/rss.xml',                404, 404, 404, { url: '/de/blog/rss.xml' }),
  row('GET /api/admin/demo-content',              401, 403, 200),
  // Issue 27: the privacy policy's "What we measure" text; staff edit the policy.
  row('GET /api/admin/analytics/what-we-measure', 401, 200, 200),
  row('DELETE /api/admin/demo-content',           401, 403, 200),
  row('GET /api/admin/site-files/:name',          401, 200, 200, { url: '/api/admin/site-files/app-ads.txt' }),
  row('PUT /api/admin/site-files/:name',          401, 200, 200, { url: '/api/admin/site-files/app-ads.txt' }),
  // Press kits (issue 14): staff edit, visitors read; the fixture app stores no image, so its ZIPs are empty (404).
  row('GET /api/admin/press-kits/studio',         401, 200, 200),
  row('PUT /api/admin/press-kits/studio',         401, 200, 200),
  row('GET /api/admin/press-kits/apps/:id',       401, 200, 200, { id: 'appId' }),
  row('PUT /api/admin/press-kits/apps/:id',       401, 200, 200, { id: 'appId' }),
  row('GET /api/press-kits/studio',               200, 200, 200),
  row('GET /api/apps/:id/press-kit',              200, 200, 200, { id: 'appId' }),
  row('POST /api/press-requests',                 201, 201, 201, { from: '203.0.113.21' }),
  row('POST /press',                              303, 303, 303, { from: '203.0.113.22' }),
  row('POST /apps/:id/press',                     303, 303, 303, { url: '/apps/probe-app/press', from: '203.0.113.23' }),
  row('GET /press/images.zip',                    404, 404, 404),
  row('GET /press/logos.zip',                     404, 404, 404),
  row('GET /apps/:id/press/screenshots.zip',      404, 404, 404, { url: '/apps/probe-app/press/screenshots.zip' }),
  row('GET /apps/:id/press/logos.zip',            404, 404, 404, { url: '/apps/probe-app/press/logos.zip' }),

  // An app's deletion and support pages (issue 14): the fixture app takes deletion requests.
  row('GET /api/apps/:id/pages',                  200, 200, 200, { id: 'appId' }),
  row('GET /api/admin/apps/:id/pages',            401, 200, 200, { id: 'appId' }),
  row('PUT /api/admin/apps/:id/pages',            401, 200, 200, { id: 'appId' }),
  // An app's release notes (issue 26): visitors read, staff write; a release no app has is not found.
  row('GET /api/apps/:id/releases',               200, 200, 200, { id: 'appId' }),
  row('GET /api/admin/apps/:id/releases',         401, 200, 200, { id: 'appId' }),
  row('POST /api/admin/apps/:id/releases',        401, 201, 201, { id: 'appId' }),
  row('PUT /api/admin/apps/:id/releases/:releaseId', 401, 404, 404, { url: (f) => `/api/admin/apps/${f.appId}/releases/${MISSING_ID}` }),
  row('DELETE /api/admin/apps/:id/releases/:releaseId', 401, 404, 404, { url: (f) => `/api/admin/apps/${f.appId}/releases/${MISSING_ID}` }),
  row('POST /api/admin/apps/:id/releases/:releaseId/campaign', 401, 404, 404, { url: (f) => `/api/admin/apps/${f.appId}/releases/${MISSING_ID}/campaign` }),
  row('GET /apps/:slug/releases.xml',             200, 200, 200, { url: '/apps/probe-app/releases.xml' }),
  row('POST /api/apps/:id/deletion-requests',     201, 201, 201, { id: 'appId', from: '203.0.113.8' }),
  row('POST /apps/:slug/delete-account',          200, 200, 200, { url: '/apps/probe-app/delete-account', from: '203.0.113.9' }),
  row('POST /:locale/apps/:slug/delete-account',  404, 404, 404, { url: '/xx/apps/probe-app/delete-account', from: '203.0.113.32' }),
  // The emailed confirmation link (issue 21): anyone holding one; a link that confirms nothing is 404 to all.
  row('GET /api/deletion-confirmations/:token',   404, 404, 404, { url: `/api/deletion-confirmations/${'a'.repeat(64)}` }),
  row('POST /api/deletion-confirmations/:token',  404, 404, 404, { url: `/api/deletion-confirmations/${'a'.repeat(64)}` }),
  row('POST /apps/:slug/delete-account/confirm/:token', 404, 404, 404, { url: `/apps/probe-app/delete-account/confirm/${'a'.repeat(64)}` }),
  row('GET /api/admin/deletion-requests',         401, 200, 200),
  row('GET /api/admin/deletion-requests/:id',     401, 200, 200, { id: 'deletionRequestId' }),
  row('PATCH /api/admin/deletion-requests/:id',   401, 200, 200, { id: 'deletionRequestId' }),

  row('POST /api/admin/media',                    401, 201, 201, { upload: true }),
  row('GET /api/admin/media',                     401, 200, 200),
  row('PATCH /api/admin/media/:id',               401, 200, 200, { id: 'mediaId' }),
  row('DELETE /api/admin/media/:id',              401, 404, 404),
  row('GET /media/:hash/:file',                   200, 200, 200, { url: (f) => f.mediaUrl }),

  row('GET /api/admin/revisions',                 401, 200, 200, { url: (f) => `/api/admin/revisions?type=post&id=${f.draftPostId}` }),
  row('GET /api/admin/revisions/:id',             401, 404, 404),
  row('POST /api/admin/revisions/:id/restore',    401, 404, 404),
  // Issue 26 (helper F): sign-ups (the same 202 for everyone), the emailed link, a subscriber's own
  // page by its token (none exists here), and the Subscribers screen (export and import: admins).
  row('POST /api/subscriptions',                  202, 202, 202, { from: '203.0.113.61' }),
  row('POST /subscriptions',                      200, 200, 200, { from: '203.0.113.62' }),
  row('POST /:locale/subscriptions',              404, 404, 404, { url: '/xx/subscriptions', from: '203.0.113.63' }),
  row('POST /subscriptions/confirm',              404, 404, 404),
  row('GET /api/subscription-confirmations/:token', 404, 404, 404, { url: `/api/subscription-confirmations/${'a'.repeat(43)}` }),
  row('POST /api/subscription-confirmations/:token', 404, 404, 404, { url: `/api/subscription-confirmations/${'a'.repeat(43)}` }),
  row('GET /api/subscriber-preferences/:token',   404, 404, 404, { url: `/api/subscriber-preferences/${'a'.repeat(64)}` }),
  row('PUT /api/subscriber-preferences/:token',   404, 404, 404, { url: `/api/subscriber-preferences/${'a'.repeat(64)}` }),
  row('POST /unsubscribe/:token',                 404, 404, 404, { url: `/unsubscribe/${'a'.repeat(64)}` }),
  row('GET /api/admin/subscribers',               401, 200, 200),
  row('GET /api/admin/subscribers/:id',           401, 404, 404),
  row('DELETE /api/admin/subscribers/:id',        401, 404, 404),
  row('GET /api/admin/subscribers.csv',           401, 403, 200),
  row('POST /api/admin/subscribers/import',       401, 403, 200),
  // Issue 27 (helper J): the analytics beacon answers everyone alike (staff's own visits go uncounted).
  row('POST /api/events',                         204, 204, 204, { from: '203.0.113.71' }),
];

let ctx: RoutedTestContext;
let fixtures: Fixtures;
let sessions: Record<Role, string>;
let throwaway = 0;

beforeAll(async () => {
  ctx = await createRoutedTestApp();
  const { admin, editor } = await staffSessions(ctx);
  sessions = { anonymous: '', user: editor, admin };
  await createUser(ctx.database, PROBE_USER.username, PROBE_USER.password, false);
  fixtures = await createFixtures(ctx, admin);
});

/** A fresh account of the role, signed in (for calls that end the caller's session). */
async function freshSession(role: Role): Promise<{ cookie: string; password: string }> {
  if (role === 'anonymous') return { cookie: '', password: '' };
  const username = `throwaway-${role}-${++throwaway}`;
  await createUser(ctx.database, username, PROBE_USER.password, role === 'admin');
  return { cookie: await login(ctx.app, username, PROBE_USER.password), password: PROBE_USER.password };
}

let origin: string | undefined;
/** The status of a streamed reply, read over HTTP; the stream is closed at once. */
async function streamStatus(url: string, cookie: string): Promise<number> {
  if (!origin) {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }
  const controller = new AbortController();
  const res = await fetch(origin + url, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  controller.abort();
  return res.status;
}

async function call(entry: Row, role: Role): Promise<number> {
  const { method, pattern } = splitRoute(entry.route);
  const id = entry.id ? fixtures[entry.id] : MISSING_ID;
  const url = (typeof entry.url === 'function' ? entry.url(fixtures) : entry.url) ?? pattern.replace(':id', String(id));
  let cookie = sessions[role];
  let body = VALID_BODIES[entry.route]?.(fixtures);
  if (entry.ownSession) {
    const own = await freshSession(role);
    cookie = own.cookie;
    if (entry.route === 'POST /api/admin/change-password') {
      body = { currentPassword: own.password, newPassword: own.password, confirmPassword: own.password };
    }
  }
  if (entry.stream) return streamStatus(url, cookie);
  const upload = entry.upload ? probeUpload() : undefined;
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    ...(entry.from ? { remoteAddress: entry.from } : {}),
    headers: { ...upload?.headers, ...(cookie ? { cookie } : {}) },
    ...(upload ? { payload: upload.payload } : body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return res.statusCode;
}

describe('access control', () => {
  it('has a row for every route the app registers', () => {
    const missing = ctx.routes.filter((route) => !TABLE.some((r) => r.route === route));
    expect(missing, `routes without a row in the access-control table: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no row for a route the app does not register', () => {
    const extra = TABLE.map((r) => r.route).filter((route) => !ctx.routes.includes(route));
    expect(extra, `table rows for routes that do not exist: ${extra.join(', ')}`).toEqual([]);
  });

  it('has one row per route', () => {
    const keys = TABLE.map((r) => r.route);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it.each(TABLE.map((r) => [r.route, r] as const))('%s', async (_route, entry) => {
    const actual: Record<Role, number> = {
      anonymous: await call(entry, 'anonymous'),
      user: await call(entry, 'user'),
      admin: await call(entry, 'admin'),
    };
    expect(actual).toEqual(entry.expected);
  });
});
