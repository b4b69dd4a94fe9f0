import type { UserRole } from '@overlap/contract/auth';

/** Managers and superadmins manage the account: integrations, users, billing, people and activity blocks. */
export const canManage = (role: UserRole | null | undefined): boolean => role === 'manager' || role === 'superadmin';
