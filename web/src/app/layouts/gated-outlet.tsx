import { Navigate, Outlet, useLocation } from 'react-router';
import { useOnboardingState, useSession } from '../../api/session';
import { gateRedirect, isPublicPath } from '../gates';
import { RouteFallback } from './route-fallback';

/** Applies the spec's route gates (sign-in, terminated account, superadmin, onboarding) to every route. */
export function GatedOutlet() {
  const location = useLocation();
  const session = useSession();
  const user = session.data ?? null;
  const needsCheck = Boolean(user) && user?.role !== 'superadmin' && user?.account.status !== 'terminated';
  const onboarding = useOnboardingState(needsCheck);
  const publicPath = isPublicPath(location.pathname);

  if (!publicPath && (session.isPending || (needsCheck && onboarding.isPending))) return <RouteFallback />;
  const target = gateRedirect({
    path: location.pathname,
    search: location.search,
    user,
    onboardingNeeded: onboarding.data?.onboarding.nextAction === 'onboarding',
  });
  if (target && target !== `${location.pathname}${location.search}`) return <Navigate to={target} replace />;
  return <Outlet />;
}
