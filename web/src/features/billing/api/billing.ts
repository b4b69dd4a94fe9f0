import type {
  BillingStatus,
  CheckoutSession,
  CompletedCheckout,
  CreateCheckoutSessionBody,
  CustomerPortal,
  LocalCheckoutSession,
  LocalPortal,
  TestCard,
  UpdateLocalSubscriptionBody,
} from '@overlap/contract/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

export const billingKeys = {
  localCheckout: (id: string) => ['billing', 'local-checkout', id] as const,
  localPortal: ['billing', 'local-portal'] as const,
};

/** Choose a plan: answers where the browser goes next (a checkout page, the billing tab, the success page). */
export const createCheckoutSession = (body: CreateCheckoutSessionBody) =>
  api<CheckoutSession>(apiPaths.billing.checkout, { method: 'POST', body });

export const openCustomerPortal = () => api<CustomerPortal>(apiPaths.billing.portal, { method: 'POST', body: {} });

export const syncStripe = (stripeCustomerId: string) =>
  api<BillingStatus>(apiPaths.billing.sync, { method: 'POST', body: { stripeCustomerId } });

export const localCheckoutQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.localCheckout(id),
    queryFn: ({ signal }) => api<LocalCheckoutSession>(apiPaths.billing.localCheckout(id), { signal }),
    staleTime: 0,
  });
export const useLocalCheckout = (id: string) => useQuery(localCheckoutQuery(id));

export const completeLocalCheckout = (id: string, card: TestCard) =>
  api<CompletedCheckout>(apiPaths.billing.localCheckoutComplete(id), { method: 'POST', body: card });

export const localPortalQuery = queryOptions({
  queryKey: billingKeys.localPortal,
  queryFn: ({ signal }) => api<LocalPortal>(apiPaths.billing.localSubscription, { signal }),
  staleTime: 0,
});
export const useLocalPortal = () => useQuery(localPortalQuery);

/** Refreshes what a billing change touches: the portal, the billing status and the account. */
function useBillingRefresh() {
  const queryClient = useQueryClient();
  return async (portal?: LocalPortal) => {
    if (portal) queryClient.setQueryData(billingKeys.localPortal, portal);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.billingStatus }),
      queryClient.invalidateQueries({ queryKey: queryKeys.account }),
    ]);
  };
}

export function useUpdateLocalSubscription() {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: (body: UpdateLocalSubscriptionBody) =>
      api<LocalPortal>(apiPaths.billing.localSubscription, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export function useUpdateLocalCard() {
  const refresh = useBillingRefresh();
  return useMutation({
    mutationFn: (card: TestCard) =>
      api<LocalPortal>(apiPaths.billing.localPaymentMethod, { method: 'PUT', body: card }),
    onSuccess: refresh,
  });
}
