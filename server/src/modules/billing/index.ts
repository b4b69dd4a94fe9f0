/** What other areas (the operator console, jobs) use of billing. */
export { suspendAfterGrace } from './grace.ts';
export { advanceLocalSubscriptions } from './local-renewals.ts';
export { sendBillingNotice } from './notices.ts';
export { gatewayFor } from './select-gateway.ts';
export { stripeClient } from './stripe-client.ts';
export { syncAccountBilling } from './sync.ts';
export { extendStripeTrial } from './trial-extension.ts';
export { endExpiredTrials } from './trials.ts';
