import type { PeopleList } from '@overlap/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

/** How many active people count against the plan (one row fetched; demo people are outside the limit). */
const activePeopleCountQuery = queryOptions({
  queryKey: [...queryKeys.people, 'active-count'] as const,
  queryFn: async ({ signal }) => {
    const list = await api<PeopleList>(`${apiPaths.people.people}?status=active&page=1&limit=1`, { signal });
    return list.pagination.totalCount - list.demoCount;
  },
});
export const useActivePeopleCount = () => useQuery(activePeopleCountQuery);
