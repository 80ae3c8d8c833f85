// The one-time codes against the RFC's own test vectors, so the implementation is checked by
// numbers it did not compute (the codes themselves come from the `otpauth` library).
import { Secret, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl } from './qr';
import { hotp, matchTotp, newTotpSecret, stepAt, totpCode, totpUri } from './totp';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), 8-digit values cut to their last 6.
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;
const RFC_6238: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
// RFC 4226 appendix D, counters 0..9.
const RFC_4226 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];

describe('totp', () => {
  it('gives the RFC 4226 HOTP values', () => {
    RFC_4226.forEach((value, counter) => expect(hotp(RFC_SECRET, counter)).toBe(value));
  });

  it('gives the RFC 6238 TOTP values (SHA-1)', () => {
    for (const [seconds, value] of RFC_6238)
      expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(value.slice(2));
  });

  it('accepts the code of the step before, now and after, and no other', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-26T12:00:15Z');
    const now = stepAt(at);
    for (const offset of [-1, 0, 1]) expect(matchTotp(secret, hotp(secret, now + offset), at)).toBe(now + offset);
    for (const offset of [-3, -2, 2, 3]) expect(matchTotp(secret, hotp(secret, now + offset), at)).toBeNull();
    expect(matchTotp(secret, '', at)).toBeNull();
    expect(matchTotp(secret, '12345', at)).toBeNull();
    expect(matchTotp(secret, `${hotp(secret, now)}0`, at)).toBeNull();
  });

  it('makes 160-bit base32 secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('writes the key URI authenticator apps read, and its QR code', async () => {
    const uri = totpUri({ issuer: 'Pixel Studio', label: 'ada', secret: RFC_SECRET });
    expect(uri).toBe(
      `otpauth://totp/Pixel%20Studio:ada?issuer=Pixel%20Studio&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`,
    );
    const parsed = URI.parse(uri);
    expect(parsed.issuer).toBe('Pixel Studio');
    expect(parsed.label).toBe('ada');
    const qr = await qrSvgDataUrl(uri);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString('utf8')).toMatch(/^<svg[^>]*viewBox/);
  });
});
