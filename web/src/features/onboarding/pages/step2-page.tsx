import type { BillingCycle, PlanId } from '@overlap/contract/plans';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBillingStatus, usePlanCatalogue } from '../../../api/account';
import { useOnboardingState } from '../../../api/session';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { createCheckoutSession, PlanPicker } from '../../billing';
import { StepHeading } from '../components/step-heading';
import { offeredPlans, startLabel } from '../lib/plan-display';
import { stepTwoRedirect } from '../lib/setup-state';

export default function Step2Page() {
  const navigate = useNavigate();
  const state = useOnboardingState(true);
  const catalogue = usePlanCatalogue();
  const billing = useBillingStatus();
  const [picked, setPicked] = useState<PlanId | null>(null);
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  const checked = useRef(false);
  const redirect = stepTwoRedirect(state.data);

  useEffect(() => {
    if (checked.current || state.isPending) return;
    checked.current = true;
    if (redirect) navigate(redirect, { replace: true });
  }, [state.isPending, redirect, navigate]);

  const plans = offeredPlans(catalogue.data?.plans ?? []);
  const currentPlan = state.data?.account.plan;
  const selectedId = picked ?? (plans.some((p) => p.id === currentPlan) ? (currentPlan as PlanId) : null);
  const selected = plans.find((p) => p.id === selectedId);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    setStarting(true);
    setFailed(false);
    try {
      const { sessionUrl } = await createCheckoutSession({ planId: selected.id, billingCycle: cycle });
      if (!sessionUrl) throw new Error('No checkout URL received');
      window.location.assign(sessionUrl);
    } catch (err) {
      console.error('Failed to create checkout session', err);
      setFailed(true);
      setStarting(false);
    }
  };

  return (
    <form onSubmit={start} className="flex flex-col gap-6">
      <div>
        <ButtonLink
          to="/onboarding/step1?force=true"
          variant="ghost"
          size="sm"
          icon={<ArrowLeft />}
          className="-ml-2.5 mb-3"
        >
          Back
        </ButtonLink>
        <StepHeading
          step={2}
          title="Choose Your Plan"
          description="Paid plans start with a free 7-day trial. You can change your plan at any time from the account settings."
        />
      </div>
      {failed ? <Banner tone="danger">Failed to start plan. Please try again.</Banner> : null}
      {catalogue.isPending || redirect ? (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} className="h-60" />
          ))}
        </div>
      ) : catalogue.error ? (
        <RetryBanner onRetry={() => catalogue.refetch()} label="Retry" icon={<RefreshCw />}>
          The plans could not be loaded.
        </RetryBanner>
      ) : plans.length === 0 ? (
        <Banner tone="warning">No plans are offered right now. Please try again later.</Banner>
      ) : (
        <PlanPicker
          plans={plans}
          selected={selectedId}
          onSelect={setPicked}
          cycle={cycle}
          onCycleChange={setCycle}
          currentPlan={currentPlan}
        />
      )}
      <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:bg-transparent sm:px-0 sm:pt-4 sm:pb-0 sm:backdrop-blur-none">
        <Button type="submit" variant="primary" disabled={!selected || catalogue.isPending} loading={starting}>
          {startLabel(selected, Boolean(billing.data?.trialEndsAt))}
        </Button>
      </div>
    </form>
  );
}
