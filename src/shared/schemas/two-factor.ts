// Two-factor sign-in (issue 23): an authenticator app's codes (TOTP), single-use recovery codes, and
// the site's policy of who must have two-factor. The API contract of /api/admin/me/totp*, the
// sign-in step /api/admin/login/two-factor, the admin removal and the policy in Site Settings.
import { z } from './zod';

export const RECOVERY_CODE_COUNT = 10;
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
const CODE_FORMAT = 'The code is the 6 digits your authenticator app shows';

/** A 6-digit code from the authenticator app (spaces, as apps show "123 456", are ignored). */
export const totpCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, CODE_REQUIRED)
      .regex(/^\d{6}$/, CODE_FORMAT),
  );

/** A recovery code as shown (`abcd-efgh-ijkl`); case, spaces and dashes are forgiven. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter one of your recovery codes' })
  .transform((v) => v.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter one of your recovery codes')
      .regex(/^[a-z0-9]{12}$/, 'A recovery code is 12 letters and digits, like abcd-efgh-ijkl'),
  );

export const TotpConfirmInputSchema = z.object({ code: totpCodeSchema });
export type TotpConfirmInput = z.input<typeof TotpConfirmInputSchema>;

/** Proof that it is the account's owner: a current code, or the password. */
export const TwoFactorProofSchema = z.union([
  z.object({ code: totpCodeSchema }),
  z.object({ password: z.string().min(1, 'Password is required').max(200) }),
]);
export type TwoFactorProof = z.input<typeof TwoFactorProofSchema>;

/** The second step of a sign-in: a code, or one of the recovery codes. */
export const TwoFactorLoginInputSchema = z.union([
  z.object({ code: totpCodeSchema }),
  z.object({ recoveryCode: recoveryCodeSchema }),
]);
export type TwoFactorLoginInput = z.input<typeof TwoFactorLoginInputSchema>;

export const TotpEnrolmentSchema = z.object({
  /** otpauth://totp/… for the authenticator app. */
  uri: z.string(),
  /** The URI as a QR code (an SVG data URL), or null when it could not be drawn. */
  qr: z.string(),
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** The caller's two-factor: what they have, and whether the site requires it of them. */
export const TwoFactorStatusSchema = z.object({
  /** TOTP or at least one passkey. */
  enabled: z.boolean(),
  totp: z.boolean(),
  totpEnabledAt: z.string().nullable(),
  passkeys: z.number(),
  recoveryCodesLeft: z.number(),
  /** The policy applies to this user. */
  required: z.boolean(),
  /** When the policy applies and two-factor is off: until when a password alone still signs in. */
  graceEndsAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** One user's two-factor, as the Users table shows it. */
export const UserTwoFactorSchema = z.object({ userId: z.number(), totp: z.boolean(), passkeys: z.number() });
export type UserTwoFactor = z.infer<typeof UserTwoFactorSchema>;

export const TWO_FACTOR_POLICIES = ['off', 'admins', 'everyone'] as const;
export type TwoFactorPolicyName = (typeof TWO_FACTOR_POLICIES)[number];
export const GRACE_DAYS_MAX = 90;

export const TwoFactorPolicyInputSchema = z.object({
  twoFactorPolicy: z.enum(TWO_FACTOR_POLICIES, { error: 'Choose off, administrators or everyone' }),
  twoFactorGraceDays: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(0, 'The grace period cannot be negative')
    .max(GRACE_DAYS_MAX, `The grace period is at most ${GRACE_DAYS_MAX} days`),
});
export type TwoFactorPolicyInput = z.input<typeof TwoFactorPolicyInputSchema>;

export const TwoFactorPolicySchema = z.object({
  twoFactorPolicy: z.enum(TWO_FACTOR_POLICIES),
  twoFactorGraceDays: z.number(),
  twoFactorPolicySince: z.string().nullable(),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;
