import type {
  AdminService,
  CreateServiceBody,
  ServiceIntegration,
  UpdateServiceBody,
} from '@overlap/contract/service-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { operatorKeys } from './keys';

export const servicesQuery = queryOptions({
  queryKey: operatorKeys.services,
  queryFn: ({ signal }) => api<AdminService[]>(apiPaths.superadmin.services, { signal }),
  staleTime: 30_000,
});
export const useServices = () => useQuery(servicesQuery);

export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: operatorKeys.service(id),
    queryFn: ({ signal }) => api<AdminService>(apiPaths.superadmin.service(id), { signal }),
    staleTime: 30_000,
  });
export const useService = (id: string) => useQuery(serviceQuery(id));

export const serviceIntegrationsQuery = (id: string) =>
  queryOptions({
    queryKey: operatorKeys.serviceIntegrations(id),
    queryFn: ({ signal }) => api<ServiceIntegration[]>(apiPaths.superadmin.serviceIntegrations(id), { signal }),
    staleTime: 30_000,
  });
export const useServiceIntegrations = (id: string) => useQuery(serviceIntegrationsQuery(id));

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceBody) => api<AdminService>(apiPaths.superadmin.services, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.services }),
  });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateServiceBody }) =>
      api<AdminService>(apiPaths.superadmin.service(id), { method: 'PATCH', body: patch }),
    onSuccess: (saved) => {
      queryClient.setQueryData(operatorKeys.service(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: operatorKeys.services, exact: true });
    },
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ success: boolean; message: string }>(apiPaths.superadmin.service(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.services, exact: true }),
  });
}
