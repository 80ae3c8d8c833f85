// Time-based one-time passwords (RFC 6238) with `otpauth`: SHA-1, 6 digits, 30-second steps, the
// parameters every authenticator app reads from an otpauth:// URI. The library compares codes in
// constant time; which step a code belongs to is returned so the caller can refuse a replay of it.
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now whose codes are still accepted (a clock a little off, a slow typist). */
export const TOTP_WINDOW = 1;

const totp = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    issuerInLabel: true,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommended length), base32 as apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step an instant falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);

/** The HOTP value of one counter (RFC 4226). */
export const hotp = (secret: string, counter: number): string =>
  new HOTP({ algorithm: 'SHA1', digits: TOTP_DIGITS, secret: Secret.fromBase32(secret) }).generate({ counter });

/** The code an authenticator shows at `at`. */
export const totpCode = (secret: string, at: Date): string => totp(secret).generate({ timestamp: at.getTime() });

/** The step whose code `code` is (now ± TOTP_WINDOW), or null. */
export function matchTotp(secret: string, code: string, at: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : stepAt(at) + delta;
}

/** The otpauth:// URI of Google Authenticator's key-URI format, read by every authenticator app. */
export function totpUri({ issuer, label, secret }: { issuer: string; label: string; secret: string }): string {
  return totp(secret, issuer, label).toString();
}
