// The admin session: the auth check, the current user, and sign-in and sign-out with the spec's
// toasts (SPEC §8 "Admin auth").
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { AuthCheck, CurrentUser, LoginInput } from '../../../shared/schemas/users';
import { ApiError, errorMessage, http } from '../../lib/http';

export const checkAuthQuery = () => ({ queryKey: [api.checkAuth] as const });
export const meQuery = () => ({ queryKey: [api.me] as const });

export const useAuthCheck = () => useQuery<AuthCheck>(checkAuthQuery());
export const useMe = () => useQuery<CurrentUser>(meQuery());

/** After any way in (password, passkey): the cache starts over as the signed-in user's. */
export function signedIn(queryClient: QueryClient, user: CurrentUser): void {
  // Signed-in reads differ from a visitor's (drafts, hidden links) and from a previous user's.
  queryClient.clear();
  queryClient.setQueryData<AuthCheck>([api.checkAuth], { isAuthenticated: true });
  queryClient.setQueryData<CurrentUser>([api.me], user);
}

/** The sign-in reply: signed in, or (two-factor on) a code is due first. */
export type LoginReply = { success: true; user: CurrentUser } | { twoFactorRequired: true };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => http.post<LoginReply>(api.login, input),
    meta: {
      // A user with two-factor is not signed in yet: the code step follows, without a toast.
      success: (reply) =>
        'user' in (reply as LoginReply)
          ? { title: 'Login Successful', description: 'Welcome back.', duration: 3000 }
          : undefined,
      error: (error) => ({
        title: 'Login Failed',
        description: error instanceof ApiError ? error.serverMessage : 'Login failed',
      }),
    },
    onSuccess: (reply) => {
      if ('twoFactorRequired' in reply) return;
      signedIn(queryClient, reply.user);
    },
  });
}

/** How long Logout waits for the screen's reads still on their way (see useLogout). */
const LOGOUT_WAITS_MS = 3_000;

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // A read still on its way when the session ends would come back 401: the reads the screen started
    // finish first (briefly), then the session ends.
    mutationFn: async () => {
      const until = Date.now() + LOGOUT_WAITS_MS;
      while (queryClient.isFetching() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return http.post(api.logout);
    },
    meta: {
      success: { title: 'Logged out', description: 'You have been signed out.' },
      error: (error) => ({ title: 'Error logging out', description: errorMessage(error) }),
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData<AuthCheck>([api.checkAuth], { isAuthenticated: false });
    },
  });
}
