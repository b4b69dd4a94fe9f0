import { lazy, Suspense } from 'react';
import { useBillingStatus } from '../../../api/account';

/**
 * The billing parts of the chrome. Each shows only in one billing state (the free plan, a failed
 * payment), so billing's code (with its date formatting) loads only once the status says it is needed.
 */
const Ring = lazy(() => import('../../billing').then((m) => ({ default: m.PollingRing })));
const GraceBanner = lazy(() => import('../../billing').then((m) => ({ default: m.PaymentGraceBanner })));

/** The free plan's refresh ring in the header. */
export function PollingRingSlot() {
  const billing = useBillingStatus();
  if (billing.data?.currentPlan !== 'free') return null;
  return (
    <Suspense fallback={null}>
      <Ring />
    </Suspense>
  );
}

/** The failed-payment banner under the header. */
export function PaymentGraceSlot() {
  const billing = useBillingStatus();
  if (!billing.data?.paymentGraceEndsAt || billing.data.suspensionReason) return null;
  return (
    <Suspense fallback={null}>
      <GraceBanner />
    </Suspense>
  );
}
