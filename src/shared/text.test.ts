import { describe, expect, it } from 'vitest';
import { sliceWhole, truncate } from './text';

describe('sliceWhole', () => {
  it('cuts at the length, or one before when it would split an emoji', () => {
    expect(sliceWhole('abcdef', 3)).toBe('abc');
    expect(sliceWhole('abc', 5)).toBe('abc');
    // '😀' is two UTF-16 units: a cut after its first would leave half a character.
    expect(sliceWhole('a😀b', 2)).toBe('a');
    expect(sliceWhole('a😀b', 3)).toBe('a😀');
    expect(sliceWhole('😀'.repeat(101), 201)).toBe('😀'.repeat(100));
  });

  it('never leaves a lone surrogate, whatever the cut', () => {
    const text = 'x😀é😀😀y';
    for (let n = 0; n <= text.length; n++) {
      expect(sliceWhole(text, n)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });
});

describe('truncate', () => {
  it('keeps whole emoji before its ellipsis', () => {
    expect(truncate('😀😀😀', 3)).toBe('😀...');
  });
});
