import { describe, expect, it } from 'vitest';
import { placeWhatWeMeasure } from './what-we-measure';

const TEXT = '<h2>What we measure</h2>\n<p>Kept 30 days.</p>';

describe('placeWhatWeMeasure', () => {
  it('goes at the end of the policy, or is the policy when there is none', () => {
    expect(placeWhatWeMeasure('<p>Intro.</p>\n', TEXT)).toBe(`<p>Intro.</p>\n${TEXT}`);
    expect(placeWhatWeMeasure('', TEXT)).toBe(TEXT);
  });

  it('replaces the one inserted before, keeping what follows it', () => {
    const before = '<p>Intro.</p><h2>What we measure</h2><p>Kept 7 days.</p><h2>Contact</h2><p>Mail us.</p>';
    expect(placeWhatWeMeasure(before, TEXT)).toBe(`<p>Intro.</p>${TEXT}\n<h2>Contact</h2><p>Mail us.</p>`);
    expect(placeWhatWeMeasure('<p>Intro.</p><h2>What we measure</h2><p>Kept 7 days.</p>', TEXT)).toBe(
      `<p>Intro.</p>${TEXT}`,
    );
  });
});
