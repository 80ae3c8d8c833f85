// The browser's side of passkeys (WebAuthn): the server's JSON options to navigator.credentials and
// the credential back to JSON, and the browser's refusals as sentences a person can act on. The
// names follow @simplewebauthn/browser (startRegistration, startAuthentication), which is not in
// node_modules yet, so it can replace this file without changing its callers.

type Json = Record<string, unknown>;

/** WebAuthn is there (a secure context: https, or http://localhost). */
export function browserSupportsWebAuthn(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** A refusal by the browser or the person, with what to tell them. */
export class WebAuthnCancelled extends Error {}

const toBytes = (value: string): ArrayBuffer => {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
};

const toBase64url = (buffer: ArrayBuffer | ArrayBufferView): string => {
  const bytes =
    buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const descriptors = (list: unknown) =>
  ((list as { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] }[] | undefined) ?? []).map(
    (c) => ({ ...c, id: toBytes(c.id) }),
  );

/** What the browser said, as a sentence; the person cancelling is the common case. */
function explain(error: unknown, action: 'add' | 'sign-in'): Error {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new WebAuthnCancelled(
      action === 'add'
        ? 'No passkey was added: the request was cancelled or timed out.'
        : 'Passkey sign-in was cancelled or timed out.',
    );
  }
  if (name === 'InvalidStateError') {
    return new WebAuthnCancelled('This device already holds a passkey for your account.');
  }
  if (name === 'SecurityError') {
    return new WebAuthnCancelled("Passkeys cannot be used at this address: open the admin at the site's own address.");
  }
  if (name === 'NotSupportedError') {
    return new WebAuthnCancelled('This browser or device cannot make a passkey of a kind this site accepts.');
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** navigator.credentials.create() with the server's options; the new credential as JSON. */
export async function startRegistration(optionsJSON: Json): Promise<Json> {
  const options = optionsJSON as unknown as PublicKeyCredentialCreationOptions & { challenge: string; user: { id: string } };
  const publicKey: PublicKeyCredentialCreationOptions = {
    ...options,
    challenge: toBytes(options.challenge),
    user: { ...options.user, id: toBytes(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  let credential: PublicKeyCredential;
  try {
    credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
  } catch (error) {
    throw explain(error, 'add');
  }
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  };
}

/** navigator.credentials.get() with the server's options (no account named: the passkey says whose). */
export async function startAuthentication(optionsJSON: Json, signal?: AbortSignal): Promise<Json> {
  const options = optionsJSON as unknown as PublicKeyCredentialRequestOptions & { challenge: string };
  const publicKey: PublicKeyCredentialRequestOptions = {
    ...options,
    challenge: toBytes(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  };
  let credential: PublicKeyCredential;
  try {
    credential = (await navigator.credentials.get({ publicKey, signal })) as PublicKeyCredential;
  } catch (error) {
    throw explain(error, 'sign-in');
  }
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  };
}
