import { describe, expect, it } from 'vitest';
import { compareRevision, fieldText } from './diff';

const marked = (parts: { text: string; change: string }[] | null) =>
  parts?.map((p) => (p.change === 'same' ? p.text : p.change === 'added' ? `{+${p.text}}` : `[-${p.text}]`)).join('');

describe('fieldText', () => {
  it('reads rich text as plain lines, one per paragraph, entities decoded', () => {
    expect(
      fieldText('<h2>Who</h2><p>We are <strong>two</strong> friends &amp; a cat.</p><ul><li>One</li></ul>', 'html'),
    ).toBe('Who\nWe are two friends & a cat.\nOne');
  });

  it('names images, which have no words of their own', () => {
    expect(fieldText('<p>Look: <img src="/a.png" alt="A red car"> and <img src="/b.png"></p>', 'html')).toBe(
      'Look: [Image: A red car] and [Image]',
    );
  });

  it('shows a date as DD/MM/YYYY, a list one per line, and nothing for null', () => {
    expect(fieldText('2025-05-14T00:00:00.000Z', 'date')).toBe('14/05/2025');
    expect(fieldText(['/a.png', '/b.png'], 'list')).toBe('/a.png\n/b.png');
    expect(fieldText(null, 'text')).toBe('');
  });
});

describe('compareRevision', () => {
  it('marks the words removed since the revision and those added in the current text, per field', () => {
    const fields = compareRevision(
      'about',
      { title: 'About us', content: '<p>We are two friends making games.</p>' },
      { title: 'About us', content: '<p>We are three friends making small games.</p>', version: 3 },
    );
    expect(fields.map((f) => [f.key, f.changed])).toEqual([
      ['title', false],
      ['content', true],
    ]);
    expect(marked(fields[1]!.parts)).toBe('We are [-two]{+three} friends making {+small }games.');
  });

  it('compares every field the kind keeps, and treats missing values as empty', () => {
    const fields = compareRevision('home', { heroTitle: 'Games', ctaText: 'Play' }, { heroTitle: 'Games' });
    expect(fields.map((f) => f.key)).toEqual([
      'heroTitle',
      'heroSubtitle',
      'heroContent',
      'introTitle',
      'introContent',
      'featuredAppTitle',
      'ctaText',
    ]);
    const cta = fields.find((f) => f.key === 'ctaText')!;
    expect(cta.changed).toBe(true);
    expect(marked(cta.parts)).toBe('[-Play]');
  });

  it('does not count markup or white space alone as a change', () => {
    const [, content] = compareRevision(
      'about',
      { title: 'T', content: '<p>Same <em>words</em> here.</p>' },
      { title: 'T', content: '<p>Same <strong>words</strong>   here.</p>' },
    );
    expect(content!.changed).toBe(false);
  });
});
