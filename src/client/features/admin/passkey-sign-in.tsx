// "Use a passkey" (issue 23): no username or password; the browser offers the passkeys it
// holds for this site and the server finds the account by the one chosen.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { api } from '../../../shared/paths';
import type { CurrentUser } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { errorMessage, http } from '../../lib/http';
import { browserSupportsWebAuthn, startAuthentication } from '../../lib/webauthn';
import { signedIn } from './auth-api';

export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = await http.post<Record<string, unknown>>(api.passkeyLoginOptions);
      const response = await startAuthentication(options);
      return http.post<{ success: true; user: CurrentUser }>(api.passkeyLogin, { response });
    },
    meta: {
      success: { title: 'Login Successful', description: 'Welcome back.', duration: 3000 },
      error: (error) => ({ title: 'Login Failed', description: errorMessage(error) }),
    },
    onSuccess: (reply) => signedIn(queryClient, reply.user),
  });
}

/** The button, or nothing where the browser has no WebAuthn (the password form is still there). */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const login = usePasskeyLogin();
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="mt-4 border-t pt-4">
      <Button
        variant="outline"
        className="w-full"
        disabled={login.isPending}
        onClick={() => login.mutate(undefined, { onSuccess: onSignedIn })}
      >
        <Fingerprint aria-hidden="true" />
        {login.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
      </Button>
    </div>
  );
}
