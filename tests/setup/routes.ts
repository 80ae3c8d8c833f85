// The whole site (API, feeds, icons, static files and public pages) with the list of every route it
// registered, for the tests that must cover them all (the access-control table, the property tests).
import type { Config } from '../../src/server/config';
import { productionWeb } from '../../src/server/ssr/web';
import type { AppInput } from '../../src/shared/schemas/apps';
import { appInput, injectFactories } from '../factories';
import { multipart } from './multipart';
import { createTestApp, type TestContext } from './test-app';

/** "METHOD /path/:param" as Fastify registered it. */
export type RouteKey = string;

export interface RoutedTestContext extends TestContext {
  /** Every route, sorted; HEAD routes Fastify adds beside a GET are left out. */
  routes: RouteKey[];
}

export async function createRoutedTestApp(overrides: Partial<Config> = {}): Promise<RoutedTestContext> {
  const seen = new Set<RouteKey>();
  const ctx = await createTestApp(overrides, {
    web: productionWeb(),
    onRoute: (route) => {
      for (const method of [route.method].flat()) seen.add(`${method} ${route.url}`);
    },
  });
  const routes = [...seen].filter((key) => !(key.startsWith('HEAD ') && seen.has(`GET ${key.slice(5)}`))).sort();
  return { ...ctx, routes };
}

export function splitRoute(route: RouteKey): { method: string; pattern: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space), pattern: route.slice(space + 1) };
}

/** What the shared fixtures of a test file are: ids of records it created. */
export interface Fixtures {
  appId: number;
  publishedPostId: number;
  draftPostId: number;
  messageId: number;
  socialLinkId: number;
  mediaId: number;
  /** An uploaded image's original, served under /media/. */
  mediaUrl: string;
  /** A visitor's request to delete their account in the fixture app (issue 14). */
  deletionRequestId: number;
}

let userCounter = 0;
let releaseCounter = 0;

/** A passkey answer of the right shape that proves nothing (no authenticator signed it). */
const PROBE_CREDENTIAL = { id: 'cHJvYmU', rawId: 'cHJvYmU', type: 'public-key', response: {} };

/** A minimal valid body for every route that takes one (the property tests mutate these). */
export const VALID_BODIES: Record<RouteKey, (f: Fixtures) => unknown> = {
  'POST /api/apps': () =>
    appInput({ title: 'Probe app', screenshots: ['https://example.com/shot.png', '/media/demo/shot-1.svg'] }),
  'PUT /api/apps/:id': (f) => VALID_BODIES['POST /api/apps']!(f),
  'POST /api/admin/blogs': (f) => ({ appId: f.appId, title: 'Probe post', content: '<p>Written by a test.</p>' }),
  'PUT /api/admin/blogs/:id': (f) => VALID_BODIES['POST /api/admin/blogs']!(f),
  // Issue 26: a staff reply to a visitor's message.
  'POST /api/messages/:id/replies': () => ({ body: 'Thank you for writing to us.' }),
  'PUT /api/admin/drafts/:kind/:key': () => ({ data: { title: 'Probe draft' }, baseVersion: 0 }),
  'PUT /api/site-settings': () => ({ name: 'Probe Studio', tagline: 'Made by a test' }),
  // Campaigns (issue 26, helper G).
  'POST /api/admin/campaigns': () => ({
    list: 'studio',
    subject: 'Probe campaign',
    content: '<p>Written by a test.</p>',
  }),
  'PUT /api/admin/campaigns/:id': (f) => VALID_BODIES['POST /api/admin/campaigns']!(f),
  'PUT /api/admin/campaign-settings': () => ({ mailPerMinute: 60 }),
  'PUT /api/admin/ui-strings/:locale': () => ({ strings: { 'nav.home': null } }),
  // Not every app's id: refused (422) after the guard lets staff through.
  'PUT /api/apps/order': () => ({ ids: [] }),
  'PUT /api/contact': () => ({ email: 'studio@example.com', location: 'Lisbon' }),
  'PUT /api/privacy-policy': () => ({ content: '<p>We keep nothing.</p>', lastUpdated: '14/05/2025' }),
  'PUT /api/home-content': () => ({ heroTitle: 'Small games', featuredAppTitle: 'Our games' }),
  'PUT /api/about-us': () => ({ title: 'About us', content: '<p>Two people who make small games.</p>' }),
  'POST /api/messages': () => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'Hello there, dear studio!',
  }),
  'POST /contact': (f) => VALID_BODIES['POST /api/messages']!(f),
  'POST /api/social-media': () => ({ name: 'GitHub', url: 'https://github.com/studio', icon: 'FaGithub' }),
  'PUT /api/social-media/:id': (f) => VALID_BODIES['POST /api/social-media']!(f),
  'POST /api/admin/login': () => ({ username: PROBE_USER.username, password: PROBE_USER.password }),
  'POST /api/admin/change-password': () => ({
    currentPassword: 'not-the-password',
    newPassword: 'probe-pass-2',
    confirmPassword: 'probe-pass-2',
  }),
  'POST /api/admin/users': () => ({ username: `probe-new-${++userCounter}`, password: 'probe-pass' }),
  // Staff emails and password reset by email (issue 23).
  'PUT /api/admin/me/email': () => ({ email: `probe-${++userCounter}@example.com` }),
  'PUT /api/admin/users/:id/email': () => ({ email: 'probe-other@example.com' }),
  'POST /api/admin/password-reset': () => ({ login: PROBE_USER.username }),
  'POST /api/admin/password-reset/confirm': () => ({ token: 'a'.repeat(43), password: 'probe-pass-4' }),
  'PATCH /api/admin/media/:id': () => ({ alt: 'A probe image' }),
  'PUT /api/admin/audit-log/retention': () => ({ retentionDays: 365 }),
  'PUT /api/admin/analytics-settings': () => ({ rawDays: 30 }),
  // Issue 28: an object store nothing answers at (port 9, discard): saved, and its test fails at once.
  'PUT /api/admin/media-storage': () => ({
    endpoint: 'http://127.0.0.1:9',
    region: 'us-east-1',
    bucket: 'probe-bucket',
    pathStyle: true,
    accessKeyId: 'probe-key',
    secretAccessKey: 'probe-secret',
    keyPrefix: '',
    publicBaseUrl: '',
    serveMode: 'proxy',
  }),
  'POST /api/admin/media-storage/test': (f) => VALID_BODIES['PUT /api/admin/media-storage']!(f),
  'POST /api/admin/media-storage/move': () => ({ target: 'db' }),
  'POST /api/admin/me/passkeys': () => ({ name: 'Probe', response: PROBE_CREDENTIAL }),
  'PATCH /api/admin/me/passkeys/:id': () => ({ name: 'Probe' }),
  'POST /api/admin/login/passkey': () => ({ response: PROBE_CREDENTIAL }),
  'POST /api/admin/me/totp/confirm': () => ({ code: '000000' }),
  'POST /api/admin/me/totp/recovery-codes': () => ({ code: '000000' }),
  'DELETE /api/admin/me/totp': () => ({ code: '000000' }),
  'POST /api/admin/login/two-factor': () => ({ code: '000000' }),
  'PUT /api/admin/two-factor-policy': () => ({ twoFactorPolicy: 'off', twoFactorGraceDays: 7 }),
  'PUT /api/admin/users/:id/password': () => ({ newPassword: 'probe-pass-3', confirmPassword: 'probe-pass-3' }),
  'PATCH /api/admin/users/:id': () => ({ isAdmin: true }),
  'PUT /api/admin/site-files/:name': () => ({ content: '' }),
  'PUT /api/admin/press-kits/studio': () => ({ basedIn: 'Porto', features: ['Made by a test'] }),
  'PUT /api/admin/press-kits/apps/:id': (f) => VALID_BODIES['PUT /api/admin/press-kits/studio']!(f),
  'POST /api/press-requests': () => ({ name: 'Nellie Bly', email: 'nellie@example.com', outlet: 'The Paper' }),
  'POST /press': (f) => VALID_BODIES['POST /api/press-requests']!(f),
  'POST /apps/:id/press': (f) => VALID_BODIES['POST /api/press-requests']!(f),
  // Each call a new version: one app has a version once (issue 26).
  'POST /api/admin/apps/:id/releases': () => ({
    version: `1.0.${++releaseCounter}`,
    releasedOn: '2026-04-01',
    platforms: ['ios'],
    notes: 'Written by a test.',
  }),
  'PUT /api/admin/apps/:id/releases/:releaseId': () => ({ version: '1.0.0', releasedOn: '2026-04-01' }),
  'PUT /api/admin/apps/:id/pages': () => ({
    accountDeletion: true,
    deletionDeleted: '<p>Your profile.</p>',
    supportEmail: 'help@example.com',
    faq: [{ question: 'Is it free?', answer: 'Yes.' }],
  }),
  'POST /api/apps/:id/deletion-requests': () => ({ email: 'ada@example.com', accountId: 'ada-1' }),
  'POST /apps/:slug/delete-account': (f) => VALID_BODIES['POST /api/apps/:id/deletion-requests']!(f),
  'PATCH /api/admin/deletion-requests/:id': () => ({ status: 'in_progress', note: 'Checked by a test.' }),
  'PUT /api/admin/apps/:id/privacy-policy': () => ({ content: '<p>We keep nothing.</p>' }),
  'PUT /api/admin/locales': () => ({ defaultLocale: 'en', locales: [] }),
  'PUT /api/admin/translations/:type/:id/:locale': () => ({ fields: { title: 'Probe' }, isPublished: false }),
  // Issue 26 (helper F): mailing-list sign-ups, preferences and the Subscribers screen.
  'POST /api/subscriptions': () => ({ email: 'probe@example.com', list: 'studio', consent: true }),
  'POST /subscriptions': () => ({ email: 'probe@example.com', list: 'studio', consent: 'on' }),
  'POST /subscriptions/confirm': () => ({ token: 'a'.repeat(43) }),
  'PUT /api/subscriber-preferences/:token': () => ({ list: 'all', subscribed: false }),
  // Issue 27 (helper J): the analytics beacon (one page view).
  'POST /api/events': () => ({ n: 'pageview', p: '/', l: 'en' }),
  'POST /api/admin/subscribers/import': () => ({
    list: 'studio',
    source: 'Probe import',
    csv: 'probe-import@example.com\n',
  }),
};

/**
 * Routes whose reply is an endless event stream: app.inject would wait for its end forever. They
 * are called over real HTTP where they are tested (inbox.test.ts, the access-control table).
 */
export const STREAM_ROUTES: ReadonlySet<string> = new Set(['GET /api/admin/events']);

/** A small real PNG (2×2), as an upload body (multipart, its one file in the field "file"). */
export const PROBE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwXpVmvCqNAUIBACKWBQ1W9VvXAAAAAElFTkSuQmCC',
  'base64',
);
export const probeUpload = () => multipart([{ name: 'file', filename: 'probe.png', data: PROBE_PNG }]);

/** A plain User account the login body signs in as (create it with createUser). */
export const PROBE_USER = { username: 'probe', password: 'probe-pass' } as const;

/** One record of each kind, written through the API as the given staff member. */
export async function createFixtures(ctx: TestContext, cookie: string): Promise<Fixtures> {
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown, headers = { cookie }) => {
    const res = await ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
    if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const make = injectFactories(ctx.app, cookie);
  const none = {} as Fixtures;
  const appId = (await make.makeApp(VALID_BODIES['POST /api/apps']!(none) as AppInput)).id;
  const publishedPostId = (await make.makePost(appId, { isPublished: true })).id;
  const draftPostId = (await make.makePost(appId)).id;
  await call('POST', '/api/messages', VALID_BODIES['POST /api/messages']!(none), { cookie: '' });
  const [message] = (await ctx.app.inject({ url: '/api/messages', headers: { cookie } })).json() as { id: number }[];
  const socialLinkId = (await call('POST', '/api/social-media', VALID_BODIES['POST /api/social-media']!(none))).id;
  const image = await make.makeImage();
  // The app takes deletion requests; one is made by a visitor (issue 14).
  await call('PUT', `/api/admin/apps/${appId}/pages`, VALID_BODIES['PUT /api/admin/apps/:id/pages']!(none));
  const asked = await ctx.app.inject({
    method: 'POST',
    url: `/api/apps/${appId}/deletion-requests`,
    payload: VALID_BODIES['POST /api/apps/:id/deletion-requests']!(none) as Record<string, unknown>,
    remoteAddress: '203.0.113.250',
  });
  if (asked.statusCode !== 201) throw new Error(`fixture deletion request: ${asked.statusCode} ${asked.body}`);
  const [deletion] = (await ctx.app.inject({ url: '/api/admin/deletion-requests', headers: { cookie } })).json() as {
    id: number;
  }[];
  return {
    appId,
    publishedPostId,
    draftPostId,
    messageId: message!.id,
    socialLinkId,
    mediaId: image.id,
    mediaUrl: image.url,
    deletionRequestId: deletion!.id,
  };
}
