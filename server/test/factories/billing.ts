/** GET /billing/status of an account in the trial of a yearly Scale-up subscription through `provider`. */
export function scaleupYearlyTrialStatus(
  provider: 'local' | 'stripe',
  trialEnd: string | undefined,
  customerId: string | null | undefined,
) {
  return {
    currentPlan: 'scaleup',
    billingCycle: 'yearly',
    maxIntegrations: -1,
    maxPeople: 50,
    maxUsers: 50,
    maxCustomIntegrations: 0,
    integrationInterval: 2,
    nextDataRefreshAt: null,
    isTrialActive: true,
    trialEndsAt: trialEnd,
    paymentGraceEndsAt: null,
    suspensionReason: null,
    provider,
    stripe: {
      subscriptionStatus: 'trialing',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: trialEnd,
      customerId,
    },
  };
}
