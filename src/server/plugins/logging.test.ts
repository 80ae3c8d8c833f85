// Bad input is a 4xx with a clear message, and the log never holds a request body, a password or
// the values a failed query was given (issue 8 #13: NUL characters answered 500 and logged the
// visitor's details).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { users } from '../db/schema';
import { NUL_MESSAGE, UNICODE_MESSAGE } from './security';

// Markers that must never appear in a log line.
const SECRET = 'SECRET-PASSWORD-4821';
const DETAIL = 'VISITOR-DETAIL-9931';

const lines: string[] = [];
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  ({ admin } = await staffSessions(ctx));
});

const entries = () => lines.map((line) => JSON.parse(line) as { level: number; msg?: string });

const message = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Hello',
  message: `${DETAIL} is a message long enough.`,
};
const app = {
  title: `Lantern ${DETAIL}`,
  description: 'A game.',
  icon: 'https://cdn.example/icon.png',
  screenshots: ['https://cdn.example/shot.png'],
};

describe('NUL characters in input', () => {
  // [what, method, url, payload, signed in, path of the field]
  const cases: [string, 'POST' | 'PUT', string, Record<string, unknown>, boolean, string][] = [
    ['sign-in username', 'POST', '/api/admin/login', { username: 'admin\u0000', password: SECRET }, false, 'username'],
    [
      'sign-in password',
      'POST',
      '/api/admin/login',
      { username: 'admin', password: `${SECRET}\u0000` },
      false,
      'password',
    ],
    [
      'change password',
      'PUT',
      '/api/admin/change-password',
      { currentPassword: `${SECRET}\u0000`, newPassword: SECRET, confirmPassword: SECRET },
      true,
      'currentPassword',
    ],
    ['contact form', 'POST', '/api/messages', { ...message, lastName: `Love\u0000lace ${DETAIL}` }, false, 'lastName'],
    ['contact honeypot', 'POST', '/api/messages', { ...message, website: `\u0000${DETAIL}` }, false, 'website'],
    ['an app', 'POST', '/api/apps', { ...app, description: `A\u0000game ${DETAIL}` }, true, 'description'],
    [
      'an app screenshot',
      'POST',
      '/api/apps',
      { ...app, screenshots: ['https://cdn.example/\u0000.png'] },
      true,
      'screenshots.0',
    ],
    [
      'a post',
      'POST',
      '/api/admin/blogs',
      { appId: 1, title: 'Notes', content: `<p>${DETAIL}\u0000</p>` },
      true,
      'content',
    ],
    ['About Us', 'PUT', '/api/about-us', { content: `<p>${DETAIL}\u0000</p>` }, true, 'content'],
    [
      'privacy policy',
      'PUT',
      '/api/privacy-policy',
      { content: `<p>\u0000${DETAIL}</p>`, lastUpdated: '2026-01-01' },
      true,
      'content',
    ],
    [
      'home texts',
      'PUT',
      '/api/home-content',
      { heroTitle: `Hi\u0000${DETAIL}`, featuredAppTitle: 'Apps' },
      true,
      'heroTitle',
    ],
    ['contact details', 'PUT', '/api/contact', { email: 'a@b.example', location: `\u0000${DETAIL}` }, true, 'location'],
    ['a key', 'PUT', '/api/contact', { email: 'a@b.example', [`x\u0000${DETAIL}`]: 1 }, true, `x\u0000${DETAIL}`],
  ];

  it.each(cases)('in %s is a 422 naming the field', async (_what, method, url, payload, signedIn, path) => {
    const res = await ctx.app.inject({ method, url, payload, headers: signedIn ? { cookie: admin } : {} });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: NUL_MESSAGE,
      code: 'VALIDATION_FAILED',
      issues: [{ path, message: NUL_MESSAGE }],
    });
  });

  it('a lone UTF-16 surrogate is refused the same way, on both engines', async () => {
    const cases: ['POST' | 'PUT', string, object, boolean][] = [
      ['POST', '/api/apps', { ...app, title: 'A\udc00\udc00b' }, true],
      ['POST', '/api/admin/login', { username: '\udc00', password: 'whatever-password' }, false],
      ['PUT', '/api/contact', { email: 'a@b.example', location: 'é\ud800' }, true],
    ];
    for (const [method, url, payload, signedIn] of cases) {
      const res = await ctx.app.inject({ method, url, payload, headers: signedIn ? { cookie: admin } : {} });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(UNICODE_MESSAGE);
    }
    // A paired surrogate (an emoji) is ordinary text.
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin },
      payload: { email: 'a@b.example', location: 'Bristol 🎮' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('in a query string or a path is a 400', async () => {
    for (const url of ['/api/apps?search=%00', '/api/apps/%00', '/apps/%00/rss.xml']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });

  it('deep nesting is checked without overflowing the stack', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: `{"email":"a@b.example","location":${deep}}`,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(NUL_MESSAGE);
  });

  it('nothing was stored and nothing logged the bodies', async () => {
    const inbox = await ctx.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie: admin } });
    expect(inbox.json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/apps' })).json()).toEqual([]);

    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(DETAIL);
    expect(log).not.toContain('admin-pass');
    expect(entries().filter((e) => e.level >= 50)).toEqual([]);
  });
});

describe('logged errors', () => {
  it("hold the failed query but neither its parameters nor PostgreSQL's detail", async () => {
    const values = { username: `dup-${DETAIL}`, password: `hash-${SECRET}`, isAdmin: false };
    await ctx.database.db.insert(users).values(values);
    const error = await ctx.database.db
      .insert(users)
      .values(values)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    // The raw error does carry the data (what the serializer must remove).
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).toContain(SECRET);

    const before = lines.length;
    ctx.app.log.error({ err: error }, 'request failed');
    ctx.app.log.error(error as Error, 'request failed');
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('duplicate key');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(DETAIL);
  });

  it('redact passwords and bodies that a careless log call would include', () => {
    const before = lines.length;
    ctx.app.log.info({ body: { message: DETAIL }, password: SECRET, user: { password: SECRET } }, 'careless');
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('careless');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(DETAIL);
  });
});

describe('logged requests', () => {
  it("never show a link's secret from the query string (reset and confirmation links)", async () => {
    const before = lines.length;
    await ctx.app.inject({ method: 'GET', url: `/admin-page/reset-password?token=${SECRET}&x=1` });
    await ctx.app.inject({ method: 'GET', url: `/apps/none/delete-account/confirm?TOKEN=${SECRET}` });
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('/admin-page/reset-password?token=[Redacted]&x=1');
    expect(logged).not.toContain(SECRET);
  });
});
