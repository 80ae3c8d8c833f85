import { describe, expect, it } from 'vitest';
import { localhostAllowed, relyingParty as rpWith } from './relying-party';

const relyingParty = (origin: string | undefined, siteUrl: string) => rpWith(origin, siteUrl, { allowLocalhost: true });

describe('relyingParty: where passkeys work', () => {
  const site = 'https://studio.example';

  it('localhost on any port and scheme, with RP ID localhost', () => {
    expect(relyingParty('http://localhost:5173', site)).toEqual({ origin: 'http://localhost:5173', rpID: 'localhost' });
    expect(relyingParty('https://localhost', site)).toEqual({ origin: 'https://localhost', rpID: 'localhost' });
  });

  it("SITE_URL's origin exactly, with its host as RP ID", () => {
    expect(relyingParty('https://studio.example', site)).toEqual({
      origin: 'https://studio.example',
      rpID: 'studio.example',
    });
    expect(relyingParty('https://studio.example', 'https://studio.example/')).toEqual({
      origin: 'https://studio.example',
      rpID: 'studio.example',
    });
    expect(relyingParty('https://admin.studio.example:8443', 'https://admin.studio.example:8443')).toEqual({
      origin: 'https://admin.studio.example:8443',
      rpID: 'admin.studio.example',
    });
  });

  it('nothing else: other hosts, schemes, ports, IP addresses, malformed or missing origins', () => {
    for (const origin of [
      undefined,
      '',
      'null',
      'http://studio.example',
      'https://studio.example:444',
      'https://evil.example',
      'https://studio.example.evil',
      'https://sub.studio.example',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'https://studio.example/path',
      'localhost',
      'file://localhost',
    ]) {
      expect(relyingParty(origin, site), String(origin)).toBeNull();
    }
    // An IP address as SITE_URL cannot be an RP ID either.
    expect(relyingParty('http://127.0.0.1:4173', 'http://127.0.0.1:4173')).toBeNull();
  });

  it('localhost only in development and tests, or when SITE_URL is on this machine', () => {
    expect(rpWith('http://localhost:3000', site, { allowLocalhost: false })).toBeNull();
    expect(rpWith(site, site, { allowLocalhost: false })).toEqual({ origin: site, rpID: 'studio.example' });
    expect(localhostAllowed({ nodeEnv: 'development', siteUrl: site })).toBe(true);
    expect(localhostAllowed({ nodeEnv: 'test', siteUrl: site })).toBe(true);
    expect(localhostAllowed({ nodeEnv: 'production', siteUrl: site })).toBe(false);
    expect(localhostAllowed({ nodeEnv: 'production', siteUrl: 'http://127.0.0.1:4173' })).toBe(true);
    expect(localhostAllowed({ nodeEnv: 'production', siteUrl: 'http://localhost:3000' })).toBe(true);
  });
});
