// Staff accounts: the password change of the signed-in user and their sessions; (administrators
// only) the list of users, creating, deleting, resetting passwords and changing roles. Each change
// re-fetches the list (SPEC §4) and declares its toasts (SPEC §8's texts where the spec has them).
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  ChangePasswordInput,
  CreateUserInput,
  EmailInput,
  Me,
  ResetPasswordInput,
  SessionInfo,
  User,
} from '../../../shared/schemas/users';
import { ApiError, errorMessage, http } from '../../lib/http';

export const usersQuery = () => ({ queryKey: [api.users] as const });
const sessionsKey = [api.sessions] as const;

/** Only administrators may list users (others get 403), so the query runs only for them. */
export const useUsers = (enabled: boolean) => useQuery<User[]>({ ...usersQuery(), enabled });

/** The server's reason, or the fallback when the call did not get that far. */
const reason = (error: unknown, fallback: string) => (error instanceof ApiError ? error.serverMessage : fallback);

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => http.post<{ success: true }>(api.changePassword, input),
    meta: {
      // The other sessions ended with the change.
      invalidates: [sessionsKey],
      success: { title: 'Password Changed', description: 'Your password has been updated successfully.' },
      error: (error) => ({
        title: 'Failed to Change Password',
        description: reason(error, 'Failed to change password'),
      }),
    },
  });

export function useCreateUser() {
  return useMutation({
    mutationFn: (input: CreateUserInput) => http.post<User>(api.users, input),
    meta: {
      invalidates: [usersQuery().queryKey],
      success: { title: 'User Created', description: 'New user has been created successfully.' },
      error: (error) => ({ title: 'Failed to Create User', description: reason(error, 'Failed to create user') }),
    },
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: ({ id }: User) => http.delete<{ success: true }>(api.user(id)),
    meta: {
      invalidates: [usersQuery().queryKey],
      success: (_reply, user) => ({
        title: 'User deleted',
        description: `The user "${(user as User).username}" has been deleted.`,
      }),
      error: (error) => ({ title: 'Failed to delete user', description: errorMessage(error) }),
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ user, input }: { user: User; input: ResetPasswordInput }) =>
      http.put<{ success: true }>(api.userPassword(user.id), input),
    meta: {
      success: (_reply, variables) => ({
        title: 'Password reset',
        description: `${(variables as { user: User }).user.username} can sign in with the new password; their sessions have ended.`,
      }),
      error: (error) => ({ title: 'Failed to reset password', description: errorMessage(error) }),
    },
  });
}

export function useSetRole() {
  return useMutation({
    mutationFn: ({ user, isAdmin }: { user: User; isAdmin: boolean }) =>
      http.patch<User>(api.user(user.id), { isAdmin }),
    meta: {
      invalidates: [usersQuery().queryKey],
      success: (saved) => ({
        title: 'Role changed',
        description: `${(saved as User).username} is now ${(saved as User).isAdmin ? 'an Administrator' : 'a User'}.`,
      }),
      error: (error) => ({ title: 'Failed to change the role', description: errorMessage(error) }),
    },
  });
}

/** The signed-in user with their email (GET /api/admin/me), apart from the session's cached user. */
export const myEmailKey = [api.me, 'email'] as const;
export const useMyAccount = () => useQuery<Me>({ queryKey: myEmailKey });

export function useSetMyEmail() {
  return useMutation({
    mutationFn: (input: EmailInput) => http.put<Me>(api.myEmail, input),
    meta: {
      invalidates: [myEmailKey, usersQuery().queryKey],
      success: (saved) => ({
        title: 'Email saved',
        description: (saved as Me).email ? `Your email is ${(saved as Me).email}.` : 'Your account has no email now.',
      }),
      error: (error) => ({ title: 'Failed to save the email', description: errorMessage(error) }),
    },
  });
}

export function useSetUserEmail() {
  return useMutation({
    mutationFn: ({ user, input }: { user: User; input: EmailInput }) => http.put<User>(api.userEmail(user.id), input),
    meta: {
      invalidates: [usersQuery().queryKey, myEmailKey],
      success: (saved) => ({
        title: 'Email saved',
        description: `${(saved as User).username}: ${(saved as User).email ?? 'no email'}.`,
      }),
      error: (error) => ({ title: 'Failed to save the email', description: errorMessage(error) }),
    },
  });
}

export const useSessions = () => useQuery<SessionInfo[]>({ queryKey: sessionsKey });

export function useEndSession() {
  return useMutation({
    mutationFn: (id: string) => http.delete<{ success: true }>(api.session(id)),
    meta: {
      invalidates: [sessionsKey],
      success: { title: 'Session ended', description: 'That device is signed out.' },
      error: (error) => ({ title: 'Failed to end the session', description: errorMessage(error) }),
    },
  });
}

export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => http.delete<{ success: true }>(api.otherSessions),
    meta: {
      invalidates: [sessionsKey],
      success: { title: 'Signed out elsewhere', description: 'Every other device is signed out.' },
      error: (error) => ({ title: 'Failed to sign out other sessions', description: errorMessage(error) }),
    },
  });
}
