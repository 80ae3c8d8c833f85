// Web hardening and the error shape: headers, cross-site writes, content types, body limit,
// malformed JSON, unknown API paths, health checks (DESIGN "Errors" and "abuse").
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError as expectApiError } from '../../../tests/setup/api';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';

const EVIL = 'https://evil.example';
const contact = {
  email: 'hello@studio.test',
  location: 'Lisbon',
  twitterLink: '',
  linkedinLink: '',
  githubLink: '',
};

let ctx: TestContext;
let https: TestContext;
/** Its database is closed by the last test. */
let doomed: TestContext;
let admin: string;
let editor: string;

beforeAll(async () => {
  [ctx, https, doomed] = await Promise.all([
    createTestApp(),
    createTestApp({ siteUrl: 'https://studio.example' }),
    createTestApp(),
  ]);
  ({ admin, editor } = await staffSessions(ctx));
});

const inject = (options: InjectOptions) => ctx.app.inject(options);

/** The one error shape: { message, code, issues? } as JSON, nothing else. */
function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  const body = expectApiError(res, status, code, message);
  expect(Object.keys(body).filter((k) => !['message', 'code', 'issues'].includes(k))).toEqual([]);
  return body;
}

function cspDirectives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

async function currentContactEmail(): Promise<string | undefined> {
  const res = await inject({ method: 'GET', url: '/api/contact' });
  expect(res.statusCode).toBe(200);
  return res.json()?.email;
}

describe('security headers', () => {
  it('carry a strict Content-Security-Policy, nosniff and a Referrer-Policy on every kind of reply', async () => {
    const replies = await Promise.all([
      inject({ method: 'GET', url: '/healthz' }),
      inject({ method: 'GET', url: '/api/apps' }),
      inject({ method: 'GET', url: '/api/nope' }),
      inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'admin', password: 'wrong' },
      }),
      inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { cookie: admin },
      }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 200]);
    for (const res of replies) {
      const csp = cspDirectives(res);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).not.toContain('*');
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('mark API replies as not cacheable', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: admin },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('add HSTS and upgrade-insecure-requests only when the site is served over https', async () => {
    const plain = await inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(cspDirectives(plain).has('upgrade-insecure-requests')).toBe(false);

    const secure = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(cspDirectives(secure).has('upgrade-insecure-requests')).toBe(true);
    expect(cspDirectives(secure).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('cross-site request forgery', () => {
  it('refuses writes from a foreign Origin with 403, even with a valid session cookie', async () => {
    const before = await currentContactEmail();
    const put = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin, origin: EVIL },
      payload: { ...contact, email: 'attacker@evil.example' },
    });
    expectError(put, 403, 'FORBIDDEN');
    expect(await currentContactEmail()).toBe(before);

    // The session survives a forged logout.
    expectError(
      await inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { cookie: admin, origin: EVIL },
      }),
      403,
      'FORBIDDEN',
    );
    expect(
      (
        await inject({
          method: 'GET',
          url: '/api/admin/me',
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(200);

    // No user is created or deleted behind the administrator's back.
    expectError(
      await inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: { cookie: admin, origin: EVIL },
        payload: {
          username: 'planted',
          password: 'planted-pass',
          isAdmin: true,
        },
      }),
      403,
      'FORBIDDEN',
    );
    const users = await inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: admin },
    });
    expect(users.json().map((u: { username: string }) => u.username)).not.toContain('planted');

    for (const method of ['DELETE', 'PATCH'] as const) {
      const url = method === 'DELETE' ? '/api/messages/1' : '/api/messages/1/read';
      expectError(
        await inject({
          method,
          url,
          headers: { cookie: editor, origin: EVIL },
        }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('refuses a cross-site sign-in and a cross-site contact message', async () => {
    const login = await inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: EVIL },
      payload: { username: 'admin', password: 'admin-pass' },
    });
    expectError(login, 403, 'FORBIDDEN');
    expect(login.headers['set-cookie']).toBeUndefined();

    const message = await inject({
      method: 'POST',
      url: '/api/messages',
      headers: { origin: EVIL },
      payload: {
        firstName: 'Eve',
        lastName: 'Evil',
        email: 'eve@evil.example',
        subject: 'Hi',
        message: 'Sent from another site.',
      },
    });
    expectError(message, 403, 'FORBIDDEN');
    const inbox = await inject({
      method: 'GET',
      url: '/api/messages',
      headers: { cookie: admin },
    });
    expect(inbox.json().map((m: { email: string }) => m.email)).not.toContain('eve@evil.example');
  });

  it('refuses an Origin of "null" and a different port or scheme of the same host', async () => {
    for (const origin of ['null', 'http://studio.test:8080', 'https://studio.test', 'http://evil.studio.test']) {
      const res = await inject({
        method: 'PUT',
        url: '/api/contact',
        headers: { cookie: admin, host: 'studio.test', origin },
        payload: contact,
      });
      expectError(res, 403, 'FORBIDDEN');
    }
  });

  it('allows writes whose Origin matches the Host header', async () => {
    const res = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: {
        cookie: admin,
        host: 'studio.test',
        origin: 'http://studio.test',
      },
      payload: { ...contact, email: 'same-origin@studio.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await currentContactEmail()).toBe('same-origin@studio.test');
  });

  it("allows writes whose Origin is the configured site's own origin", async () => {
    const res = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: {
        cookie: admin,
        host: 'internal:8080',
        origin: new URL(ctx.config.siteUrl).origin,
      },
      payload: { ...contact, email: 'site-origin@studio.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await currentContactEmail()).toBe('site-origin@studio.test');
  });

  it('allows writes without an Origin (same-origin tools, older browsers)', async () => {
    const res = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin },
      payload: { ...contact, email: 'no-origin@studio.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses writes marked Sec-Fetch-Site: cross-site, and allows same-origin, same-site and none', async () => {
    const before = await currentContactEmail();
    const cross = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin, 'sec-fetch-site': 'cross-site' },
      payload: { ...contact, email: 'cross@evil.example' },
    });
    expectError(cross, 403, 'FORBIDDEN');
    expect(await currentContactEmail()).toBe(before);

    for (const site of ['same-origin', 'same-site', 'none']) {
      const res = await inject({
        method: 'PUT',
        url: '/api/contact',
        headers: { cookie: admin, 'sec-fetch-site': site },
        payload: { ...contact, email: `${site}@studio.test` },
      });
      expect(res.statusCode, `${site}: ${res.body}`).toBe(200);
    }
  });

  it('lets reads through whatever their Origin', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/admin/check-auth',
      headers: { cookie: admin, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAuthenticated: true });
  });
});

describe('request bodies', () => {
  it('refuses a text/plain body with 415 (signed in)', async () => {
    const res = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin, 'content-type': 'text/plain' },
      payload: JSON.stringify(contact),
    });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses form-encoded and multipart bodies with 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await inject({
        method: 'POST',
        url: '/api/messages',
        headers: { 'content-type': type },
        payload: 'firstName=Ada',
      });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses a JSON body over 1 MB with 413, and judges one just under it on its content', async () => {
    const big = JSON.stringify({
      ...contact,
      location: 'x'.repeat(1024 * 1024),
    });
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    const tooBig = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: big,
    });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');

    const almost = JSON.stringify({
      ...contact,
      location: 'x'.repeat(1024 * 1024 - 500),
    });
    expect(Buffer.byteLength(almost)).toBeLessThanOrEqual(1024 * 1024);
    const underLimit = await inject({
      method: 'PUT',
      url: '/api/contact',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: almost,
    });
    // Under the limit the body is read and validated (the location is too long), not refused for size.
    const body = expectError(underLimit, 422, 'VALIDATION_FAILED');
    expect(body.issues?.map((i) => i.path)).toEqual(['location']);
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    for (const payload of ['{"email":', "{'email': 'x'}", 'not json at all']) {
      const res = await inject({
        method: 'PUT',
        url: '/api/contact',
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload,
      });
      expectError(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON');
    }
  });

  it('answers a JSON body with a __proto__ key with 400, not 500', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"isAdmin":true},"firstName":"Ada"}',
    });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('answers a JSON body of the wrong type (array, null, string) with 422, not 500', async () => {
    for (const payload of ['[]', 'null', '"text"', '42']) {
      const res = await inject({
        method: 'PUT',
        url: '/api/contact',
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload,
      });
      expectError(res, 422, 'VALIDATION_FAILED');
    }
  });
});

describe('unknown paths', () => {
  it('answers unknown /api paths with 404 NOT_FOUND for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await inject({
        method,
        url: '/api/nope',
        headers: { cookie: admin },
      });
      expectError(res, 404, 'NOT_FOUND');
    }
    expectError(await inject({ method: 'GET', url: '/api/nope/deeper?x=1' }), 404, 'NOT_FOUND');
  });
});

describe('health checks', () => {
  it('/healthz is 200', async () => {
    const res = await inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 while the database answers', async () => {
    const res = await inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: ctx.database.engine });
  });
});

// The documented set-up (docs/deploy.md): TLS ends at a proxy that forwards to http://127.0.0.1:3000
// with X-Forwarded-Proto/Host/For. The browser's Origin is the public https origin.
describe('behind an HTTPS reverse proxy', () => {
  let proxied: TestContext;
  let hops: TestContext;
  const visitor = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    subject: 'Through the proxy',
    message: 'Sent from the public https site.',
  };
  const forwarded = {
    host: '127.0.0.1:3000',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'studio.example',
    'x-forwarded-for': '203.0.113.7',
    origin: 'https://studio.example',
    'sec-fetch-site': 'same-origin',
  };

  beforeAll(async () => {
    [proxied, hops] = await Promise.all([
      // SITE_URL set and the proxy's address trusted, as docs/deploy.md says.
      createTestApp({ siteUrl: 'https://studio.example', trustProxy: ['127.0.0.1'] }),
      // SITE_URL forgotten, one trusted hop: the forwarded protocol and host still make the origin.
      createTestApp({ trustProxy: 1 }),
    ]);
  });

  it('accepts the contact form from the public origin when the proxy forwards to http://127.0.0.1', async () => {
    for (const target of [proxied, hops]) {
      const res = await target.app.inject({
        method: 'POST',
        url: '/api/messages',
        remoteAddress: '127.0.0.1',
        headers: forwarded,
        payload: visitor,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('accepts a sign-in attempt from the public origin (judged on the password, not refused as cross-site)', async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '127.0.0.1',
      headers: forwarded,
      payload: { username: 'nobody', password: 'wrong-password' },
    });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  it('ignores X-Forwarded-Proto/Host from an address that is not the trusted proxy', async () => {
    for (const target of [proxied, ctx]) {
      const res = await target.app.inject({
        method: 'POST',
        url: '/api/messages',
        remoteAddress: '198.51.100.9',
        headers: { ...forwarded, 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' },
        payload: visitor,
      });
      expectError(res, 403, 'FORBIDDEN');
    }
  });

  it('still refuses a foreign Origin that comes through the proxy', async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: '127.0.0.1',
      headers: { ...forwarded, origin: EVIL },
      payload: visitor,
    });
    expectError(res, 403, 'FORBIDDEN');
  });
});

// Last: this closes a database, so it uses an app of its own.
describe('/readyz without a database', () => {
  it('is 503 SERVICE_UNAVAILABLE once the database is closed', async () => {
    expect((await doomed.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await doomed.database.close();
    // The test harness closes the database again after the file; closing twice would throw.
    doomed.database.close = async () => {};

    const res = await doomed.app.inject({ method: 'GET', url: '/readyz' });
    expectError(res, 503, 'SERVICE_UNAVAILABLE');
    // Liveness does not depend on the database.
    expect((await doomed.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
