import type { BillingStatus } from '@overlap/contract/billing';
import { format } from 'date-fns';

export interface ActivationText {
  headline: string;
  detail: string | null;
}

/** A session id of a plan switch without payment (the free plan). */
export const isFreeSession = (sessionId: string | null) => !sessionId || sessionId.startsWith('free_');

/**
 * What the success page says happened: a paid plan's subscription was activated (with its trial
 * end); the free plan is simply active. While a paid checkout has not reached the account yet (the
 * card payment provider's notice can lag the redirect), it says the subscription is being set up.
 */
export function activationText(
  sessionId: string | null,
  billing: Pick<BillingStatus, 'currentPlan' | 'isTrialActive' | 'trialEndsAt'> | undefined,
  planName: string | undefined,
): ActivationText {
  if (isFreeSession(sessionId)) return { headline: 'Your Free plan is active', detail: null };
  if (!billing || billing.currentPlan === 'free') {
    return { headline: 'Setting up your subscription...', detail: 'This takes a few seconds.' };
  }
  const name = planName ?? billing.currentPlan;
  return {
    headline: 'Your subscription has been successfully activated',
    detail:
      billing.isTrialActive && billing.trialEndsAt
        ? `${name} plan, free trial until ${format(new Date(billing.trialEndsAt), 'd MMMM yyyy')}`
        : `${name} plan`,
  };
}
