// The caller's passkeys (issue 23): the list, adding one (the server's options, the browser's
// ceremony, the server's check), renaming and removing; each declares its toasts.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { Passkey } from '../../../shared/schemas/passkeys';
import { ApiError, errorMessage, http } from '../../lib/http';
import { startRegistration } from '../../lib/webauthn';

const passkeysKey = [api.passkeys] as const;

export const usePasskeys = () => useQuery<Passkey[]>({ queryKey: passkeysKey });

/** The server's reason, or what the browser said (a cancelled prompt is the usual one). */
const reason = (error: unknown) => (error instanceof ApiError ? error.serverMessage : errorMessage(error));

export function useAddPasskey() {
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await http.post<Record<string, unknown>>(api.passkeyOptions);
      const response = await startRegistration(options);
      return http.post<Passkey>(api.passkeys, { name, response });
    },
    meta: {
      invalidates: [passkeysKey],
      success: (passkey) => ({
        title: 'Passkey added',
        description: `You can sign in with "${(passkey as Passkey).name}" without a password.`,
      }),
      error: (error) => ({ title: 'Failed to add a passkey', description: reason(error) }),
    },
  });
}

export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ passkey, name }: { passkey: Passkey; name: string }) =>
      http.patch<Passkey>(api.passkey(passkey.id), { name }),
    meta: {
      invalidates: [passkeysKey],
      success: { title: 'Passkey renamed' },
      error: (error) => ({ title: 'Failed to rename the passkey', description: reason(error) }),
    },
  });
}

export function useRemovePasskey() {
  return useMutation({
    mutationFn: (passkey: Passkey) => http.delete<{ success: true }>(api.passkey(passkey.id)),
    meta: {
      invalidates: [passkeysKey],
      success: (_reply, passkey) => ({
        title: 'Passkey removed',
        description: `"${(passkey as Passkey).name}" no longer signs in to your account.`,
      }),
      error: (error) => ({ title: 'Failed to remove the passkey', description: reason(error) }),
    },
  });
}
