import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, isApiError } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { sessionKeys } from '../../../api/session';
import { toast } from '../../../ui/toaster';

export const logout = () => api<unknown>(apiPaths.auth.logout, { method: 'POST' });

/** Signs out, forgets every cached answer and goes to /login (a network failure keeps the user here). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: (_data, error) => {
      if (isApiError(error, 0)) {
        toast.error('Network error. Please check your connection and try again.');
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.status, null);
      navigate('/login', { replace: true });
    },
  });
}
