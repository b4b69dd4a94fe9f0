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
