/** Plans and payment: the upgrade page, the test-mode checkout and portal, and the parts other features show. */
export const billingPages = {
  upgrade: () => import('./pages/upgrade-page'),
  localCheckout: () => import('./pages/local-checkout-page'),
  localPortal: () => import('./pages/local-portal-page'),
};
export { createCheckoutSession, syncStripe } from './api/billing';
export { BillingCycleSwitch } from './components/billing-cycle-switch';
export { ManageBillingButton } from './components/manage-billing-button';
export { PaymentGraceBanner } from './components/payment-grace-banner';
export { PlanComparison } from './components/plan-comparison';
export { PlanPicker } from './components/plan-picker';
export { PollingRing } from './components/polling-ring';
export { priceAndCycle } from './lib/pricing';
export { graceDaysLeft, subscriptionBadge, trialDaysLeft } from './lib/subscription-display';
