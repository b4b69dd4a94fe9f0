import type { AccountActionResult } from '@overlap/contract/superadmin';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

export const START_IMPERSONATION_ERROR = 'Failed to start impersonation. Please try again.';
/** The spec's redirect delay after impersonation starts (001 §9). */
export const IMPERSONATION_REDIRECT_MS = 2000;

/**
 * Starts acting as the account's admin user. The session cookie changes, so the page is loaded
 * afresh at / (after the spec's 2-second delay) instead of keeping the operator's cached data.
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: (accountId: string) =>
      api<AccountActionResult>(apiPaths.superadmin.action(accountId, 'impersonate'), { method: 'POST' }),
    onSuccess: (result) => {
      setTimeout(() => window.location.assign(result.redirectTo ?? '/'), IMPERSONATION_REDIRECT_MS);
    },
  });
}
