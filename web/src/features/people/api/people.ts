import type {
  BulkUnassignedBody,
  BulkUnassignedResult,
  MergeBody,
  PatchPersonBody,
  PeopleList,
  PeopleSort,
  PersonActionResult,
  PersonDetail,
  PersonIntegrationBlocks,
  PersonIntegrationDetail,
  PersonIntegrationEvents,
  ReviveBody,
  UsersList,
} from '@overlap/contract/people';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys, refreshActivityViews } from '../../../api/query-keys';

/** Every people read sits under ['people'] so one invalidation refreshes lists, counts and the dashboard. */
const peopleKeys = {
  list: (status: string, limit: number, filters: ListFilters = {}) =>
    [...queryKeys.people, 'list', status, limit, filters] as const,
  unassigned: (limit: number, filters: ListFilters) =>
    [...queryKeys.people, 'unassigned', 'list', limit, filters] as const,
  ignored: (limit: number, filters: ListFilters) => [...queryKeys.people, 'ignored', 'list', limit, filters] as const,
  person: (id: string) => [...queryKeys.people, 'person', id] as const,
  personIntegration: (id: string) => [...queryKeys.people, 'person-integration', id] as const,
  piEvents: (id: string, offset: number) => [...queryKeys.people, 'person-integration', id, 'events', offset] as const,
  piBlocks: (id: string, offset: number) => [...queryKeys.people, 'person-integration', id, 'blocks', offset] as const,
};

/** The header lists hold up to 50 entries each (spec 001 §9). */
const HEADER_LIST_SIZE = 50;
export const ACTIVITY_PAGE_SIZE = 20;

/** Search (name, e-mail or identifier) and order of the people lists. */
export interface ListFilters {
  q?: string;
  sort?: PeopleSort;
}

const filterParams = ({ q, sort }: ListFilters) =>
  `${q ? `&q=${encodeURIComponent(q)}` : ''}${sort ? `&sort=${sort}` : ''}`;

export const activePeopleQuery = (limit = HEADER_LIST_SIZE, filters: ListFilters = {}) =>
  queryOptions({
    queryKey: peopleKeys.list('active', limit, filters),
    queryFn: ({ signal }) =>
      api<PeopleList>(`${apiPaths.people.people}?status=active&page=1&limit=${limit}${filterParams(filters)}`, {
        signal,
      }),
  });
const unassignedQuery = (limit: number, filters: ListFilters) =>
  queryOptions({
    queryKey: peopleKeys.unassigned(limit, filters),
    queryFn: ({ signal }) =>
      api<UsersList>(`${apiPaths.people.unassigned}?page=1&limit=${limit}${filterParams(filters)}`, { signal }),
  });
const ignoredQuery = (limit: number, filters: ListFilters) =>
  queryOptions({
    queryKey: peopleKeys.ignored(limit, filters),
    queryFn: ({ signal }) =>
      api<UsersList>(`${apiPaths.people.ignored}?page=1&limit=${limit}${filterParams(filters)}`, { signal }),
  });
export const useActivePeopleList = (filters: ListFilters = {}) =>
  useQuery({ ...activePeopleQuery(HEADER_LIST_SIZE, filters), placeholderData: keepPreviousData });
export const useUnassignedList = (filters: ListFilters = {}) =>
  useQuery({ ...unassignedQuery(HEADER_LIST_SIZE, filters), placeholderData: keepPreviousData });
export const useIgnoredList = (filters: ListFilters = {}) =>
  useQuery({ ...ignoredQuery(HEADER_LIST_SIZE, filters), placeholderData: keepPreviousData });

const personQuery = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.person(id),
    queryFn: ({ signal }) => api<PersonDetail>(apiPaths.people.person(id), { signal }),
  });
export const usePerson = (id: string) => useQuery(personQuery(id));

export const usePersonIntegration = (id: string) =>
  useQuery({
    queryKey: peopleKeys.personIntegration(id),
    queryFn: ({ signal }) => api<PersonIntegrationDetail>(apiPaths.people.personIntegration(id), { signal }),
  });

export const usePersonIntegrationEvents = (id: string, offset: number, enabled: boolean) =>
  useQuery({
    queryKey: peopleKeys.piEvents(id, offset),
    queryFn: ({ signal }) =>
      api<PersonIntegrationEvents>(
        `${apiPaths.people.personIntegrationEvents(id)}?limit=${ACTIVITY_PAGE_SIZE}&offset=${offset}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePersonIntegrationBlocks = (id: string, offset: number, enabled: boolean) =>
  useQuery({
    queryKey: peopleKeys.piBlocks(id, offset),
    queryFn: ({ signal }) =>
      api<PersonIntegrationBlocks>(
        `${apiPaths.people.personIntegrationBlocks(id)}?limit=${ACTIVITY_PAGE_SIZE}&offset=${offset}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A people mutation refreshes every people read and the activity views. */
function usePeopleMutation<V>(fn: (vars: V) => Promise<PersonActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => refreshActivityViews(queryClient),
  });
}

export const useRevive = () =>
  usePeopleMutation(({ id, ...body }: ReviveBody & { id: string }) =>
    api<PersonActionResult>(apiPaths.people.revive(id), { method: 'POST', body }),
  );
export const useMerge = () =>
  usePeopleMutation(({ id, ...body }: MergeBody & { id: string }) =>
    api<PersonActionResult>(apiPaths.people.merge(id), { method: 'POST', body }),
  );
export const useIgnoreUnassigned = () =>
  usePeopleMutation((id: string) => api<PersonActionResult>(apiPaths.people.ignore(id), { method: 'POST', body: {} }));
export const useResurrect = () =>
  usePeopleMutation((id: string) =>
    api<PersonActionResult>(apiPaths.people.resurrect(id), { method: 'POST', body: {} }),
  );
export const usePatchPerson = () =>
  usePeopleMutation(({ id, ...body }: PatchPersonBody & { id: string }) =>
    api<PersonActionResult>(apiPaths.people.person(id), { method: 'PATCH', body }),
  );

/** 'Activate all' / 'Ignore selected': one call, all or nothing. */
export function useBulkUnassigned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkUnassignedBody) =>
      api<BulkUnassignedResult>(apiPaths.people.unassignedBulk, { method: 'POST', body }),
    onSuccess: () => refreshActivityViews(queryClient),
  });
}
