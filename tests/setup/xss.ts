// Rich text with every kind of hostile markup, and what the one sanitiser (src/server/lib/sanitize.ts)
// must have made of it: for the tests of every API that stores rich text (posts, pages).
import { expect } from 'vitest';

export const XSS_CONTENT = [
  '<p style="color:red;text-align:center" onclick="alert(1)">Hello<script>alert("xss")</script></p>',
  '<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="ok">',
  '<img src="data:image/png;base64,AAAA" alt="inline">',
  '<img src="/media/demo/shot-1.svg" alt="local">',
  '<a href="javascript:alert(1)">bad link</a>',
  '<a href="https://example.com/ext" target="_self">ext</a>',
  '<a href="mailto:hi@example.com">mail</a> <a href="tel:+15551234">call</a>',
  '<h2>Heading</h2><ul><li>item</li></ul><ol><li>step</li></ol><strong>b</strong><em>i</em><u>u</u>',
  '<blockquote>quote</blockquote><pre><code>code()</code></pre>',
  '<iframe src="https://evil.example"></iframe><div onmouseover="alert(1)">div text</div>',
].join('');

/** What the sanitiser must have done to XSS_CONTENT. */
export function expectSanitised(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toContain('alert');
  expect(html).not.toMatch(/\son\w+=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/data:/i);
  expect(html).not.toContain('color:red');
  expect(html).not.toMatch(/<iframe|<div/i);
  expect(html).toContain('<p style="text-align:center">Hello</p>');
  expect(html).toMatch(/<img src="https:\/\/cdn\.example\.com\/a\.png" alt="ok"\s*\/?>/);
  expect(html).toMatch(/<img src="\/media\/demo\/shot-1\.svg" alt="local"\s*\/?>/);
  expect(html).not.toContain('alt="inline"');
  expect(html).toContain('bad link');
  expect(html).toContain('<a href="https://example.com/ext" target="_blank" rel="noopener noreferrer">ext</a>');
  expect(html).toContain('<a href="mailto:hi@example.com">mail</a>');
  expect(html).toContain('<a href="tel:+15551234">call</a>');
  expect(html).toContain(
    '<h2>Heading</h2><ul><li>item</li></ul><ol><li>step</li></ol><strong>b</strong><em>i</em><u>u</u>',
  );
  expect(html).toContain('<blockquote>quote</blockquote><pre><code>code()</code></pre>');
  expect(html).toContain('div text');
}
