import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

export const STOP_IMPERSONATION_ERROR = 'Failed to exit impersonation. Please try again.';

export const stopImpersonation = () =>
  api<{ redirectTo?: string | null }>(apiPaths.superadmin.stopImpersonation, { method: 'POST', body: {} });

/** Ends impersonation, forgets the impersonated user's cached data and returns to the console. */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: stopImpersonation,
    onSuccess: (result) => {
      queryClient.clear();
      navigate(result?.redirectTo || '/superadmin', { replace: true });
    },
  });
}
