import type { RemovedDemoData } from '@overlap/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys, refreshActivityViews } from '../../../api/query-keys';

/** 'Remove demo data' (managers): demo people, their activity and the Demo Data integrations go in one step. */
export function useRemoveDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<RemovedDemoData>(apiPaths.account.demoData, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.billingStatus });
      void queryClient.invalidateQueries({ queryKey: ['integrations'] });
      void refreshActivityViews(queryClient);
    },
  });
}
