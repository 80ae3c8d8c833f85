// The feeds and the sitemap stay well-formed XML 1.0 whatever characters staff content holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { injectFactories } from '../../../tests/factories';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { xml } from './feeds';
import { readSitemap } from '../../../tests/setup/sitemap';

// XML 1.0 "Char": what a document may contain at all (https://www.w3.org/TR/xml/#charsets).
const XML_DOCUMENT = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
// An ampersand that does not start an entity or character reference breaks well-formedness too.
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

function expectWellFormedCharacters(body: string) {
  const bad = [...body].filter((c) => !XML_DOCUMENT.test(c));
  expect(
    bad.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`),
    'characters XML 1.0 forbids',
  ).toEqual([]);
  expect(body).not.toMatch(BARE_AMPERSAND);
}

// Every kind of character XML 1.0 forbids: C0 controls, a vertical tab, the non-characters U+FFFE
// and U+FFFF, and both halves of a surrogate pair on their own (low before high is no pair).
const FORBIDDEN = '\u0000\u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uDFFF\uD800';

describe('xml()', () => {
  it('drops every character outside XML 1.0 Char and escapes markup', () => {
    expect(xml(`a${FORBIDDEN}b <i>"x" & 'y'</i>`)).toBe('ab &lt;i&gt;&quot;x&quot; &amp; &apos;y&apos;&lt;/i&gt;');
  });

  it('keeps tab, line breaks, non-ASCII text and characters beyond the BMP', () => {
    const text = 'tab\there\nline\r\nÉté 夏 — 🎮 \u0085 \uE000 \uFFFD';
    expect(xml(text)).toBe(text);
  });
});

describe('feeds and sitemap with control characters in staff content', () => {
  let ctx: TestContext;
  let appId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const make = injectFactories(ctx.app, (await staffSessions(ctx)).admin);
    appId = (await make.makeApp({ title: `Bell\u0001 \u000BTower\uFFFE & <Co>` })).id;
    await make.makePost(appId, {
      title: `Patch\u0001 notes\u000B\u001F \uFFFE\uFFFF 1.2 & "more"`,
      content: `<p>Fixed\u0001 the\u000B lighthouse \uFFFE bug &amp; more: &#1; &#x1F; &#xFFFE;</p>`,
      isPublished: true,
    });
  });

  it('the site feed is well-formed and keeps the readable text', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expectWellFormedCharacters(res.body);
    // (Lone surrogates never get this far: the input hook refuses them; xml() is tested with them above.)
    expect(res.body).toContain('<title>Patch notes  1.2 &amp; &quot;more&quot;</title>');
    expect(res.body).toContain('<category>Bell Tower &amp; &lt;Co&gt;</category>');
    // Character references to forbidden characters (&#1;) are decoded for the excerpt, then dropped.
    expect(res.body).toMatch(/<description>Fixed the lighthouse {2}bug &amp; more:\s*<\/description>/);
  });

  it("the app's feed is well-formed", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/apps/${appId}/rss.xml` });
    expect(res.statusCode).toBe(200);
    expectWellFormedCharacters(res.body);
    expect(res.body).toContain('<title>Bell Tower &amp; &lt;Co&gt; blog</title>');
  });

  it("the blog index's feed is well-formed, and links each post by its readable address", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(res.statusCode).toBe(200);
    expectWellFormedCharacters(res.body);
    expect(res.body).toContain('<title>Patch notes  1.2 &amp; &quot;more&quot;</title>');
    // The slug is made from the title: only letters and digits survive.
    expect(res.body).toMatch(/<link>[^<]*\/blogs\/\d+\/patch-notes-1-2-more<\/link>/);
  });

  it('the sitemap is well-formed', async () => {
    const body = await readSitemap(ctx.app);
    expectWellFormedCharacters(body);
    expect(body).toMatch(/<loc>[^<]*\/blogs\/\d+\/patch-notes-1-2-more<\/loc>/);
  });
});
