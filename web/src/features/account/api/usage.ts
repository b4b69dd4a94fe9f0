import type { PlanCatalogue } from '@overlap/contract/billing';
import type { PeopleList } from '@overlap/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

/** How many active people the account tracks (one row fetched; the total comes from the pagination). */
export const activePeopleCountQuery = queryOptions({
  queryKey: ['people', 'active-count'] as const,
  queryFn: async ({ signal }) => {
    const list = await api<PeopleList>(`${apiPaths.people.people}?status=active&page=1&limit=1`, { signal });
    return list.pagination.totalCount;
  },
});
export const useActivePeopleCount = () => useQuery(activePeopleCountQuery);

export const planCatalogueQuery = queryOptions({
  queryKey: ['billing', 'plans'] as const,
  queryFn: ({ signal }) => api<PlanCatalogue>(apiPaths.billing.plans, { signal }),
  staleTime: 60 * 60 * 1000,
});
export const usePlanCatalogue = () => useQuery(planCatalogueQuery);
