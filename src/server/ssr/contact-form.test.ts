// The contact form without JavaScript: a plain urlencoded POST to /contact, validated by the same
// schema with the same messages, answered with the form again or a redirect to a notice.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { productionWeb } from './web';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ contactMaxPerHour: 3 }, { web: productionWeb() });
  ({ admin } = await staffSessions(ctx));
});

const VALID = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Hello from a browser without JavaScript',
  message: 'Your games run on my old phone. Thank you!',
};

let address = 0;
/** Posts the form as a browser does, each call from its own address unless one is given. */
const post = (fields: Record<string, string>, from = `198.51.100.${++address}`, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/contact',
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const inbox = async () =>
  (await ctx.app.inject({ url: '/api/messages', headers: { cookie: admin } })).json<{ subject: string }[]>();

/** The value attribute of a form field in the page. */
const valueOf = (html: string, name: string) =>
  new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>([^<]*)`).exec(html)?.[0] ?? '';

describe('contact form without JavaScript', () => {
  it('answers a form with errors with the page again: the spec messages, the values, nothing sent', async () => {
    const res = await post({ ...VALID, email: 'not-an-email', message: 'short', firstName: '' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain('First name is required');
    expect(html).toContain('Invalid email address');
    expect(html).toContain('Message must be at least 10 characters');
    expect(html).not.toContain('Subject is required');
    // The fields keep what the visitor typed, and are marked invalid where refused.
    expect(valueOf(html, 'lastName')).toContain('value="Lovelace"');
    expect(valueOf(html, 'email')).toContain('value="not-an-email"');
    expect(valueOf(html, 'email')).toContain('aria-invalid="true"');
    expect(valueOf(html, 'message')).toContain('>short');
    expect(await inbox()).toEqual([]);
  });

  it('sends a valid form and redirects to the page with a notice that is never cached', async () => {
    const res = await post(VALID);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=1');
    expect((await inbox()).map((m) => m.subject)).toContain(VALID.subject);

    const notice = await ctx.app.inject({ url: '/contact?sent=1' });
    expect(notice.statusCode).toBe(200);
    expect(notice.body).toContain('Message sent');
    expect(notice.body).toContain('Thank you for your message. We&#x27;ll get back to you soon.');
    // The same for everyone: kept under its own key, so the address cannot be used to skip the cache.
    expect(notice.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const pages = ctx.app.caches.pages!;
    const kept = pages.size;
    const again = await ctx.app.inject({ url: '/contact?sent=1&utm_source=mail' });
    expect(again.headers.etag).toBe(notice.headers.etag);
    expect(pages.size).toBe(kept);
    // The plain page (cached, shared) has no notice.
    const plain = await ctx.app.inject({ url: '/contact' });
    expect(plain.body).not.toContain('Message sent');
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(plain.headers.etag).not.toBe(notice.headers.etag);
  });

  it('escapes what the visitor typed', async () => {
    const res = await post({ ...VALID, email: '"><script>alert(1)</script>' });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('drops a message whose honeypot is filled in, as the API does', async () => {
    const res = await post({ ...VALID, subject: 'Bot offer', website: 'https://spam.example' });
    expect(res.statusCode).toBe(303);
    expect((await inbox()).map((m) => m.subject)).not.toContain('Bot offer');
  });

  it('shares the API limit per address, and keeps the values when refused', async () => {
    const from = '203.0.113.50';
    for (let i = 0; i < 3; i += 1) expect((await post(VALID, from)).statusCode).toBe(303);
    const refused = await post({ ...VALID, subject: 'One too many' }, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Failed to send your message. Please try again later.');
    expect(valueOf(refused.body, 'subject')).toContain('value="One too many"');
  });

  it('refuses a post from another site', async () => {
    const res = await post(VALID, undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });
});
