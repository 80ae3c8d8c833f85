import { createHash } from 'node:crypto';
import { THEME_SCRIPT } from '../../client/lib/theme-script';

/** The CSP source that allows exactly the inline pre-paint theme script. */
export function themeScriptHash(): string {
  return `sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}`;
}
