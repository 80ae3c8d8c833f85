// The stylesheets without Tailwind's fallbacks for browsers that lack color-mix() (decision 113).
// Tailwind v4 supports only browsers that have it (Safari 16.4+, Chrome 111+, Firefox 128+), yet
// writes each translucent colour twice: a plain colour, then the color-mix() one inside
// `@supports (color:color-mix(in lab, red, red))`. The public pages' first view is weighed to the
// byte (tests/e2e/budget.spec.ts): the wrapper and the fallback go, Lightning CSS merges the rules.
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

/** Tailwind's minimum browsers, as Lightning CSS writes versions (major << 16 | minor << 8). */
const TARGETS = { chrome: 111 << 16, safari: (16 << 16) | (4 << 8), firefox: 128 << 16 };
const COLOR_MIX_SUPPORTS = /@supports \(color:\s*color-mix\(in lab,\s*red,\s*red\)\)\s*\{((?:[^{}]*\{[^{}]*\})*)\}/g;
/** `prop:plain;prop:color-mix(…)` in one rule, after the merge: the plain one is the fallback. */
const FALLBACK_THEN_MIX = /([a-z-]+):[^;{}]*;\1:(color-mix\([^;{}]*)/g;

export function modernCss(css: string): string {
  const unwrapped = css.replace(COLOR_MIX_SUPPORTS, '$1');
  const merged = transform({ filename: 'public.css', code: Buffer.from(unwrapped), minify: true, targets: TARGETS });
  return merged.code.toString().replace(FALLBACK_THEN_MIX, '$1:$2');
}

export function modernCssPlugin(): Plugin {
  return {
    name: 'studio:modern-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string') {
          file.source = modernCss(file.source);
        }
      }
    },
  };
}
