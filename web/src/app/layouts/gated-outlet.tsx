import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useOnboardingState, useSession } from '../../api/session';
import { drawsWhileGated, gateRedirect, isPublicPath, sessionCookieHint } from '../gates';
import { RouteFallback } from './route-fallback';

/** Applies the spec's route gates (sign-in, terminated account, superadmin, onboarding) to every route. */
export function GatedOutlet() {
  const location = useLocation();
  const session = useSession();
  const [cookieHint] = useState(sessionCookieHint);
  const user = session.data ?? null;
  const needsCheck = Boolean(user) && user?.role !== 'superadmin' && user?.account.status !== 'terminated';
  const onboarding = useOnboardingState(needsCheck);
  const publicPath = isPublicPath(location.pathname);

  if (!publicPath && (session.isPending || (needsCheck && onboarding.isPending))) {
    // The gates only decide where to go: a page that shows nothing private before the session is
    // known draws its loading frame meanwhile (and starts its own requests), when a session
    // cookie came with the page or the session is already known. A visitor without one keeps the
    // plain placeholder until the gates send them to sign in.
    const drawPage = drawsWhileGated(location.pathname) && (cookieHint || user !== null);
    return drawPage ? <Outlet /> : <RouteFallback />;
  }
  const target = gateRedirect({
    path: location.pathname,
    search: location.search,
    user,
    onboardingNeeded: onboarding.data?.onboarding.nextAction === 'onboarding',
  });
  if (target && target !== `${location.pathname}${location.search}`) return <Navigate to={target} replace />;
  return <Outlet />;
}
