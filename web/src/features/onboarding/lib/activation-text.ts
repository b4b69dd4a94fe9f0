import type { BillingStatus } from '@overlap/contract/billing';
import { formatDate } from '../../../lib/format-time';

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
  billing:
    | Pick<BillingStatus, 'currentPlan' | 'isTrialActive' | 'trialEndsAt' | 'maxPeople' | 'integrationInterval'>
    | undefined,
  planName: string | undefined,
): ActivationText {
  if (isFreeSession(sessionId)) {
    return {
      headline: 'Your Free plan is active',
      detail: billing ? `${limitsText(billing)}. Demo data does not count towards it.` : null,
    };
  }
  if (!billing || billing.currentPlan === 'free') {
    return { headline: 'Setting up your subscription...', detail: 'This takes a few seconds.' };
  }
  const name = planName ?? billing.currentPlan;
  const plan =
    billing.isTrialActive && billing.trialEndsAt
      ? `${name} plan, free trial until ${formatDate(billing.trialEndsAt)}`
      : `${name} plan`;
  return { headline: 'Your subscription has been successfully activated', detail: `${plan}: ${limitsText(billing)}` };
}

/** 'up to 5 people, updated every 10 minutes' (a limit of 0 or less is unlimited). */
function limitsText({ maxPeople, integrationInterval }: Pick<BillingStatus, 'maxPeople' | 'integrationInterval'>) {
  const people = maxPeople > 0 ? `Up to ${maxPeople} ${maxPeople === 1 ? 'person' : 'people'}` : 'Unlimited people';
  const every = integrationInterval === 1 ? 'every minute' : `every ${integrationInterval} minutes`;
  return `${people}, updated ${every}`;
}
