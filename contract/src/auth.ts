import { z } from 'zod';

export const userRole = z.enum(['user', 'manager', 'superadmin', 'disabled']);
export type UserRole = z.infer<typeof userRole>;
export const accountStatus = z.enum(['pending', 'active', 'suspended', 'terminated']);
export type AccountStatus = z.infer<typeof accountStatus>;

export const sessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  role: userRole,
  accountId: z.uuid(),
  account: z.object({ id: z.uuid(), name: z.string(), status: accountStatus }),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const authStatus = z.object({ user: sessionUser });
export type AuthStatus = z.infer<typeof authStatus>;

export const impersonationStatus = z.object({
  isImpersonating: z.boolean(),
  accountName: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type ImpersonationStatus = z.infer<typeof impersonationStatus>;

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 200;
export const MIN_PASSWORD_LENGTH = 8;
export const CONFIRMATION_CODE_LENGTH = 6;

/** A trimmed, lower-cased e-mail address of a sensible length. */
export const emailField = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ message: 'must be a valid email address' }))
  .transform((v) => v.toLowerCase());

const tokenField = z.string({ message: 'is required' }).min(1, 'is required').max(200, 'is not a valid token');

/** The password rule of sign-up, set and reset (spec 000 §5): 8+ characters, a digit, a special character. */
export const newPasswordField = z
  .string({ message: 'is required' })
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
  .regex(/\d/, 'must contain at least one digit')
  .regex(/[^A-Za-z0-9\s]/, 'must contain at least one special character');

/** The invitation rule (spec 000 §5): 8+ characters only. */
export const invitationPasswordField = z
  .string({ message: 'is required' })
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const loginBody = z.object({
  email: emailField,
  password: z.string({ message: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, 'is too long'),
});
export type LoginBody = z.input<typeof loginBody>;

export const signupBody = z.object({
  email: emailField,
  selectedIntegrations: z
    .array(z.string().trim().min(1).max(100, 'must be at most 100 characters'), {
      message: 'must be a list of integration names',
    })
    .max(20, 'must list at most 20 integrations')
    .default([]),
});
export type SignupBody = z.input<typeof signupBody>;

export const confirmEmailBody = z.object({ token: tokenField, email: emailField });
export type ConfirmEmailBody = z.input<typeof confirmEmailBody>;

export const confirmCodeBody = z.object({
  email: emailField,
  code: z.string({ message: 'is required' }).regex(/^\d{6}$/, `must be ${CONFIRMATION_CODE_LENGTH} digits`),
});
export type ConfirmCodeBody = z.input<typeof confirmCodeBody>;

export const confirmationResult = z.object({
  success: z.boolean(),
  message: z.string(),
  nextStep: z.enum(['set_password', 'login']),
  passwordResetToken: z.string().nullable().describe('Single-use token for /auth/set-password'),
});
export type ConfirmationResult = z.infer<typeof confirmationResult>;

export const emailOnlyBody = z.object({ email: emailField });
export type EmailOnlyBody = z.input<typeof emailOnlyBody>;

export const setPasswordBody = z.object({
  email: emailField,
  password: newPasswordField,
  token: tokenField.optional(),
});
export type SetPasswordBody = z.input<typeof setPasswordBody>;

export const resetPasswordBody = z.object({
  email: emailField,
  newPassword: newPasswordField,
  token: tokenField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const passwordResult = z.object({
  success: z.boolean(),
  message: z.string(),
  user: sessionUser.nullable().describe('Set when the call signed the user in'),
});
export type PasswordResult = z.infer<typeof passwordResult>;

/** Error code of a confirmation for an address that is already confirmed. */
export const ALREADY_CONFIRMED = 'ALREADY_CONFIRMED';

export { authPaths as paths } from './paths.ts';
