import type { AuditLogPage } from '@overlap/contract/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths, withQuery } from '../../../api/paths';

export const auditKeys = {
  page: (page: number, impersonatedOnly: boolean) => ['account', 'audit-log', page, impersonatedOnly] as const,
};

export const auditLogQuery = (page: number, impersonatedOnly: boolean) =>
  queryOptions({
    queryKey: auditKeys.page(page, impersonatedOnly),
    queryFn: ({ signal }) =>
      api<AuditLogPage>(
        withQuery(apiPaths.account.auditLog, { page, impersonated: impersonatedOnly ? 'true' : undefined }),
        {
          signal,
        },
      ),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
export const useAuditLog = (page: number, impersonatedOnly: boolean) => useQuery(auditLogQuery(page, impersonatedOnly));
