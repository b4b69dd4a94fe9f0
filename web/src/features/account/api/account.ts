import type { AccountView } from '@overlap/contract/account';
import type { BillingStatus } from '@overlap/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

export const accountKeys = {
  account: ['account'] as const,
  billing: ['billing', 'status'] as const,
  users: ['users'] as const,
};

export const accountQuery = queryOptions({
  queryKey: accountKeys.account,
  queryFn: ({ signal }) => api<AccountView>(apiPaths.account.account, { signal }),
});
export const useAccount = () => useQuery(accountQuery);

export const billingStatusQuery = queryOptions({
  queryKey: accountKeys.billing,
  queryFn: ({ signal }) => api<BillingStatus>(apiPaths.billing.status, { signal }),
});
export const useBillingStatus = () => useQuery(billingStatusQuery);
