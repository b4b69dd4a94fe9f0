import type { AccountView } from '@overlap/contract/account';
import type { BillingStatus, PlanCatalogue } from '@overlap/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { apiPaths } from './paths';
import { queryKeys } from './query-keys';

/** The account (name, status, plan, integrations, survey); fresh for a minute, as the dashboard's banners need. */
export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => api<AccountView>(apiPaths.account.account, { signal }),
  staleTime: 60_000,
});
export const useAccount = (enabled = true) => useQuery({ ...accountQuery, enabled });

/** The plan, its limits and the people in use; fresh for a minute. */
const billingStatusQuery = queryOptions({
  queryKey: queryKeys.billingStatus,
  queryFn: ({ signal }) => api<BillingStatus>(apiPaths.billing.status, { signal }),
  staleTime: 60_000,
});
export const useBillingStatus = (enabled = true, options: { refetchOnFocus?: boolean } = {}) =>
  useQuery({ ...billingStatusQuery, enabled, ...(options.refetchOnFocus ? { refetchOnWindowFocus: 'always' } : {}) });

/** The plans on offer change with a release, not within a visit: fresh for an hour. */
const planCatalogueQuery = queryOptions({
  queryKey: queryKeys.planCatalogue,
  queryFn: ({ signal }) => api<PlanCatalogue>(apiPaths.billing.plans, { signal }),
  staleTime: 60 * 60 * 1000,
});
export const usePlanCatalogue = () => useQuery(planCatalogueQuery);
