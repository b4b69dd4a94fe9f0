import type {
  AccountAction,
  AccountActionResult,
  AccountsPage,
  ExtendTrialResult,
  Limits,
  LimitsBody,
  OperatorAccount,
} from '@overlap/contract/superadmin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { type AccountListParams, operatorKeys } from './keys';

function listUrl({ page, status, billingFilter, search }: AccountListParams): string {
  const params = new URLSearchParams({ page: String(page), limit: '20' });
  if (status) params.set('status', status);
  if (billingFilter) params.set('billingFilter', billingFilter);
  if (search.trim()) params.set('search', search.trim());
  return `${apiPaths.superadmin.accounts}?${params}`;
}

export const accountsQuery = (params: AccountListParams) =>
  queryOptions({
    queryKey: operatorKeys.accounts(params),
    queryFn: ({ signal }) => api<AccountsPage>(listUrl(params), { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
export const useAccounts = (params: AccountListParams) => useQuery(accountsQuery(params));

export const operatorAccountQuery = (id: string) =>
  queryOptions({
    queryKey: operatorKeys.account(id),
    queryFn: ({ signal }) => api<OperatorAccount>(apiPaths.superadmin.account(id), { signal }),
    staleTime: 30_000,
  });
export const useOperatorAccount = (id: string) => useQuery(operatorAccountQuery(id));

/** Every change to an account refreshes the console's lists and that account. */
function useInvalidateOperator() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorKeys.all });
}

export function useAccountAction() {
  const invalidate = useInvalidateOperator();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: Exclude<AccountAction, 'impersonate'> }) =>
      api<AccountActionResult>(apiPaths.superadmin.action(id, action), { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useRenameOperatorAccount(id: string) {
  const invalidate = useInvalidateOperator();
  return useMutation({
    mutationFn: (name: string) =>
      api<OperatorAccount>(apiPaths.superadmin.account(id), { method: 'PATCH', body: { name } }),
    onSuccess: invalidate,
  });
}

export function useSetLimits(id: string) {
  const invalidate = useInvalidateOperator();
  return useMutation({
    mutationFn: (limits: LimitsBody) => api<Limits>(apiPaths.superadmin.limits(id), { method: 'PUT', body: limits }),
    onSuccess: invalidate,
  });
}

export function useExtendTrial(id: string) {
  const invalidate = useInvalidateOperator();
  return useMutation({
    mutationFn: (trialEndDate: string) =>
      api<ExtendTrialResult>(apiPaths.superadmin.extendTrial(id), { method: 'PUT', body: { trialEndDate } }),
    onSuccess: invalidate,
  });
}
