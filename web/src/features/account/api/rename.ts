import type { AccountView } from '@overlap/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';
import { sessionKeys } from '../../../api/session';

/** Renames the signed-in user's account (managers); the header's account name follows. */
export function useRenameAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<AccountView>(apiPaths.account.account, { method: 'PATCH', body: { name } }),
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.account, account);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.status });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.impersonation });
    },
  });
}
