import type { FixBlocksResult } from '@overlap/contract/maintenance';
import type { FeatureFlag, Features, OperatorGapResult, OperatorUsers } from '@overlap/contract/superadmin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { operatorKeys } from './keys';

export const operatorUsersQuery = (id: string) =>
  queryOptions({
    queryKey: operatorKeys.users(id),
    queryFn: ({ signal }) => api<OperatorUsers>(apiPaths.superadmin.users(id), { signal }),
    staleTime: 30_000,
  });
export const useOperatorUsers = (id: string) => useQuery(operatorUsersQuery(id));

export const featuresQuery = (id: string) =>
  queryOptions({
    queryKey: operatorKeys.features(id),
    queryFn: ({ signal }) => api<Features>(apiPaths.superadmin.features(id), { signal }),
    staleTime: 30_000,
  });
export const useFeatures = (id: string) => useQuery(featuresQuery(id));

export function useSaveFeatures(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (features: FeatureFlag[]) =>
      api<Features>(apiPaths.superadmin.features(id), { method: 'PUT', body: { features } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(operatorKeys.features(id), saved);
      void queryClient.invalidateQueries({ queryKey: operatorKeys.account(id), exact: true });
    },
  });
}

export const useDetectGaps = (id: string) =>
  useMutation({
    mutationFn: () => api<OperatorGapResult>(apiPaths.superadmin.detectGaps(id), { method: 'POST' }),
  });

export const useFixBlocks = (id: string) =>
  useMutation({
    mutationFn: () => api<FixBlocksResult>(apiPaths.superadmin.fixBlocks(id), { method: 'POST' }),
  });
