import type { BillingStatus } from '@overlap/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

/** The plan and its people limit, for the usage bar and the activate rule. */
export const useBillingStatus = () =>
  useQuery({
    queryKey: ['billing', 'status'],
    queryFn: ({ signal }) => api<BillingStatus>(apiPaths.billing.status, { signal }),
    staleTime: 60_000,
  });
