import type { AccountView } from '@overlap/contract/account';
import type { BillingStatus } from '@overlap/contract/billing';
import { format } from 'date-fns';
import { CreditCard } from 'lucide-react';
import { useAccount, useBillingStatus, usePlanCatalogue } from '../../../api/account';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { ButtonLink } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { UsageBar } from '../../../ui/progress-bar';
import { Spinner } from '../../../ui/spinner';
import { useActivePeopleCount } from '../api/usage';
import { useUsers } from '../api/users';
import { subscriptionBadge, trialDaysLeft } from '../lib/billing-display';

const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5 text-sm">
      <dt className="text-muted">{label}</dt>
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

function PlanInfo({ billing, planName, canChange }: { billing: BillingStatus; planName: string; canChange: boolean }) {
  const badge = subscriptionBadge(billing.stripe.subscriptionStatus);
  const daysLeft = trialDaysLeft(billing);
  return (
    <Card>
      <CardHeader
        title="Plan"
        actions={
          canChange ? (
            <ButtonLink to="/upgrade" size="sm" variant="secondary">
              Change plan
            </ButtonLink>
          ) : null
        }
      />
      <CardContent>
        <dl className="divide-y divide-line">
          <Row label="Current plan">{planName}</Row>
          <Row label="Subscription">
            {badge ? (
              <Badge tone={badge.tone} dot>
                {badge.label}
              </Badge>
            ) : (
              'None'
            )}
          </Row>
          {daysLeft !== null ? (
            <Row label="Trial">
              <span className="tabular">
                {daysLeft} day{daysLeft === 1 ? '' : 's'} left
              </span>
            </Row>
          ) : billing.trialEndsAt ? (
            <Row label="Trial">Ended {day(billing.trialEndsAt)}</Row>
          ) : null}
          {billing.stripe.cancelAtPeriodEnd && billing.stripe.currentPeriodEnd ? (
            <Row label="Cancels on">
              <span className="tabular text-amber-700 dark:text-amber-400">{day(billing.stripe.currentPeriodEnd)}</span>
            </Row>
          ) : billing.stripe.currentPeriodEnd ? (
            <Row label="Renews on">
              <span className="tabular">{day(billing.stripe.currentPeriodEnd)}</span>
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

function Usage({
  account,
  billing,
  userLimit,
}: {
  account: AccountView;
  billing: BillingStatus;
  userLimit: number | null;
}) {
  const people = useActivePeopleCount();
  const users = useUsers();
  const activeUsers = users.data?.users.filter((u) => u.role !== 'disabled').length;
  return (
    <Card className="md:col-span-2">
      <CardHeader title="Usage" description="What this account uses against its plan's limits." />
      <CardContent className="grid gap-5 sm:grid-cols-3">
        <UsageBar label="Integrations" used={account.integrations.length} limit={billing.maxIntegrations} />
        <UsageBar label="People" used={people.data ?? 0} limit={billing.maxPeople} />
        {userLimit !== null && activeUsers !== undefined ? (
          <UsageBar label="Users" used={activeUsers} limit={userLimit} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Read-only billing: account info, usage, current plan and subscription state. */
export function BillingTab() {
  const session = useSession();
  const account = useAccount();
  const billing = useBillingStatus();
  const plans = usePlanCatalogue();

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

  const plan = plans.data?.plans.find((p) => p.id === billing.data.currentPlan);
  const role = session.data?.role;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <AccountInfo account={account.data} />
      <PlanInfo
        billing={billing.data}
        planName={plan?.name ?? (billing.data.currentPlan || 'Free')}
        canChange={canManage(role) && account.data.status !== 'terminated'}
      />
      <Usage account={account.data} billing={billing.data} userLimit={plan?.userLimit ?? null} />
    </div>
  );
}
