import type { SessionUser } from '@overlap/contract/auth';

const PUBLIC_PATHS = [
  /^\/login$/,
  /^\/signup$/,
  /^\/forgot-password$/,
  /^\/confirm-email$/,
  /^\/set-password$/,
  /^\/reset-password$/,
  /^\/invitations\/[^/]+\/accept$/,
  /^\/accept-invitation\/[^/]+$/,
  /^\/styleguide$/,
];

export const isPublicPath = (path: string) => PUBLIC_PATHS.some((re) => re.test(path));
const isOnboardingPath = (path: string) => path === '/onboarding' || path.startsWith('/onboarding/');
/** The test-mode checkout and portal: reached from the wizard's plan step as well as afterwards. */
const isBillingProviderPath = (path: string) => /^\/billing\/(checkout\/[^/]+|portal)$/.test(path);

/** The authorization return pages: reached from a provider during onboarding too. */
const isOAuthReturnPath = (path: string) => /^\/integrations\/[^/]+\/callback$/.test(path);
const isSuperadminPath = (path: string) => path === '/superadmin' || path.startsWith('/superadmin/');

interface GateInput {
  path: string;
  search: string;
  user: SessionUser | null;
  /** True when the backend's onboarding state says the next action is onboarding. */
  onboardingNeeded: boolean;
}

/** Where the route gates send a visitor, or null to let them through (spec 000 §2 route table). */
export function gateRedirect({ path, search, user, onboardingNeeded }: GateInput): string | null {
  if (isPublicPath(path)) return null;
  if (!user) return '/login';
  if (user.account.status === 'terminated' && user.role !== 'superadmin') {
    if (path === '/account' && new URLSearchParams(search).get('tab') === 'billing') return null;
    return '/account?tab=billing';
  }
  if (isSuperadminPath(path) && user.role !== 'superadmin') return '/';
  if (isOAuthReturnPath(path)) return null;
  if (onboardingNeeded && !isOnboardingPath(path) && !isBillingProviderPath(path)) return '/onboarding/step1';
  if (!onboardingNeeded && isOnboardingPath(path)) return '/';
  if (path === '/onboarding') return '/onboarding/step1';
  return null;
}
