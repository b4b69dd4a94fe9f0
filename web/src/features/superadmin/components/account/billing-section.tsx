import type { OperatorAccount } from '@overlap/contract/superadmin';
import { StatusBadge } from '../../../../ui/badge';
import { daysLeftText, planLabel } from '../../lib/billing-badge';
import { ExtendTrialForm } from './extend-trial-form';
import { Fact, Facts, Section, when } from './section';

function trialText(trialEndsAt: string | null, now: Date): string {
  if (!trialEndsAt) return 'No trial';
  const end = when(trialEndsAt);
  if (Date.parse(trialEndsAt) <= now.getTime()) return `Ended ${end}`;
  return `${end} (${daysLeftText(trialEndsAt, now)})`;
}

export function BillingSection({ account }: { account: OperatorAccount }) {
  const now = new Date();
  return (
    <Section title="Billing information">
      <div className="flex flex-col gap-4">
        <Facts>
          <Fact label="Plan">{planLabel(account.currentPlan)}</Fact>
          <Fact label="Subscription">
            {account.stripeSubscriptionStatus ? (
              <StatusBadge status={account.stripeSubscriptionStatus} />
            ) : (
              <span className="text-muted">None</span>
            )}
          </Fact>
          <Fact label="Trial ends">{trialText(account.trialEndsAt, now)}</Fact>
          <Fact label="Current period ends">{when(account.stripeCurrentPeriodEnd)}</Fact>
          <Fact label="Cancels at period end">{account.cancelAtPeriodEnd ? 'Yes' : 'No'}</Fact>
          <Fact label="Stripe customer">
            <span className="font-mono text-[13px]">{account.stripeCustomerId ?? '—'}</span>
          </Fact>
          <Fact label="Stripe subscription">
            <span className="font-mono text-[13px]">{account.stripeSubscriptionId ?? '—'}</span>
          </Fact>
          <Fact label="Stripe price">
            <span className="font-mono text-[13px]">{account.stripePriceId ?? '—'}</span>
          </Fact>
        </Facts>
        <ExtendTrialForm accountId={account.id} />
      </div>
    </Section>
  );
}
