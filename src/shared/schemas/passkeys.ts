// Passkeys (WebAuthn, issue 23): the caller's own list, names, and the browser's answers as JSON.
import { requiredText } from './common';
import { z } from './zod';

export const PASSKEY_NAME_MAX = 60;
const passkeyName = () =>
  requiredText(PASSKEY_NAME_MAX, 'Name is required', `Name must be at most ${PASSKEY_NAME_MAX} characters`);

/** One of the caller's passkeys (GET /api/admin/me/passkeys): never its key or credential id. */
export const PasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/**
 * What PublicKeyCredential.toJSON() gives; its contents are checked by the WebAuthn verification,
 * so here only its outline (and a size bound) is.
 */
const credentialJson = z
  .object({
    id: z.string().max(1400),
    rawId: z.string().max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().nullable().optional(),
  })
  .loose();

export const AddPasskeyInputSchema = z.object({
  name: passkeyName(),
  response: credentialJson,
});
export type AddPasskeyInput = z.infer<typeof AddPasskeyInputSchema>;

export const RenamePasskeyInputSchema = z.object({ name: passkeyName() });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeyInputSchema>;

export const PasskeyLoginInputSchema = z.object({ response: credentialJson });
export type PasskeyLoginInput = z.infer<typeof PasskeyLoginInputSchema>;

/** The options handed to navigator.credentials (WebAuthn's JSON forms); the server fills them in. */
export const PasskeyOptionsSchema = z.record(z.string(), z.unknown());
