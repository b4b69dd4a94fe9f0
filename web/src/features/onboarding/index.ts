/** The wizard's pages (loaded on demand) and what the onboarding frame draws beside them. */
export const onboardingPages = {
  step1: () => import('./pages/step1-page'),
  step2: () => import('./pages/step2-page'),
  success: () => import('./pages/success-page'),
};
export { WizardSteps } from './components/wizard-steps';
export { hasActiveIntegration } from './lib/setup-state';
