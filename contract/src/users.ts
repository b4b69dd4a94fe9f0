import { z } from 'zod';
import { emailField, invitationPasswordField, sessionUser, userRole } from './auth.ts';

export const INVITATION_VALID_DAYS = 7;
export const RESEND_COOLDOWN_SECONDS = 60;

export const invitableRole = z.enum(['user', 'manager'], { message: "must be 'user' or 'manager'" });
export type InvitableRole = z.infer<typeof invitableRole>;
export const assignableRole = z.enum(['user', 'manager', 'disabled'], {
  message: "must be 'user', 'manager' or 'disabled'",
});
export type AssignableRole = z.infer<typeof assignableRole>;

export const accountUser = z.object({
  id: z.uuid(),
  email: z.string(),
  role: userRole,
  emailVerifiedAt: z.string().nullable().describe('null while the invitation is pending'),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  invitation: z
    .object({ expiresAt: z.string(), lastSentAt: z.string() })
    .nullable()
    .describe('The pending invitation of an unverified user'),
  canResendAt: z.string().nullable().describe('When the invitation may be sent again (60 s after the last send)'),
});
export type AccountUser = z.infer<typeof accountUser>;

export const userList = z.object({ users: z.array(accountUser) });
export type UserList = z.infer<typeof userList>;

export const inviteBody = z.object({ email: emailField, role: invitableRole });
export type InviteBody = z.input<typeof inviteBody>;

export const userResult = z.object({ success: z.boolean(), message: z.string(), user: accountUser });
export type UserResult = z.infer<typeof userResult>;

export const roleBody = z.object({ role: assignableRole });
export type RoleBody = z.input<typeof roleBody>;

export const invitationParams = z.object({
  token: z.string().min(1, 'is required').max(200, 'is not a valid invitation token'),
});

export const invitationInfo = z.object({
  email: z.string(),
  accountName: z.string(),
  role: invitableRole,
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

export const acceptInvitationBody = z.object({ password: invitationPasswordField });
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

export const acceptInvitationResult = z.object({ success: z.boolean(), message: z.string(), user: sessionUser });
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResult>;

export { userPaths as paths } from './paths.ts';
