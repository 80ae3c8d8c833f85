// The second step of a sign-in with two-factor (issue 23): a code from the authenticator app, or a
// recovery code. Signed in afterwards exactly as a password sign-in is (the same cache reset).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { TwoFactorLoginInput } from '../../../shared/schemas/two-factor';
import type { AuthCheck, CurrentUser } from '../../../shared/schemas/users';
import { ApiError, http } from '../../lib/http';

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorLoginInput) =>
      http.post<{ success: true; user: CurrentUser }>(api.loginTwoFactor, input),
    meta: {
      success: { title: 'Login Successful', description: 'Welcome back.', duration: 3000 },
      error: (error) => ({
        title: 'Login Failed',
        description: error instanceof ApiError ? error.serverMessage : 'Login failed',
      }),
    },
    onSuccess: (reply) => {
      queryClient.clear();
      queryClient.setQueryData<AuthCheck>([api.checkAuth], { isAuthenticated: true });
      queryClient.setQueryData<CurrentUser>([api.me], reply.user);
    },
  });
}
