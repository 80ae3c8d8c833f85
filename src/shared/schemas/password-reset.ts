// Password reset by email (issue 23): asking for a link by username or email, and setting the new
// password with the link's token.
import { z } from './zod';
import { LIMITS } from '../constants';
import { password } from './users';

const MISMATCH = "Passwords don't match";

/** What every request answers, whether or not an account matched (nothing tells which). */
export const RESET_REQUESTED =
  'If an account matches and has an email address, a link to choose a new password is on its way. It works for 30 minutes.';
export const RESET_UNAVAILABLE =
  'This site cannot send email, so passwords cannot be reset by email. Ask an administrator to set a new password for you.';
export const RESET_LINK_INVALID = 'This password reset link is invalid, already used or expired. Ask for a new one.';
export const RESET_DONE = 'Your password has been changed. Sign in with your new password.';

/** POST /api/admin/password-reset */
export const PasswordResetRequestSchema = z.object({
  login: z
    .string({ error: 'Enter your username or email address' })
    .trim()
    .min(1, 'Enter your username or email address')
    .max(254, 'Enter your username or email address'),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetRequestedSchema = z.object({ success: z.literal(true), message: z.string() });
export type PasswordResetRequested = z.infer<typeof PasswordResetRequestedSchema>;

/** GET /api/admin/password-reset: whether this site can send the links at all. */
export const PasswordResetAvailabilitySchema = z.object({ available: z.boolean() });
export type PasswordResetAvailability = z.infer<typeof PasswordResetAvailabilitySchema>;

/** POST /api/admin/password-reset/confirm */
export const PasswordResetConfirmSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(LIMITS.shortText, RESET_LINK_INVALID),
  password: password(),
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The reset page's form. */
export const PasswordResetFormSchema = z
  .object({ password: password(), confirmPassword: password() })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ['confirmPassword'] });
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;
