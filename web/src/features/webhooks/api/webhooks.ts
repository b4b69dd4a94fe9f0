import type {
  CreateWebhookBody,
  DeliveriesResponse,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhooksResponse,
  WebhookWithSecret,
} from '@overlap/contract/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths, withQuery } from '../../../api/paths';

const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: string, offset: number) => ['webhooks', 'deliveries', id, offset] as const,
};

const webhooksQuery = queryOptions({
  queryKey: webhookKeys.list,
  queryFn: ({ signal }) => api<WebhooksResponse>(apiPaths.webhooks.webhooks, { signal }),
  staleTime: 30_000,
});
export const useWebhooks = (enabled = true) => useQuery({ ...webhooksQuery, enabled });

export const DELIVERIES_PAGE = 20;
/** A webhook's delivery log, newest first; refreshed every 15 seconds while open (retries land in it). */
const deliveriesQuery = (id: string, offset: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id, offset),
    queryFn: ({ signal }) =>
      api<DeliveriesResponse>(withQuery(apiPaths.webhooks.deliveries(id), { limit: DELIVERIES_PAGE, offset }), {
        signal,
      }),
    refetchInterval: 15_000,
    placeholderData: keepPreviousData,
  });
export const useDeliveries = (id: string, offset: number) => useQuery(deliveriesQuery(id, offset));

/** A mutation that refreshes the webhooks and their logs once settled; not retried (writes). */
function useWebhookMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhookBody) =>
    api<WebhookWithSecret>(apiPaths.webhooks.webhooks, { method: 'POST', body }),
  );
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: UpdateWebhookBody & { id: string }) =>
    api<Webhook>(apiPaths.webhooks.webhook(id), { method: 'PATCH', body }),
  );
export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api<{ success: boolean }>(apiPaths.webhooks.webhook(id), { method: 'DELETE' }));
export const useSendTest = () =>
  useWebhookMutation((id: string) => api<WebhookDelivery>(apiPaths.webhooks.test(id), { method: 'POST' }));
export const useRotateSecret = () =>
  useWebhookMutation((id: string) => api<{ secret: string }>(apiPaths.webhooks.rotateSecret(id), { method: 'POST' }));
