import type {
  MergeBody,
  PatchPersonBody,
  PeopleList,
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
  list: (status: string, limit: number) => [...queryKeys.people, 'list', status, limit] as const,
  unassigned: (limit: number) => [...queryKeys.people, 'unassigned', 'list', limit] as const,
  ignored: (limit: number) => [...queryKeys.people, 'ignored', 'list', limit] as const,
  person: (id: string) => [...queryKeys.people, 'person', id] as const,
  personIntegration: (id: string) => [...queryKeys.people, 'person-integration', id] as const,
  piEvents: (id: string, offset: number) => [...queryKeys.people, 'person-integration', id, 'events', offset] as const,
  piBlocks: (id: string, offset: number) => [...queryKeys.people, 'person-integration', id, 'blocks', offset] as const,
};

/** The header lists hold up to 50 entries each (spec 001 §9). */
const HEADER_LIST_SIZE = 50;
export const ACTIVITY_PAGE_SIZE = 20;

export const activePeopleQuery = (limit = HEADER_LIST_SIZE) =>
  queryOptions({
    queryKey: peopleKeys.list('active', limit),
    queryFn: ({ signal }) =>
      api<PeopleList>(`${apiPaths.people.people}?status=active&page=1&limit=${limit}`, { signal }),
  });
const unassignedQuery = (limit = HEADER_LIST_SIZE) =>
  queryOptions({
    queryKey: peopleKeys.unassigned(limit),
    queryFn: ({ signal }) => api<UsersList>(`${apiPaths.people.unassigned}?page=1&limit=${limit}`, { signal }),
  });
const ignoredQuery = (limit = HEADER_LIST_SIZE) =>
  queryOptions({
    queryKey: peopleKeys.ignored(limit),
    queryFn: ({ signal }) => api<UsersList>(`${apiPaths.people.ignored}?page=1&limit=${limit}`, { signal }),
  });
export const useActivePeopleList = () => useQuery(activePeopleQuery());
export const useUnassignedList = () => useQuery(unassignedQuery());
export const useIgnoredList = () => useQuery(ignoredQuery());

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
