// A software authenticator for the API tests: real WebAuthn answers (ES256 keys from node:crypto,
// client data, authenticator data, a 'none' attestation in CBOR) without a browser, the way a
// platform authenticator holding discoverable credentials would give them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type CborValue = number | string | Buffer | CborValue[] | Map<number | string, CborValue>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** CBOR (RFC 8949) of integers, text, bytes, arrays and maps: what attestation objects hold. */
export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(encodeCbor(k), encodeCbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  counter: number;
  userHandle: Buffer;
  rpID: string;
}

/** Options as the server hands them out (only what the authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId: string;
}

/** What a test may change in an answer, to make it wrong in one way. */
export interface Tweaks {
  origin?: string;
  rpID?: string;
  challenge?: string;
  type?: string;
  /** The counter to report (default: one more than last time). */
  counter?: number;
  /** Sign with another key than the credential's. */
  wrongKey?: boolean;
  userHandle?: string;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  /** An authenticator in a browser at `origin` (the origin its client data names). */
  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new ES256 credential and its answer, as PublicKeyCredential.toJSON(). */
  register(options: CreationOptions, tweaks: Tweaks = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCbor(
      new Map<number, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      cose,
      counter: tweaks.counter ?? 0,
      userHandle: Buffer.from(options.user.id, 'base64url'),
      rpID: options.rp.id,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.authDataHead(tweaks.rpID ?? options.rp.id, 0x45, credential.counter),
      Buffer.alloc(16),
      idLength,
      credential.id,
      cose,
    ]);
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, tweaks),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: { credProps: { rk: true } },
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() with a discoverable credential (the last registered unless named). */
  authenticate(options: RequestOptions, tweaks: Tweaks = {}, credential = this.credentials.at(-1)!) {
    credential.counter = tweaks.counter ?? credential.counter + 1;
    // An authenticator signs for the RP ID its credential was made for (a browser would not even offer
    // it elsewhere); `options.rpId` is what the server asked for.
    const authData = this.authDataHead(tweaks.rpID ?? credential.rpID, 0x05, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweaks);
    const key = tweaks.wrongKey ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : credential.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), key);
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: tweaks.userHandle ?? b64url(credential.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private authDataHead(rpID: string, flags: number, counter: number): Buffer {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), counterBytes]);
  }

  private clientData(type: string, challenge: string, tweaks: Tweaks): string {
    const json = JSON.stringify({
      type: tweaks.type ?? type,
      challenge: tweaks.challenge ?? challenge,
      origin: tweaks.origin ?? this.origin,
      crossOrigin: false,
    });
    return b64url(Buffer.from(json, 'utf8'));
  }
}
