// The stylesheets lose Tailwind's fallbacks for browsers without color-mix() (scripts/vite-modern-css.ts).
import { describe, expect, it } from 'vitest';
import { modernCss } from '../../scripts/vite-modern-css';

describe('the built stylesheet', () => {
  it('keeps only the color-mix() colour of a translucent utility', () => {
    const css =
      '.bg-primary\\/10{background-color:var(--primary)}' +
      '@supports (color:color-mix(in lab, red, red)){.bg-primary\\/10{background-color:color-mix(in oklab, var(--primary) 10%, transparent)}}' +
      '.p-4{padding:1rem}';
    expect(modernCss(css)).toBe(
      '.bg-primary\\/10{background-color:color-mix(in oklab, var(--primary) 10%, transparent)}.p-4{padding:1rem}',
    );
  });

  it('leaves other @supports rules, media queries and plain rules as they are', () => {
    const css =
      '@supports (anchor-name:--a){.tip{position-anchor:--a}}' +
      '@media (width>=40rem){.sm\\:flex{display:flex}}' +
      '.a{color:red;color:blue}';
    const out = modernCss(css);
    expect(out).toContain('@supports (anchor-name:--a){.tip{position-anchor:--a}}');
    expect(out).toContain('.sm\\:flex{display:flex}');
    expect(out).toContain('.a{color:');
  });
});
