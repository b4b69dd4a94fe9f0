import type { BuildInfo, SentryTestResult } from '@overlap/contract/superadmin';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { operatorKeys } from './keys';

export const buildInfoQuery = queryOptions({
  queryKey: operatorKeys.buildInfo,
  queryFn: ({ signal }) => api<BuildInfo>(apiPaths.superadmin.buildInfo, { signal }),
  staleTime: 10 * 60_000,
});
export const useBuildInfo = () => useQuery(buildInfoQuery);

export const useSentryTest = () =>
  useMutation({ mutationFn: () => api<SentryTestResult>(apiPaths.superadmin.sentryTest, { method: 'POST' }) });
