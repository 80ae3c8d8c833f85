// Password reset by email (issue 23): whether the site offers it, asking for a link, and setting the
// new password with the link's token. No toasts: each page shows its outcome in place.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  PasswordResetAvailability,
  PasswordResetConfirm,
  PasswordResetRequest,
  PasswordResetRequested,
} from '../../../shared/schemas/password-reset';
import { http } from '../../lib/http';

export const useResetAvailability = () => useQuery<PasswordResetAvailability>({ queryKey: [api.passwordReset] });

export const useRequestReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequest) => http.post<PasswordResetRequested>(api.passwordReset, input),
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetConfirm) => http.post<{ success: true }>(api.passwordResetConfirm, input),
  });
