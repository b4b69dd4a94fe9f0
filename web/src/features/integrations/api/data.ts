import type {
  ApiCall,
  IntegrationBlocks,
  IntegrationEvents,
  IntegrationPeople,
  PersonStatusFilter,
  RunDetail,
  RunList,
  Statistics,
} from '@overlap/contract/integrations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths, withQuery } from '../../../api/paths';
import { integrationKeys } from './integrations';

export const PEOPLE_PAGE_SIZE = 20;
export const API_CALLS_SHOWN = 20;

const dataKey = (id: string, part: string, ...rest: unknown[]) => [...integrationKeys.data(id), part, ...rest] as const;

export const useIntegrationEvents = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: dataKey(id, 'events'),
      queryFn: ({ signal }) => api<IntegrationEvents>(apiPaths.integrations.events(id), { signal }),
    }),
  );

export const useIntegrationBlocks = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: dataKey(id, 'blocks'),
      queryFn: ({ signal }) => api<IntegrationBlocks>(apiPaths.integrations.blocks(id), { signal }),
    }),
  );

export const useIntegrationRuns = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: dataKey(id, 'runs'),
      queryFn: ({ signal }) => api<RunList>(apiPaths.integrations.runs(id), { signal }),
    }),
  );

export const useIntegrationRun = (id: string, runId: string | null) =>
  useQuery({
    queryKey: dataKey(id, 'run', runId),
    queryFn: ({ signal }) => api<RunDetail>(apiPaths.integrations.run(id, runId ?? ''), { signal }),
    enabled: runId !== null,
  });

export const useIntegrationStatistics = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: dataKey(id, 'statistics'),
      queryFn: ({ signal }) => api<Statistics>(apiPaths.integrations.statistics(id), { signal }),
    }),
  );

export const useIntegrationApiCalls = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: dataKey(id, 'api-calls'),
    queryFn: ({ signal }) =>
      api<{ apiCalls: ApiCall[] }>(`${apiPaths.integrations.apiCalls(id)}?limit=${API_CALLS_SHOWN}`, { signal }),
    enabled,
  });

export const useIntegrationPeople = (id: string, page: number, status: PersonStatusFilter | undefined) =>
  useQuery({
    queryKey: dataKey(id, 'people', page, status ?? 'all'),
    queryFn: ({ signal }) =>
      api<IntegrationPeople>(withQuery(apiPaths.integrations.people(id), { page, limit: PEOPLE_PAGE_SIZE, status }), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Deletes every event or every activity block of the integration, then refetches its data. */
export const useDeleteAllData = (id: string, what: 'events' | 'blocks') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ success: true; deleted: number }>(
        what === 'events' ? apiPaths.integrations.events(id) : apiPaths.integrations.blocks(id),
        { method: 'DELETE' },
      ),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.data(id) }),
  });
};
