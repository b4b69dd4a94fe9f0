import { advanceLocalSubscriptions } from '../engine/billing/local-renewals.ts';
import { sendBillingNotice } from '../engine/billing/notices.ts';
import type { JobDefinition } from './index.ts';

/**
 * Every minute, in the built-in test mode only (Stripe runs its own clock): test-mode subscriptions
 * whose trial or period ended are renewed, cancelled, or go past due when the test card declines.
 */
export const job: JobDefinition = {
  name: 'local-billing',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(deps) {
    if (deps.config.STRIPE_SECRET_KEY) return;
    for (const outcome of await advanceLocalSubscriptions(deps.database.db)) {
      await deps.notify(outcome.accountId, 'account');
      if (outcome.result === 'payment_failed') await sendBillingNotice(deps, outcome.accountId, 'payment-failed');
    }
  },
};
