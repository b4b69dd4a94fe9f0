import { type BillingStatus, paths as billingPaths, type PlanCatalogue } from '@overlap/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The plan facts the add page needs to explain a lock (same keys as the billing screens, so one cache). */
export const useBillingForLocks = () =>
  useQuery(
    queryOptions({
      queryKey: ['billing', 'status'] as const,
      queryFn: ({ signal }) => api<BillingStatus>(billingPaths.status, { signal }),
    }),
  );

export const usePlanNames = () =>
  useQuery(
    queryOptions({
      queryKey: ['billing', 'plans'] as const,
      queryFn: ({ signal }) => api<PlanCatalogue>(billingPaths.plans, { signal }),
      staleTime: 60 * 60 * 1000,
    }),
  );
