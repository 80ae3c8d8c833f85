// The only inline scripts a page carries, each allowed by its CSP hash: the pre-paint theme script,
// and on public pages the capture of a press made before the island loader has arrived and the
// Speculation Rules (prefetch a page when the visitor is about to open it).
import { createHash } from 'node:crypto';
import { TAP_CAPTURE_SCRIPT } from '../../client/islands/tap-capture';
import { THEME_SCRIPT } from '../../client/lib/theme-script';

/** The site's own pages, not the admin, the API or files (anything with a dot: feeds, images). */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/admin-page*' } },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: '/*.*' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** CSP sources that allow exactly these inline scripts. */
export function inlineScriptHashes(): string[] {
  return [sha256(THEME_SCRIPT), sha256(TAP_CAPTURE_SCRIPT), sha256(SPECULATION_RULES)];
}
