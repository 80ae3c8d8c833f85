// Staff accounts: the password change of the signed-in user, and (administrators only) the
// list of users, creating and deleting them. Creating or deleting re-fetches the list (SPEC §4).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { ChangePasswordInput, CreateUserInput, User } from '../../../shared/schemas/users';
import { http } from '../../lib/http';

export const usersQuery = () => ({ queryKey: [api.users] as const });

/** Only administrators may list users (others get 403), so the query runs only for them. */
export const useUsers = (enabled: boolean) => useQuery<User[]>({ ...usersQuery(), enabled });

export const useChangePassword = () =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => http.post<{ success: true }>(api.changePassword, input) });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => http.post<User>(api.users, input),
    onSuccess: () => queryClient.invalidateQueries(usersQuery()),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.user(id)),
    // Refreshed either way: a failure (already deleted, last administrator) may mean the list is stale.
    onSettled: () => queryClient.invalidateQueries(usersQuery()),
  });
}
