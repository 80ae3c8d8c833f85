// Where passkeys work (issue 23): a passkey is bound to its relying party's id (a host name), so the
// site takes them at SITE_URL's own origin, and at localhost for development and tests. The WebAuthn
// checks themselves are @simplewebauthn/server's (passkeys.routes.ts).

/**
 * The relying party a request speaks for: its Origin when that is exactly SITE_URL's origin, or
 * `localhost` (any port) where that is allowed; the RP ID is that origin's host. Any other origin
 * (another host, an IP address, which WebAuthn does not allow as an RP ID) gets null.
 */
export function relyingParty(
  origin: string | undefined,
  siteUrl: string,
  { allowLocalhost }: { allowLocalhost: boolean },
): { origin: string; rpID: string } | null {
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (url.hostname === 'localhost') return allowLocalhost ? { origin: url.origin, rpID: 'localhost' } : null;
  const site = new URL(siteUrl);
  if (url.origin === site.origin && !/^[\d.]+$|^\[/.test(site.hostname))
    return { origin: url.origin, rpID: site.hostname };
  return null;
}

/**
 * localhost is for development and tests, and for a production build whose SITE_URL is itself on
 * this machine (the end-to-end tests'); a public site takes passkeys at its own address only.
 */
export function localhostAllowed(config: { nodeEnv: string; siteUrl: string }): boolean {
  if (config.nodeEnv !== 'production') return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.siteUrl).hostname);
}
