// WebAuthn (passkeys, issue 23) for the relying party: the options a browser is handed and the checks
// of what it answers, after W3C WebAuthn Level 3 §7.1 (registration) and §7.2 (authentication).
// Written here on node:crypto because @simplewebauthn/server is not in node_modules; the functions and
// JSON shapes follow its v14 API (generate*/verify*), so swapping the library in is a change of imports.
import { createHash, createPublicKey, randomBytes, verify, X509Certificate, type KeyObject } from 'node:crypto';

export type Base64URLString = string;
export type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';
export type CredentialDeviceType = 'singleDevice' | 'multiDevice';
type UserVerification = 'required' | 'preferred' | 'discouraged';

export interface CredentialDescriptorJSON {
  id: Base64URLString;
  type: 'public-key';
  transports?: AuthenticatorTransport[];
}

export type RegistrationOptionsJSON = {
  rp: { name: string; id: string };
  user: { id: Base64URLString; name: string; displayName: string };
  challenge: Base64URLString;
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout: number;
  excludeCredentials: CredentialDescriptorJSON[];
  authenticatorSelection: { residentKey: 'required'; requireResidentKey: true; userVerification: UserVerification };
  attestation: 'none';
  extensions: { credProps: true };
  hints: never[];
};

export type AuthenticationOptionsJSON = {
  challenge: Base64URLString;
  timeout: number;
  rpId: string;
  allowCredentials: CredentialDescriptorJSON[];
  userVerification: UserVerification;
};

/** What `navigator.credentials.create()` gives, as JSON (PublicKeyCredential.toJSON()). */
export interface RegistrationResponseJSON {
  id: Base64URLString;
  rawId: Base64URLString;
  type: 'public-key';
  response: { clientDataJSON: Base64URLString; attestationObject: Base64URLString; transports?: string[] };
  clientExtensionResults?: Record<string, unknown>;
  authenticatorAttachment?: string;
}

/** What `navigator.credentials.get()` gives, as JSON. */
export interface AuthenticationResponseJSON {
  id: Base64URLString;
  rawId: Base64URLString;
  type: 'public-key';
  response: {
    clientDataJSON: Base64URLString;
    authenticatorData: Base64URLString;
    signature: Base64URLString;
    userHandle?: Base64URLString | null;
  };
  clientExtensionResults?: Record<string, unknown>;
  authenticatorAttachment?: string;
}

/** A stored credential: its id and COSE public key (base64url) and its last signature counter. */
export interface WebAuthnCredential {
  id: Base64URLString;
  publicKey: Base64URLString;
  counter: number;
  transports?: AuthenticatorTransport[];
}

/** Why a response was refused (never shown to the caller as is: sign-in answers one generic 401). */
export class WebAuthnError extends Error {}

/** ES256, EdDSA (Ed25519) and RS256: what every current platform and security key offers. */
export const SUPPORTED_ALGORITHMS = [-7, -8, -257] as const;
const TIMEOUT_MS = 5 * 60 * 1000;
const TRANSPORTS = new Set<string>(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
function fromB64url(value: unknown, what: string): Buffer {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]*$/.test(value)) throw new WebAuthnError(`${what} is not base64url`);
  return Buffer.from(value, 'base64url');
}
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export function generateRegistrationOptions(input: {
  rpName: string;
  rpID: string;
  userID: Uint8Array;
  userName: string;
  userDisplayName?: string;
  excludeCredentials?: { id: Base64URLString; transports?: AuthenticatorTransport[] }[];
  userVerification?: UserVerification;
}): RegistrationOptionsJSON {
  return {
    rp: { name: input.rpName, id: input.rpID },
    user: { id: b64url(input.userID), name: input.userName, displayName: input.userDisplayName ?? input.userName },
    challenge: b64url(randomBytes(32)),
    pubKeyCredParams: SUPPORTED_ALGORITHMS.map((alg) => ({ alg, type: 'public-key' as const })),
    timeout: TIMEOUT_MS,
    excludeCredentials: (input.excludeCredentials ?? []).map((c) => ({
      id: c.id,
      type: 'public-key' as const,
      ...(c.transports?.length ? { transports: c.transports } : {}),
    })),
    // Discoverable credentials: signing in names no account, the passkey says whose it is.
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: input.userVerification ?? 'preferred',
    },
    attestation: 'none',
    extensions: { credProps: true },
    hints: [],
  };
}

export function generateAuthenticationOptions(input: {
  rpID: string;
  userVerification?: UserVerification;
}): AuthenticationOptionsJSON {
  return {
    challenge: b64url(randomBytes(32)),
    timeout: TIMEOUT_MS,
    rpId: input.rpID,
    allowCredentials: [],
    userVerification: input.userVerification ?? 'preferred',
  };
}

// ---- CBOR (RFC 8949): the definite-length subset authenticators write ----

type Cbor = number | bigint | Buffer | string | boolean | null | undefined | Cbor[] | Map<Cbor, Cbor>;
const MAX_DEPTH = 16;

/** Decodes one CBOR item at `offset`; returns it and where the next item starts. */
export function decodeCbor(data: Buffer, offset = 0, depth = 0): { value: Cbor; end: number } {
  if (depth > MAX_DEPTH) throw new WebAuthnError('CBOR nested too deeply');
  const need = (n: number) => {
    if (offset + n > data.length) throw new WebAuthnError('CBOR data ends early');
  };
  need(1);
  const initial = data[offset++]!;
  const major = initial >> 5;
  const info = initial & 0x1f;
  let length: number;
  if (info < 24) length = info;
  else if (info <= 27) {
    const size = 1 << (info - 24);
    need(size);
    const big = size === 8 ? data.readBigUInt64BE(offset) : BigInt(data.readUIntBE(offset, size));
    offset += size;
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new WebAuthnError('CBOR number too large');
    length = Number(big);
  } else throw new WebAuthnError('CBOR indefinite lengths are not supported');

  switch (major) {
    case 0:
      return { value: length, end: offset };
    case 1:
      return { value: -1 - length, end: offset };
    case 2:
      need(length);
      return { value: Buffer.from(data.subarray(offset, offset + length)), end: offset + length };
    case 3:
      need(length);
      return { value: data.toString('utf8', offset, offset + length), end: offset + length };
    case 4: {
      const items: Cbor[] = [];
      for (let i = 0; i < length; i++) {
        const item = decodeCbor(data, offset, depth + 1);
        items.push(item.value);
        offset = item.end;
      }
      return { value: items, end: offset };
    }
    case 5: {
      const map = new Map<Cbor, Cbor>();
      for (let i = 0; i < length; i++) {
        const key = decodeCbor(data, offset, depth + 1);
        if (typeof key.value !== 'number' && typeof key.value !== 'string') throw new WebAuthnError('CBOR map key');
        const value = decodeCbor(data, key.end, depth + 1);
        if (map.has(key.value)) throw new WebAuthnError('CBOR map key repeated');
        map.set(key.value, value.value);
        offset = value.end;
      }
      return { value: map, end: offset };
    }
    case 7:
      if (info === 20) return { value: false, end: offset };
      if (info === 21) return { value: true, end: offset };
      if (info === 22) return { value: null, end: offset };
      if (info === 23) return { value: undefined, end: offset };
      throw new WebAuthnError('CBOR value not supported');
    default:
      throw new WebAuthnError('CBOR tags are not supported');
  }
}

function decodeWhole(data: Buffer): Cbor {
  const { value, end } = decodeCbor(data);
  if (end !== data.length) throw new WebAuthnError('CBOR data has trailing bytes');
  return value;
}

// ---- Public keys (COSE, RFC 9053) ----

/** A COSE key as a Node key, with its algorithm; refuses what is not ES256, EdDSA or RS256. */
export function coseToKey(cose: Buffer): { key: KeyObject; alg: number } {
  const map = decodeWhole(cose);
  if (!(map instanceof Map)) throw new WebAuthnError('Public key is not a COSE key');
  const kty = map.get(1);
  const alg = map.get(3);
  const bytes = (label: number) => {
    const v = map.get(label);
    if (!Buffer.isBuffer(v)) throw new WebAuthnError('COSE key is incomplete');
    return v.toString('base64url');
  };
  try {
    if (kty === 2 && alg === -7 && map.get(-1) === 1) {
      return { alg, key: createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: bytes(-2), y: bytes(-3) }, format: 'jwk' }) };
    }
    if (kty === 1 && alg === -8 && map.get(-1) === 6) {
      return { alg, key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytes(-2) }, format: 'jwk' }) };
    }
    if (kty === 3 && alg === -257) {
      return { alg, key: createPublicKey({ key: { kty: 'RSA', n: bytes(-1), e: bytes(-2) }, format: 'jwk' }) };
    }
  } catch (error) {
    if (error instanceof WebAuthnError) throw error;
    throw new WebAuthnError('Public key is not valid');
  }
  throw new WebAuthnError('Public key algorithm is not supported');
}

function verifySignature(alg: number, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    // ES256 signatures are DER (Node's default); EdDSA takes no digest name.
    return verify(alg === -8 ? null : 'sha256', data, key, signature);
  } catch {
    return false;
  }
}

// ---- Authenticator data (WebAuthn §6.1) ----

interface AuthenticatorData {
  rpIdHash: Buffer;
  userPresent: boolean;
  userVerified: boolean;
  backupEligible: boolean;
  backedUp: boolean;
  counter: number;
  attested?: { aaguid: Buffer; credentialId: Buffer; publicKey: Buffer };
}

export function parseAuthenticatorData(data: Buffer): AuthenticatorData {
  if (data.length < 37) throw new WebAuthnError('Authenticator data is too short');
  const flags = data[32]!;
  const result: AuthenticatorData = {
    rpIdHash: data.subarray(0, 32),
    userPresent: Boolean(flags & 0x01),
    userVerified: Boolean(flags & 0x04),
    backupEligible: Boolean(flags & 0x08),
    backedUp: Boolean(flags & 0x10),
    counter: data.readUInt32BE(33),
  };
  let offset = 37;
  if (flags & 0x40) {
    if (data.length < offset + 18) throw new WebAuthnError('Attested credential data is too short');
    const aaguid = data.subarray(offset, offset + 16);
    const idLength = data.readUInt16BE(offset + 16);
    offset += 18;
    if (idLength > 1023 || data.length < offset + idLength) throw new WebAuthnError('Credential id is not valid');
    const credentialId = data.subarray(offset, offset + idLength);
    offset += idLength;
    const key = decodeCbor(data, offset);
    result.attested = { aaguid, credentialId, publicKey: data.subarray(offset, key.end) };
    offset = key.end;
  }
  if (flags & 0x80) offset = decodeCbor(data, offset).end;
  if (offset !== data.length) throw new WebAuthnError('Authenticator data has trailing bytes');
  if (result.backedUp && !result.backupEligible) throw new WebAuthnError('Backed up but not backup eligible');
  return result;
}

// ---- Shared checks ----

interface Expected {
  expectedChallenge: string;
  expectedOrigin: string;
  expectedRPID: string;
  requireUserVerification?: boolean;
}

function checkClientData(encoded: unknown, type: 'webauthn.create' | 'webauthn.get', expected: Expected): Buffer {
  const raw = fromB64url(encoded, 'clientDataJSON');
  let clientData: { type?: unknown; challenge?: unknown; origin?: unknown; crossOrigin?: unknown };
  try {
    clientData = JSON.parse(raw.toString('utf8')) as typeof clientData;
  } catch {
    throw new WebAuthnError('clientDataJSON is not JSON');
  }
  if (clientData.type !== type) throw new WebAuthnError(`Unexpected client data type ${String(clientData.type)}`);
  if (clientData.challenge !== expected.expectedChallenge) throw new WebAuthnError('Unexpected challenge');
  if (clientData.origin !== expected.expectedOrigin) throw new WebAuthnError(`Unexpected origin ${String(clientData.origin)}`);
  if (clientData.crossOrigin === true) throw new WebAuthnError('Cross-origin ceremonies are not accepted');
  return raw;
}

function checkAuthenticatorData(auth: AuthenticatorData, expected: Expected): void {
  if (!auth.rpIdHash.equals(sha256(expected.expectedRPID))) throw new WebAuthnError('Unexpected RP ID');
  if (!auth.userPresent) throw new WebAuthnError('User was not present');
  if (expected.requireUserVerification && !auth.userVerified) throw new WebAuthnError('User was not verified');
}

const deviceType = (auth: AuthenticatorData): CredentialDeviceType =>
  auth.backupEligible ? 'multiDevice' : 'singleDevice';

// ---- Registration (§7.1) ----

export interface VerifiedRegistration {
  verified: true;
  registrationInfo: {
    credential: WebAuthnCredential;
    credentialDeviceType: CredentialDeviceType;
    credentialBackedUp: boolean;
    userVerified: boolean;
    fmt: string;
  };
}

export function verifyRegistrationResponse(
  input: Expected & { response: RegistrationResponseJSON },
): VerifiedRegistration {
  const { response } = input;
  if (!response || typeof response !== 'object' || response.type !== 'public-key') {
    throw new WebAuthnError('Not a public key credential');
  }
  if (response.id !== response.rawId) throw new WebAuthnError('Credential id and raw id differ');
  const credentialId = fromB64url(response.id, 'Credential id');
  const clientDataJSON = checkClientData(response.response?.clientDataJSON, 'webauthn.create', input);

  const attestation = decodeWhole(fromB64url(response.response.attestationObject, 'attestationObject'));
  if (!(attestation instanceof Map)) throw new WebAuthnError('Attestation object is not a map');
  const fmt = attestation.get('fmt');
  const attStmt = attestation.get('attStmt');
  const authDataBytes = attestation.get('authData');
  if (typeof fmt !== 'string' || !(attStmt instanceof Map) || !Buffer.isBuffer(authDataBytes)) {
    throw new WebAuthnError('Attestation object is incomplete');
  }
  const auth = parseAuthenticatorData(authDataBytes);
  checkAuthenticatorData(auth, input);
  if (!auth.attested) throw new WebAuthnError('No credential in the attestation');
  if (!auth.attested.credentialId.equals(credentialId)) throw new WebAuthnError('Credential id does not match');
  const { key, alg } = coseToKey(auth.attested.publicKey);

  // We ask for no attestation ('none'); a 'packed' statement (self or with a certificate) is still
  // checked to be a valid signature, any other format is refused rather than taken unchecked.
  if (fmt === 'none') {
    if (attStmt.size !== 0) throw new WebAuthnError("A 'none' attestation has a statement");
  } else if (fmt === 'packed') {
    const sig = attStmt.get('sig');
    const stmtAlg = attStmt.get('alg');
    const x5c = attStmt.get('x5c');
    if (!Buffer.isBuffer(sig) || typeof stmtAlg !== 'number') throw new WebAuthnError('Packed attestation is incomplete');
    const signed = Buffer.concat([authDataBytes, sha256(clientDataJSON)]);
    let signer = key;
    if (x5c !== undefined) {
      if (!Array.isArray(x5c) || !Buffer.isBuffer(x5c[0])) throw new WebAuthnError('Packed attestation certificate');
      signer = new X509Certificate(x5c[0]).publicKey;
    } else if (stmtAlg !== alg) throw new WebAuthnError('Packed self attestation algorithm differs');
    if (!verifySignature(stmtAlg, signer, signed, sig)) throw new WebAuthnError('Attestation signature is not valid');
  } else {
    throw new WebAuthnError(`Attestation format ${fmt} is not supported`);
  }

  const transports = (response.response.transports ?? []).filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t));
  return {
    verified: true,
    registrationInfo: {
      credential: {
        id: response.id,
        publicKey: b64url(auth.attested.publicKey),
        counter: auth.counter,
        transports,
      },
      credentialDeviceType: deviceType(auth),
      credentialBackedUp: auth.backedUp,
      userVerified: auth.userVerified,
      fmt,
    },
  };
}

// ---- Authentication (§7.2) ----

export interface VerifiedAuthentication {
  verified: true;
  authenticationInfo: {
    credentialID: Base64URLString;
    newCounter: number;
    userVerified: boolean;
    credentialDeviceType: CredentialDeviceType;
    credentialBackedUp: boolean;
  };
}

export function verifyAuthenticationResponse(
  input: Expected & { response: AuthenticationResponseJSON; credential: WebAuthnCredential },
): VerifiedAuthentication {
  const { response, credential } = input;
  if (!response || typeof response !== 'object' || response.type !== 'public-key') {
    throw new WebAuthnError('Not a public key credential');
  }
  if (response.id !== response.rawId || response.id !== credential.id) throw new WebAuthnError('Unexpected credential');
  const clientDataJSON = checkClientData(response.response?.clientDataJSON, 'webauthn.get', input);
  const authDataBytes = fromB64url(response.response.authenticatorData, 'authenticatorData');
  const auth = parseAuthenticatorData(authDataBytes);
  checkAuthenticatorData(auth, input);

  const { key, alg } = coseToKey(fromB64url(credential.publicKey, 'Public key'));
  const signed = Buffer.concat([authDataBytes, sha256(clientDataJSON)]);
  if (!verifySignature(alg, key, signed, fromB64url(response.response.signature, 'Signature'))) {
    throw new WebAuthnError('Signature is not valid');
  }
  // A counter that does not move on (when either is non-zero) may be a cloned authenticator.
  if ((auth.counter > 0 || credential.counter > 0) && auth.counter <= credential.counter) {
    throw new WebAuthnError('Signature counter did not increase');
  }
  return {
    verified: true,
    authenticationInfo: {
      credentialID: credential.id,
      newCounter: auth.counter,
      userVerified: auth.userVerified,
      credentialDeviceType: deviceType(auth),
      credentialBackedUp: auth.backedUp,
    },
  };
}

// ---- Where passkeys may be used ----

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
  if (url.origin === site.origin && !/^[\d.]+$|^\[/.test(site.hostname)) return { origin: url.origin, rpID: site.hostname };
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
