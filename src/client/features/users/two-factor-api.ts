// The caller's two-factor (issue 23): status, enrolment, confirmation, new recovery codes, turning
// it off; for administrators, every user's status and removing a user's. Each declares its toasts.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  RecoveryCodes,
  TotpEnrolment,
  TwoFactorProof,
  TwoFactorStatus,
  UserTwoFactor,
} from '../../../shared/schemas/two-factor';
import type { User } from '../../../shared/schemas/users';
import { errorMessage, http, request } from '../../lib/http';

const statusKey = [api.twoFactorStatus] as const;
const usersKey = [api.usersTwoFactor] as const;

export const useTwoFactorStatus = () => useQuery<TwoFactorStatus>({ queryKey: statusKey });
export const useUsersTwoFactor = (enabled: boolean) => useQuery<UserTwoFactor[]>({ queryKey: usersKey, enabled });

export const useStartTotp = () =>
  useMutation({
    mutationFn: () => http.post<TotpEnrolment>(api.totp),
    meta: { error: (error) => ({ title: 'Could not start the set-up', description: errorMessage(error) }) },
  });

export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (code: string) => http.post<RecoveryCodes>(api.totpConfirm, { code }),
    meta: {
      invalidates: [statusKey, usersKey],
      success: { title: 'Two-factor is on', description: 'Save your recovery codes now.' },
    },
  });

export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: (proof: TwoFactorProof) => http.post<RecoveryCodes>(api.recoveryCodes, proof),
    meta: {
      invalidates: [statusKey],
      success: { title: 'New recovery codes', description: 'The old codes no longer work.' },
    },
  });

export const useTurnOffTotp = () =>
  useMutation({
    mutationFn: (proof: TwoFactorProof) => request<{ success: true }>('DELETE', api.totp, proof),
    meta: {
      invalidates: [statusKey, usersKey],
      success: { title: 'Two-factor is off', description: 'Your password alone signs you in now.' },
    },
  });

export const useRemoveUserTwoFactor = () =>
  useMutation({
    mutationFn: (user: User) => http.delete<{ success: true }>(api.userTwoFactor(user.id)),
    meta: {
      invalidates: [usersKey],
      success: (_reply, user) => ({
        title: 'Two-factor removed',
        description: `${(user as User).username} signs in with their password and can set it up again.`,
      }),
      error: (error) => ({ title: 'Failed to remove two-factor', description: errorMessage(error) }),
    },
  });
