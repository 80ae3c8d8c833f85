// The browser's side of passkeys (WebAuthn) with @simplewebauthn/browser: the server's JSON options to
// navigator.credentials and the credential back to JSON, and the browser's refusals as sentences a
// person can act on.
import {
  browserSupportsWebAuthn,
  startAuthentication as startAuthenticationJSON,
  startRegistration as startRegistrationJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

export { browserSupportsWebAuthn };

type Json = Record<string, unknown>;

/** A refusal by the browser or the person, with what to tell them. */
export class WebAuthnCancelled extends Error {}

/** What the browser said, as a sentence; the person cancelling is the common case. */
function explain(error: unknown, action: 'add' | 'sign-in'): Error {
  // The library keeps the browser's DOMException name on the errors it wraps.
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
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
  try {
    const credential = await startRegistrationJSON({
      optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return credential as unknown as Json;
  } catch (error) {
    throw explain(error, 'add');
  }
}

/** navigator.credentials.get() with the server's options (no account named: the passkey says whose). */
export async function startAuthentication(optionsJSON: Json): Promise<Json> {
  try {
    const credential = await startAuthenticationJSON({
      optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    return credential as unknown as Json;
  } catch (error) {
    throw explain(error, 'sign-in');
  }
}
