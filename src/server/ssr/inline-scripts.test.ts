// Inline scripts run only by their CSP hash: every one a page carries (the pre-paint theme script,
// the early tap capture, the Speculation Rules) is allowed by script-src, which has no 'unsafe-inline'.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { TAP_CAPTURE_SCRIPT } from '../../client/islands/tap-capture';
import { THEME_SCRIPT } from '../../client/lib/theme-script';
import { productionWeb } from './web';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { web: productionWeb() });
});

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

async function page(url: string) {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  const scriptSrc = String(res.headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);
  expect(scriptSrc, url).toBeDefined();
  // Inline scripts the browser runs: no src, and no data type (JSON-LD, the admin's boot data).
  const inline = [...res.body.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , text]) => text!);
  return { body: res.body, scriptSrc: scriptSrc!, inline };
}

describe('inline scripts and the Content-Security-Policy', () => {
  it('allows the early tap capture of a public page by its hash, never by unsafe-inline', async () => {
    for (const url of ['/', '/contact', '/about']) {
      const { scriptSrc, inline } = await page(url);
      expect(inline, url).toContain(TAP_CAPTURE_SCRIPT);
      expect(scriptSrc, url).toContain(hashSource(TAP_CAPTURE_SCRIPT));
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
    }
  });

  it('runs the capture after the theme script and before the stylesheets and the loader', async () => {
    const { body } = await page('/');
    const at = (text: string) => body.indexOf(text);
    expect(at(THEME_SCRIPT)).toBeGreaterThan(0);
    expect(at(TAP_CAPTURE_SCRIPT)).toBeGreaterThan(at(THEME_SCRIPT));
    expect(at('<link rel="stylesheet"')).toBeGreaterThan(at(TAP_CAPTURE_SCRIPT));
    expect(at('<script type="module"')).toBeGreaterThan(at(TAP_CAPTURE_SCRIPT));
  });

  it('allows every inline script a page carries by its hash (public pages and the admin shell)', async () => {
    for (const url of ['/', '/blog', '/admin-page/login']) {
      const { scriptSrc, inline } = await page(url);
      expect(inline.length, url).toBeGreaterThan(0);
      for (const text of inline) expect(scriptSrc, `${url}: ${text.slice(0, 60)}`).toContain(hashSource(text));
    }
  });

  it('leaves the capture out of the admin shell, which has no islands', async () => {
    const { body, inline } = await page('/admin-page/login');
    expect(inline).toContain(THEME_SCRIPT);
    expect(body).not.toContain(TAP_CAPTURE_SCRIPT);
  });
});
