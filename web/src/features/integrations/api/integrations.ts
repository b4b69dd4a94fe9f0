import type {
  AvailableService,
  CreateIntegrationBody,
  GithubOrgList,
  IntegrationDetail,
  IntegrationList,
  RegenerateKeyResult,
  RegenerateWebhookSecretResult,
  UpdateIntegrationBody,
} from '@overlap/contract/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

export const integrationKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'list'] as const,
  services: ['integrations', 'available-services'] as const,
  detail: (id: string) => ['integrations', 'detail', id] as const,
  data: (id: string) => ['integrations', 'data', id] as const,
  githubOrgs: (id: string) => ['integrations', 'github-orgs', id] as const,
};

const integrationListQuery = queryOptions({
  queryKey: integrationKeys.list,
  queryFn: ({ signal }) => api<IntegrationList>(apiPaths.integrations.integrations, { signal }),
});
export const useIntegrationList = (enabled = true) => useQuery({ ...integrationListQuery, enabled });

const availableServicesQuery = queryOptions({
  queryKey: integrationKeys.services,
  queryFn: ({ signal }) => api<AvailableService[]>(apiPaths.integrations.availableServices, { signal }),
});
export const useAvailableServices = () => useQuery(availableServicesQuery);

export const integrationQuery = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.detail(id),
    queryFn: ({ signal }) => api<IntegrationDetail>(apiPaths.integrations.integration(id), { signal }),
    // Status, last run and people count move as data arrives.
    refetchInterval: 30_000,
  });
export const useIntegration = (id: string) => useQuery(integrationQuery(id));

/** The GitHub organisations the integration's token can see (the Setup form's picker). */
export const useGithubOrgs = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: integrationKeys.githubOrgs(id),
    queryFn: ({ signal }) => api<GithubOrgList>(apiPaths.integrations.githubOrgs(id), { signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

const createIntegration = (body: CreateIntegrationBody) =>
  api<IntegrationDetail>(apiPaths.integrations.integrations, { method: 'POST', body });
const updateIntegration = (id: string, body: UpdateIntegrationBody) =>
  api<IntegrationDetail>(apiPaths.integrations.integration(id), { method: 'PATCH', body });
export const setRunning = (id: string, running: boolean) =>
  api<IntegrationDetail>(running ? apiPaths.integrations.activate(id) : apiPaths.integrations.deactivate(id), {
    method: 'POST',
  });
const regenerateKey = (id: string) =>
  api<RegenerateKeyResult>(apiPaths.integrations.regenerateKey(id), { method: 'POST' });
const regenerateWebhookSecret = (id: string) =>
  api<RegenerateWebhookSecretResult>(apiPaths.integrations.regenerateWebhookSecret(id), { method: 'POST' });
export const deleteIntegration = (id: string) =>
  api<{ success: boolean; message: string }>(apiPaths.integrations.integration(id), { method: 'DELETE' });

/** Lists, the account and the detail refetch after any change to an integration. */
const refreshAfterChange = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  ]);

/** A change answered with the new detail, which is cached at once. */
function useDetailMutation<A>(id: string, fn: (args: A) => Promise<IntegrationDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: (detail) => queryClient.setQueryData(integrationKeys.detail(id), detail),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

export const useUpdateIntegration = (id: string) =>
  useDetailMutation(id, (body: UpdateIntegrationBody) => updateIntegration(id, body));
export const useSetRunning = (id: string) => useDetailMutation(id, (running: boolean) => setRunning(id, running));
export const useRegenerateKey = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateKey(id),
    retry: false,
    onSettled: () => refreshAfterChange(queryClient),
  });
};
export const useRegenerateWebhookSecret = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateWebhookSecret(id),
    retry: false,
    onSuccess: ({ webhook }) =>
      queryClient.setQueryData<IntegrationDetail>(integrationKeys.detail(id), (detail) =>
        detail ? { ...detail, webhook } : detail,
      ),
    onSettled: () => refreshAfterChange(queryClient),
  });
};
export const useDeleteIntegration = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteIntegration(id),
    retry: false,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: integrationKeys.detail(id) });
      // The list page shows at once without the deleted row, before its refetch answers.
      queryClient.setQueryData<IntegrationList>(integrationKeys.list, (list) =>
        list ? { integrations: list.integrations.filter((i) => i.id !== id) } : list,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account }),
        queryClient.invalidateQueries({ queryKey: queryKeys.onboarding }),
      ]);
    },
  });
};

export const useCreateIntegration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account }),
      ]),
  });
};
