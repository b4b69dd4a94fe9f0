import type { BillingCycle, PlanId } from '@overlap/contract/plans';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useBillingStatus, usePlanCatalogue } from '../../../api/account';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { Button } from '../../../ui/button';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { createCheckoutSession } from '../api/billing';
import { FreeIntervalNotice } from '../components/free-interval-notice';
import { PlanComparison } from '../components/plan-comparison';
import { PlanPicker } from '../components/plan-picker';
import { WhatHappensNext } from '../components/what-happens-next';
import { WhyUpgrade } from '../components/why-upgrade';
import { paidIntervalRange, startButtonLabel } from '../lib/upgrade-choice';

/** /upgrade (spec 001 §2): why upgrade, the plans by billing cycle, what happens next, the comparison. */
export default function UpgradePage() {
  const session = useSession();
  const billing = useBillingStatus();
  const catalogue = usePlanCatalogue();
  const [picked, setPicked] = useState<PlanId | null>(null);
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [starting, setStarting] = useState(false);

  const plans = (catalogue.data?.plans ?? []).filter((p) => p.active);
  const selected = plans.find((p) => p.id === picked);
  const isFree = !billing.data || billing.data.currentPlan === 'free';
  const manager = canManage(session.data?.role);
  const label = startButtonLabel(selected, billing.data);

  const start = async () => {
    if (!selected || selected.id === 'free') return;
    setStarting(true);
    try {
      const { sessionUrl } = await createCheckoutSession({ planId: selected.id, billingCycle: cycle });
      window.location.assign(sessionUrl);
    } catch (err) {
      // Spec 001 §8: an upgrade checkout failure is logged and the button enabled again, with no message.
      console.error('Failed to create checkout session', err);
      setStarting(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Upgrade Your Plan</h1>
        <p className="mt-1 text-sm text-muted">More people, faster updates and longer history for your team.</p>
      </div>
      {isFree && billing.data ? (
        <FreeIntervalNotice minutes={billing.data.integrationInterval} paidIntervals={paidIntervalRange(plans)} />
      ) : null}
      <WhyUpgrade />
      <section aria-labelledby="choose-plan" className="flex flex-col gap-4">
        <h2 id="choose-plan" className="text-base font-semibold text-fg">
          Choose your plan
        </h2>
        {catalogue.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
            {['a', 'b', 'c', 'd'].map((k) => (
              <Skeleton key={k} className="h-64" />
            ))}
          </div>
        ) : catalogue.isError ? (
          <RetryBanner onRetry={() => catalogue.refetch()} label="Retry" icon={<RefreshCw />}>
            The plans could not be loaded.
          </RetryBanner>
        ) : (
          <PlanPicker
            plans={plans}
            selected={picked}
            onSelect={setPicked}
            cycle={cycle}
            onCycleChange={setCycle}
            currentPlan={billing.data?.currentPlan}
          />
        )}
        <div className="sticky bottom-0 z-10 -mx-4 flex min-h-14 flex-col gap-2 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
          <p className="text-[13px] text-muted" aria-live="polite">
            {!manager
              ? 'Only managers can change the plan.'
              : !selected
                ? 'Pick a plan to continue.'
                : selected.id === 'free'
                  ? 'The Free plan needs no checkout. To leave a paid plan, cancel it from Manage billing on the billing tab.'
                  : `${selected.name}, billed ${cycle}.`}
          </p>
          {manager && label ? (
            <Button variant="primary" loading={starting} onClick={start}>
              {label}
            </Button>
          ) : null}
        </div>
      </section>
      <WhatHappensNext />
      {plans.length > 0 ? (
        <section aria-labelledby="compare-plans" className="flex flex-col gap-3">
          <h2 id="compare-plans" className="text-base font-semibold text-fg">
            Compare plans
          </h2>
          <PlanComparison plans={plans} currentPlan={billing.data?.currentPlan} />
        </section>
      ) : null}
    </div>
  );
}
