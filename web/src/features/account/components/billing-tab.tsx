import type { AccountView } from '@overlap/contract/account';
import type { BillingStatus } from '@overlap/contract/billing';
import type { Plan } from '@overlap/contract/plans';
import { CreditCard } from 'lucide-react';
import { useAccount, useBillingStatus, usePlanCatalogue } from '../../../api/account';
import { useSession } from '../../../api/session';
import { formatDate } from '../../../lib/format-time';
import { canManage } from '../../../lib/roles';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { ButtonLink } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { UsageBar } from '../../../ui/progress-bar';
import { Spinner } from '../../../ui/spinner';
import {
  graceDaysLeft,
  ManageBillingButton,
  PlanComparison,
  priceAndCycle,
  subscriptionBadge,
  trialDaysLeft,
} from '../../billing';
import { useActivePeopleCount } from '../api/usage';
import { useUsers } from '../api/users';

const SUSPENDED_MESSAGE = 'Your account has been suspended. Please visit your account settings to resolve this issue.';
const day = (iso: string) => formatDate(iso);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5 text-sm">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium text-fg">{children}</dd>
    </div>
  );
}

function AccountInfo({ account }: { account: AccountView }) {
  return (
    <Card>
      <CardHeader title="Account" />
      <CardContent>
        <dl className="divide-y divide-line">
          <Row label="Name">{account.name}</Row>
          <Row label="Status">
            <StatusBadge status={account.status} />
          </Row>
          <Row label="Created">
            <span className="tabular">{day(account.createdAt)}</span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

function PlanInfo({ billing, plan, manager }: { billing: BillingStatus; plan: Plan | undefined; manager: boolean }) {
  const { stripe } = billing;
  const badge = subscriptionBadge(stripe.subscriptionStatus, stripe.cancelAtPeriodEnd);
  const trialLeft = trialDaysLeft(billing);
  const graceLeft = graceDaysLeft(billing);
  return (
    <Card role="region" aria-label="Plan">
      <CardHeader
        title="Plan"
        actions={
          manager ? (
            <div className="flex flex-wrap justify-end gap-2">
              <ButtonLink to="/upgrade" size="sm" variant="secondary">
                Change plan
              </ButtonLink>
              <ManageBillingButton />
            </div>
          ) : null
        }
      />
      <CardContent>
        <dl className="divide-y divide-line">
          <Row label="Current plan">{plan?.name ?? (billing.currentPlan || 'Free')}</Row>
          {plan ? (
            <Row label="Price">
              <span className="tabular">{priceAndCycle(plan, billing.billingCycle)}</span>
            </Row>
          ) : null}
          <Row label="Subscription">
            {badge ? (
              <Badge tone={badge.tone} dot>
                {badge.label}
              </Badge>
            ) : (
              'None'
            )}
          </Row>
          {trialLeft !== null && billing.trialEndsAt ? (
            <Row label="Trial">
              <span className="tabular">
                {plural(trialLeft, 'day')} left · ends {day(billing.trialEndsAt)}
              </span>
            </Row>
          ) : billing.trialEndsAt ? (
            <Row label="Trial">Ended {day(billing.trialEndsAt)}</Row>
          ) : null}
          {stripe.cancelAtPeriodEnd && stripe.currentPeriodEnd ? (
            <Row label="Scheduled cancellation">
              <span className="tabular text-amber-700 dark:text-amber-400">{day(stripe.currentPeriodEnd)}</span>
            </Row>
          ) : stripe.currentPeriodEnd && stripe.subscriptionStatus !== 'canceled' ? (
            <Row label={stripe.subscriptionStatus === 'trialing' ? 'First charge' : 'Renews on'}>
              <span className="tabular">{day(stripe.currentPeriodEnd)}</span>
            </Row>
          ) : null}
          {graceLeft !== null && billing.paymentGraceEndsAt ? (
            <Row label="Payment failed">
              <span className="tabular text-amber-700 dark:text-amber-400">
                update by {day(billing.paymentGraceEndsAt)} ({plural(graceLeft, 'day')} left)
              </span>
            </Row>
          ) : null}
          <Row label="Data refresh">
            <span className="tabular">every {billing.integrationInterval} min</span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

function Usage({ account, billing }: { account: AccountView; billing: BillingStatus }) {
  const people = useActivePeopleCount();
  const users = useUsers();
  const activeUsers = users.data?.users.filter((u) => u.role !== 'disabled').length;
  return (
    <Card className="md:col-span-2">
      <CardHeader title="Usage" description="What this account uses against its plan's limits." />
      <CardContent className="grid gap-5 sm:grid-cols-3">
        <UsageBar label="Integrations" used={account.integrations.length} limit={billing.maxIntegrations} />
        <UsageBar label="People" used={people.data ?? 0} limit={billing.maxPeople} />
        {activeUsers !== undefined ? <UsageBar label="Users" used={activeUsers} limit={billing.maxUsers} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * Billing: account info, the plan with its price, cycle, subscription state, trial, renewal or
 * scheduled cancellation and payment grace; 'Manage billing' opens the customer portal in a new tab.
 * The status is read again when the window comes back into view (the portal lives in another tab).
 */
export function BillingTab() {
  const session = useSession();
  const account = useAccount();
  const billing = useBillingStatus(true, { refetchOnFocus: true });
  const catalogue = usePlanCatalogue();

  if (account.isPending || billing.isPending) {
    return (
      <div className="flex items-center gap-3 py-10 text-sm text-muted" role="status">
        <Spinner size="sm" /> Loading account...
      </div>
    );
  }
  if (account.isError) return <Banner tone="danger">Error loading account: {account.error.message}</Banner>;
  if (billing.isError) return <Banner tone="danger">Error loading billing information</Banner>;
  if (!billing.data) return <EmptyState icon={CreditCard} description="No billing information available" />;

  const plans = (catalogue.data?.plans ?? []).filter((p) => p.active);
  const plan = plans.find((p) => p.id === billing.data.currentPlan);
  const manager = canManage(session.data?.role) && account.data.status !== 'terminated';
  return (
    <div className="flex flex-col gap-4">
      {billing.data.suspensionReason === 'payment' ? (
        <Banner tone="danger" title="Suspended for an unpaid invoice" action={manager ? <ManageBillingButton /> : null}>
          {SUSPENDED_MESSAGE}
        </Banner>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <AccountInfo account={account.data} />
        <PlanInfo billing={billing.data} plan={plan} manager={manager} />
        <Usage account={account.data} billing={billing.data} />
      </div>
      {plans.length > 0 ? (
        <section aria-labelledby="billing-compare" className="flex flex-col gap-3 pt-2">
          <h2 id="billing-compare" className="text-base font-semibold text-fg">
            Compare plans
          </h2>
          <PlanComparison plans={plans} currentPlan={billing.data.currentPlan} />
        </section>
      ) : null}
    </div>
  );
}
