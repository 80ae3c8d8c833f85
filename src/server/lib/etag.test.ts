import { describe, expect, it } from 'vitest';
import { etagOf, matchesEtag } from './etag';

describe('etag', () => {
  it('names the bytes: the same bytes, the same tag; a strong, quoted tag', () => {
    expect(etagOf('abc')).toBe(etagOf(Buffer.from('abc')));
    expect(etagOf('abc')).not.toBe(etagOf('abd'));
    expect(etagOf('abc')).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf('abc', 'sha256')).toMatch(/^"[\w-]{27}"$/);
  });

  it('If-None-Match matches the tag alone, in a list, weak, or *', () => {
    const tag = etagOf('abc');
    expect(matchesEtag(undefined, tag)).toBe(false);
    expect(matchesEtag(tag, tag)).toBe(true);
    expect(matchesEtag(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesEtag(`W/${tag}`, tag)).toBe(true);
    expect(matchesEtag('*', tag)).toBe(true);
    expect(matchesEtag('"other"', tag)).toBe(false);
  });
});
