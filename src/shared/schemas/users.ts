import { z } from './zod';
import { LIMITS } from '../constants';
import { requiredText } from './common';

const PASSWORD_MIN = 'Password must be at least 4 characters';
const PASSWORD_MAX = 'Password must be at most 128 characters';
const SIGN_IN_PASSWORD_MAX = 'Password must be at most 200 characters';
const MISMATCH = "Passwords don't match";

export const INVALID_EMAIL = 'Enter a valid email address';
export const EMAIL_TAKEN = 'That email address is already used by another account';

/** A staff member's email (issue 23): optional; empty, null or missing become null. */
export const staffEmailSchema = z
  .union([
    z.literal('').transform(() => null),
    z.null(),
    z.string({ error: INVALID_EMAIL }).trim().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
  ])
  .optional()
  .transform((v) => v ?? null);

/** A form's email field: empty (none) or an address. */
const formEmail = () =>
  z.union([z.literal(''), z.string().trim().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL))]);

/** The email forms of My Profile and Users (issue 23). */
export const EmailFormSchema = z.object({ email: formEmail() });
export type EmailForm = z.infer<typeof EmailFormSchema>;

export const password = () =>
  z.string({ error: PASSWORD_MIN }).min(LIMITS.passwordMin, PASSWORD_MIN).max(LIMITS.passwordMax, PASSWORD_MAX);

export const LoginInputSchema = z.object({
  username: requiredText(LIMITS.usernameMax, 'Username is required', 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.signInPasswordMax, SIGN_IN_PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const ChangePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(LIMITS.signInPasswordMax, SIGN_IN_PASSWORD_MAX),
    newPassword: password(),
    confirmPassword: password(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MISMATCH, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(LIMITS.usernameMax, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');

/** What POST /api/admin/users takes (confirmPassword is removed by the form). */
export const CreateUserInputSchema = z.object({
  username: usernameSchema,
  password: password(),
  isAdmin: z.boolean().default(false),
  /** Optional (issue 23). */
  email: staffEmailSchema,
});
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

/** The Create New User form. */
export const CreateUserFormSchema = z
  .object({
    username: usernameSchema,
    password: password(),
    confirmPassword: password(),
    isAdmin: z.boolean(),
    email: formEmail(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ['confirmPassword'] });
export type CreateUserForm = z.infer<typeof CreateUserFormSchema>;

export const UserSchema = z.object({
  id: z.number(),
  username: z.string(),
  isAdmin: z.boolean(),
  email: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const CurrentUserSchema = z.object({ id: z.number(), username: z.string(), isAdmin: z.boolean() });
/** GET /api/admin/me: the signed-in user, with their email (issue 23). */
export const MeSchema = CurrentUserSchema.extend({ email: z.string().nullable() });
export type Me = z.infer<typeof MeSchema>;
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const AuthCheckSchema = z.object({ isAuthenticated: z.boolean() });
export type AuthCheck = z.infer<typeof AuthCheckSchema>;

/** An administrator sets another user's password (PUT /api/admin/users/{id}/password). */
export const ResetPasswordInputSchema = z
  .object({ newPassword: password(), confirmPassword: password() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MISMATCH, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** PATCH /api/admin/users/{id}: the user's role. */
export const UpdateUserInputSchema = z.object({
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

/** One of the caller's own sessions (GET /api/admin/sessions). */
export const SessionInfoSchema = z.object({
  /** An opaque name for the session (not its token, nor what the server stores). */
  id: z.string(),
  /** e.g. "Firefox on Windows". */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** PUT /api/admin/me/email and PUT /api/admin/users/{id}/email (issue 23). */
export const EmailInputSchema = z.object({ email: staffEmailSchema });
export type EmailInput = z.input<typeof EmailInputSchema>;
