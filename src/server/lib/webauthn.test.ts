import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeCbor } from '../../../tests/setup/webauthn';
import { coseToKey, decodeCbor, localhostAllowed, parseAuthenticatorData, relyingParty as rpWith, WebAuthnError } from './webauthn';

const relyingParty = (origin: string | undefined, siteUrl: string) => rpWith(origin, siteUrl, { allowLocalhost: true });

describe('relyingParty: where passkeys work', () => {
  const site = 'https://studio.example';

  it('localhost on any port and scheme, with RP ID localhost', () => {
    expect(relyingParty('http://localhost:5173', site)).toEqual({ origin: 'http://localhost:5173', rpID: 'localhost' });
    expect(relyingParty('https://localhost', site)).toEqual({ origin: 'https://localhost', rpID: 'localhost' });
  });

  it("SITE_URL's origin exactly, with its host as RP ID", () => {
    expect(relyingParty('https://studio.example', site)).toEqual({ origin: 'https://studio.example', rpID: 'studio.example' });
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

describe('the parsers refuse malformed input without throwing anything but WebAuthnError', () => {
  it('CBOR', () => {
    const map = encodeCbor(new Map<number | string, string | number>([['a', 1], [2, 'b']]));
    expect(decodeCbor(map).value).toEqual(new Map<number | string, string | number>([['a', 1], [2, 'b']]));
    for (const bad of [Buffer.from([]), map.subarray(0, map.length - 1), Buffer.from([0x5f]), Buffer.from([0xc0, 0x01])]) {
      expect(() => decodeCbor(bad)).toThrow(WebAuthnError);
    }
    const deep = Buffer.from(Array.from({ length: 40 }, () => 0x81).concat([0x01]));
    expect(() => decodeCbor(deep)).toThrow(WebAuthnError);
  });

  it('authenticator data and COSE keys', () => {
    expect(() => parseAuthenticatorData(Buffer.alloc(36))).toThrow(WebAuthnError);
    const withTrailing = Buffer.concat([Buffer.alloc(32), Buffer.from([0x01, 0, 0, 0, 1, 0xff])]);
    expect(() => parseAuthenticatorData(withTrailing)).toThrow(WebAuthnError);
    expect(() => coseToKey(encodeCbor(new Map([[1, 2], [3, -7], [-1, 1]])))).toThrow(WebAuthnError);
    // An EC point not on the curve.
    const off = encodeCbor(
      new Map<number, number | Buffer>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.alloc(32, 1)], [-3, Buffer.alloc(32, 2)]]),
    );
    expect(() => coseToKey(off)).toThrow(WebAuthnError);
    const { publicKey } = generateKeyPairSync('ed25519');
    const x = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
    expect(coseToKey(encodeCbor(new Map<number, number | Buffer>([[1, 1], [3, -8], [-1, 6], [-2, x]]))).alg).toBe(-8);
  });
});
