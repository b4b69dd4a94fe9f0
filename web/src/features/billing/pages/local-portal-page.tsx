import type { LocalSubscription } from '@overlap/contract/billing';
import type { BillingCycle, PlanId } from '@overlap/contract/plans';
import { ArrowLeft, CreditCard, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlanCatalogue } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Badge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { RetryBanner } from '../../../ui/retry-banner';
import { Select } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toaster';
import { useLocalPortal, useUpdateLocalCard, useUpdateLocalSubscription } from '../api/billing';
import { TestCardForm } from '../components/test-card-form';
import { TestModeFrame } from '../components/test-mode-frame';
import { dollars } from '../lib/pricing';
import { subscriptionBadge } from '../lib/subscription-display';

const day = (iso: string) => formatDate(iso);

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}

function CurrentSubscription({ sub }: { sub: LocalSubscription }) {
  const update = useUpdateLocalSubscription();
  const badge = subscriptionBadge(sub.status, sub.cancelAtPeriodEnd);
  const per = sub.billingCycle === 'yearly' ? 'year' : 'month';
  const setCancel = (cancelAtPeriodEnd: boolean) =>
    update.mutateAsync({ cancelAtPeriodEnd }).then(() => {
      toast.success(
        cancelAtPeriodEnd ? 'Your plan will be canceled at the end of the period.' : 'Your plan continues.',
      );
    });
  return (
    <Card>
      <CardHeader title="Current plan" />
      <CardContent>
        <dl className="divide-y divide-line">
          <Row label="Plan">{sub.planName}</Row>
          <Row label="Price">
            <span className="tabular">
              {dollars(sub.amount)} / {per}
            </span>
          </Row>
          <Row label="Status">
            {badge ? (
              <Badge tone={badge.tone} dot>
                {badge.label}
              </Badge>
            ) : null}
          </Row>
          {sub.status === 'trialing' && sub.trialEnd ? (
            <Row label="Trial ends">
              <span className="tabular">{day(sub.trialEnd)}</span>
            </Row>
          ) : null}
          <Row label={sub.cancelAtPeriodEnd ? 'Cancels on' : sub.status === 'trialing' ? 'First charge' : 'Renews on'}>
            <span className="tabular">{day(sub.currentPeriodEnd)}</span>
          </Row>
          <Row label="Card">
            <span className="tabular capitalize">
              {sub.card.brand} •••• {sub.card.last4}
            </span>
          </Row>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          {sub.cancelAtPeriodEnd ? (
            <Button variant="primary" loading={update.isPending} onClick={() => setCancel(false)}>
              Resume plan
            </Button>
          ) : (
            <ConfirmDialog
              trigger={<Button variant="danger">Cancel plan</Button>}
              title="Cancel your plan?"
              description={`${sub.planName} stays active until ${day(sub.currentPeriodEnd)}. After that the account moves to the Free plan and its lower limits apply; no data is deleted.`}
              confirmLabel="Cancel plan"
              cancelLabel="Keep plan"
              tone="danger"
              onConfirm={() => setCancel(true)}
              errorOf={(err) => errorMessage(err, 'The plan could not be canceled.')}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ChangePlan({ sub }: { sub: LocalSubscription }) {
  const catalogue = usePlanCatalogue();
  const update = useUpdateLocalSubscription();
  const [planId, setPlanId] = useState<string>(sub.planId);
  const [cycle, setCycle] = useState<BillingCycle>(sub.billingCycle);
  const paid = (catalogue.data?.plans ?? []).filter((p) => p.active && p.id !== 'free');
  const unchanged = planId === sub.planId && cycle === sub.billingCycle;
  const save = () =>
    update
      .mutateAsync({ planId: planId as Exclude<PlanId, 'free'>, billingCycle: cycle })
      .then(() => toast.success('Plan updated.'))
      .catch((err) => toast.error(errorMessage(err, 'The plan could not be changed.')));
  return (
    <Card>
      <CardHeader title="Change plan" description="The new price applies from the next renewal." />
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Plan">
            <Select
              value={planId}
              onValueChange={setPlanId}
              options={paid.map((p) => ({ value: p.id, label: p.name }))}
            />
          </Field>
          <Field label="Billing">
            <Select
              value={cycle}
              onValueChange={(v) => setCycle(v as BillingCycle)}
              options={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'yearly', label: 'Yearly' },
              ]}
            />
          </Field>
        </div>
        <div>
          <Button variant="secondary" disabled={unchanged} loading={update.isPending} onClick={save}>
            Update plan
          </Button>
        </div>
        <p className="text-xs text-muted">
          To move to the Free plan, cancel the plan above or choose Free on the{' '}
          <Link to="/upgrade" className="text-accent-text underline-offset-2 hover:underline">
            plan page
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}

function PaymentMethod({ sub }: { sub: LocalSubscription }) {
  const update = useUpdateLocalCard();
  const owed = sub.status === 'past_due' || sub.status === 'unpaid';
  return (
    <Card>
      <CardHeader
        title="Payment method"
        description={
          owed ? 'A payment is overdue: the new card is charged at once.' : 'Replaces the card for the next charges.'
        }
      />
      <CardContent>
        {owed ? (
          <Banner tone="warning" className="mb-4">
            The last charge to your card failed.
          </Banner>
        ) : null}
        <TestCardForm
          submitLabel={owed ? `Pay ${dollars(sub.amount)} with this card` : 'Update card'}
          onSubmit={async (card) => {
            await update.mutateAsync(card);
            toast.success(owed ? 'Payment received. Thank you!' : 'Card updated.');
          }}
        />
      </CardContent>
    </Card>
  );
}

/** The built-in test-mode customer portal: change plan, cancel at period end, resume, replace the card. */
export default function LocalPortalPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const portal = useLocalPortal();
  const sub = portal.data?.subscription;
  return (
    <TestModeFrame>
      <div className="mb-6 flex flex-col gap-3">
        <Link
          to="/account?tab=billing"
          className="inline-flex w-fit items-center gap-1.5 text-[13px] text-muted hover:text-fg"
        >
          <ArrowLeft className="size-3.5" aria-hidden="true" />
          Return to Overlap
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Billing portal</h1>
      </div>
      {portal.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : portal.isError ? (
        <RetryBanner onRetry={() => portal.refetch()} label="Retry" icon={<RefreshCw />}>
          Error loading billing information: {portal.error.message}
        </RetryBanner>
      ) : !sub ? (
        <EmptyState
          icon={CreditCard}
          title="No subscription"
          description="This account has no paid plan. Choose one to start."
          action={
            <ButtonLink to="/upgrade" variant="primary">
              Choose a plan
            </ButtonLink>
          }
        />
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-4">
            <CurrentSubscription sub={sub} />
            <ChangePlan sub={sub} />
          </div>
          <PaymentMethod sub={sub} />
        </div>
      )}
    </TestModeFrame>
  );
}
