import type { LocalCheckoutSession, TestCard } from '@overlap/contract/billing';
import { addDays } from 'date-fns';
import { ArrowLeft, CircleCheck, Clock } from 'lucide-react';
import { useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { formatDate } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Banner } from '../../../ui/banner';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Skeleton } from '../../../ui/skeleton';
import { completeLocalCheckout, useLocalCheckout } from '../api/billing';
import { TestCardForm } from '../components/test-card-form';
import { TestModeFrame } from '../components/test-mode-frame';
import { dollars } from '../lib/pricing';

function Summary({ session }: { session: LocalCheckoutSession }) {
  const per = session.billingCycle === 'yearly' ? 'year' : 'month';
  const trialEnds = session.trialDays ? formatDate(addDays(new Date(), session.trialDays)) : null;
  return (
    <div className="flex flex-col gap-4">
      <a
        href={session.cancelUrl}
        className="inline-flex w-fit items-center gap-1.5 text-[13px] text-muted hover:text-fg"
      >
        <ArrowLeft className="size-3.5" aria-hidden="true" />
        Back
      </a>
      <div>
        <p className="text-sm text-muted">Subscribe to Overlap {session.planName}</p>
        {session.trialDays ? (
          <p className="mt-1 text-3xl font-semibold tracking-tight text-fg">{session.trialDays} days free</p>
        ) : (
          <p className="mt-1 text-3xl font-semibold tracking-tight text-fg">
            <span className="tabular">{dollars(session.amount)}</span>
            <span className="ml-1 text-base font-normal text-muted">per {per}</span>
          </p>
        )}
        {trialEnds ? (
          <p className="tabular mt-1 text-sm text-muted">
            Then {dollars(session.amount)} per {per}, starting {trialEnds}
          </p>
        ) : null}
      </div>
      <dl className="divide-y divide-line rounded-lg border border-line bg-surface text-sm">
        <div className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-muted">Plan</dt>
          <dd className="font-medium text-fg">{session.planName}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-muted">Billing</dt>
          <dd className="font-medium text-fg">{session.billingCycle === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-muted">Due today</dt>
          <dd className="tabular font-medium text-fg">{dollars(session.trialDays ? 0 : session.amount)}</dd>
        </div>
      </dl>
    </div>
  );
}

function Closed({ session }: { session: LocalCheckoutSession }) {
  const complete = session.status === 'complete';
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
      {complete ? (
        <CircleCheck className="size-8 text-emerald-600" aria-hidden="true" />
      ) : (
        <Clock className="size-8 text-muted" aria-hidden="true" />
      )}
      <h1 className="text-lg font-semibold text-fg">
        {complete ? 'This checkout is complete' : 'This checkout session has expired'}
      </h1>
      <p className="text-sm text-muted">
        {complete ? 'Your subscription is set up.' : 'Choose your plan again to start a new checkout.'}
      </p>
      <ButtonLink to={complete ? '/account?tab=billing' : session.cancelUrl} variant="primary">
        {complete ? 'Go to billing' : 'Choose a plan'}
      </ButtonLink>
    </Card>
  );
}

/** The built-in test-mode checkout (no STRIPE_SECRET_KEY): the plan, its price and a test card form. */
export default function LocalCheckoutPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const { sessionId = '' } = useParams();
  const session = useLocalCheckout(sessionId);

  const pay = async (card: TestCard) => {
    const { redirectUrl } = await completeLocalCheckout(sessionId, card);
    window.location.assign(redirectUrl);
  };

  return (
    <TestModeFrame>
      {session.isPending ? (
        <div className="grid gap-8 md:grid-cols-2" aria-busy="true">
          <Skeleton className="h-64" />
          <Skeleton className="h-80" />
        </div>
      ) : session.isError ? (
        <Banner
          tone="danger"
          title={isApiError(session.error, 404) ? 'Checkout session not found' : 'The checkout could not be loaded'}
          action={
            <ButtonLink to="/upgrade" size="sm">
              Choose a plan
            </ButtonLink>
          }
        >
          {session.error.message}
        </Banner>
      ) : session.data.status !== 'open' ? (
        <Closed session={session.data} />
      ) : (
        <div className="grid gap-8 md:grid-cols-2 md:gap-12">
          <Summary session={session.data} />
          <Card className="p-5 sm:p-6">
            <h1 className="mb-4 text-base font-semibold text-fg">Pay with card</h1>
            <TestCardForm
              submitLabel={session.data.trialDays ? 'Start trial' : `Pay ${dollars(session.data.amount)}`}
              onSubmit={pay}
            />
          </Card>
        </div>
      )}
    </TestModeFrame>
  );
}
