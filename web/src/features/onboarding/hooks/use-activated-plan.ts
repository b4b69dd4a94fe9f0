import { useEffect, useRef } from 'react';
import { useBillingStatus, usePlanCatalogue } from '../../../api/account';
import { syncStripe } from '../../billing';
import { activationText, isFreeSession } from '../lib/activation-text';

/**
 * The plan the checkout of `sessionId` activated, for the success page. With Stripe the browser can
 * arrive before the webhook: the subscription is then read from Stripe once (sync-stripe).
 */
export function useActivatedPlan(sessionId: string | null) {
  const billing = useBillingStatus();
  const catalogue = usePlanCatalogue();
  const synced = useRef(false);
  const data = billing.data;
  const pending = !isFreeSession(sessionId) && data?.currentPlan === 'free';
  const customerId = data?.stripe.customerId;
  const refetch = billing.refetch;

  useEffect(() => {
    if (!pending || synced.current || !customerId) return;
    synced.current = true;
    syncStripe(customerId)
      .then(() => refetch())
      .catch((err) => console.error('Failed to read the subscription', err));
  }, [pending, customerId, refetch]);

  const planName = catalogue.data?.plans.find((p) => p.id === data?.currentPlan)?.name;
  return activationText(sessionId, data, planName);
}
