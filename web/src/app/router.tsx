import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { prefetchGates } from '../api/session';
import { prefetchDashboardBanners } from '../api/team-status';
import { canManage } from '../lib/roles';
import { isPublicPath } from './gates';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { DashboardFallback } from './layouts/dashboard-fallback';
import { GatedOutlet } from './layouts/gated-outlet';
import { RouteFallback } from './layouts/route-fallback';

/**
 * Route-level code splitting: each page is its own chunk, reached through its feature's index (a
 * static import of an index would put everything it shares into the first bundle).
 */
/** The onboarding wizard's frame, needed only by the few onboarding pages. */
const OnboardingLayout = lazy(() =>
  import('./layouts/onboarding-layout').then((m) => ({ default: m.OnboardingLayout })),
);

function page(load: () => Promise<{ default: ComponentType }>, fallback = <RouteFallback />) {
  const Page = lazy(load);
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

const loadDashboard = () => import('../features/dashboard').then((f) => f.dashboardPage());

/**
 * Starts what the first screen needs while the app starts: on a page behind the route gates, the
 * gates' two answers (session and onboarding state) side by side instead of one after the other;
 * on `/`, the dashboard's code, which would otherwise be asked for only once the gates have passed,
 * and what its banners need.
 */
export function preloadPage(pathname: string, client: QueryClient): void {
  if (!isPublicPath(pathname)) prefetchGates(client);
  if (pathname === '/') {
    void loadDashboard();
    prefetchDashboardBanners(client, canManage);
  }
}

/** A page inside the app's header and footer: its placeholder fills the screen. */
const appPage = (load: () => Promise<{ default: ComponentType }>) => page(load, <RouteFallback fill />);

export const routes: RouteObject[] = [
  {
    element: <GatedOutlet />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: page(() => import('../features/auth').then((f) => f.authPages.login())) },
          { path: '/signup', element: page(() => import('../features/auth').then((f) => f.authPages.signup())) },
          {
            path: '/forgot-password',
            element: page(() => import('../features/auth').then((f) => f.authPages.forgotPassword())),
          },
          {
            path: '/confirm-email',
            element: page(() => import('../features/auth').then((f) => f.authPages.confirmEmail())),
          },
          {
            path: '/set-password',
            element: page(() => import('../features/auth').then((f) => f.authPages.setPassword())),
          },
          {
            path: '/reset-password',
            element: page(() => import('../features/auth').then((f) => f.authPages.resetPassword())),
          },
          {
            path: '/invitations/:token/accept',
            element: page(() => import('../features/auth').then((f) => f.authPages.acceptInvitation())),
          },
          {
            path: '/accept-invitation/:token',
            element: page(() => import('../features/auth').then((f) => f.authPages.acceptInvitation())),
          },
        ],
      },
      {
        element: (
          <Suspense fallback={<RouteFallback />}>
            <OnboardingLayout />
          </Suspense>
        ),
        children: [
          { path: '/onboarding', element: <Navigate to="/onboarding/step1" replace /> },
          {
            path: '/onboarding/step1',
            element: page(() => import('../features/onboarding').then((f) => f.onboardingPages.step1())),
          },
          {
            path: '/onboarding/step2',
            element: page(() => import('../features/onboarding').then((f) => f.onboardingPages.step2())),
          },
          {
            path: '/onboarding/success',
            element: page(() => import('../features/onboarding').then((f) => f.onboardingPages.success())),
          },
        ],
      },
      { path: '/survey', element: page(() => import('../features/survey').then((f) => f.surveyPage())) },
      {
        path: '/billing/checkout/:sessionId',
        element: page(() => import('../features/billing').then((f) => f.billingPages.localCheckout())),
      },
      {
        path: '/billing/portal',
        element: page(() => import('../features/billing').then((f) => f.billingPages.localPortal())),
      },
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: page(loadDashboard, <DashboardFallback />) },
          { path: '/account', element: appPage(() => import('../features/account').then((f) => f.accountPage())) },
          { path: '/profile', element: appPage(() => import('../features/profile').then((f) => f.profilePage())) },
          { path: '/people', element: appPage(() => import('../features/people').then((f) => f.peoplePages.people())) },
          {
            path: '/people/:id',
            element: appPage(() => import('../features/people').then((f) => f.peoplePages.person())),
          },
          {
            path: '/people/:id/edit',
            element: appPage(() => import('../features/people').then((f) => f.peoplePages.personEdit())),
          },
          {
            path: '/people/:id/week',
            element: appPage(() => import('../features/calendars').then((f) => f.calendarPages.week())),
          },
          {
            path: '/people/:id/year',
            element: appPage(() => import('../features/calendars').then((f) => f.calendarPages.year())),
          },
          {
            path: '/people-integrations/:id',
            element: appPage(() => import('../features/people').then((f) => f.peoplePages.personIntegration())),
          },
          {
            path: '/upgrade',
            element: appPage(() => import('../features/billing').then((f) => f.billingPages.upgrade())),
          },
          {
            path: '/styleguide',
            element: appPage(() => import('../features/styleguide').then((f) => f.styleguidePage())),
          },
          {
            path: '/integrations/add',
            element: appPage(() => import('../features/integrations').then((f) => f.integrationPages.add())),
          },
          {
            path: '/integrations/:provider/callback',
            element: appPage(() => import('../features/integrations').then((f) => f.integrationPages.oauthCallback())),
          },
          {
            path: '/integrations/:id',
            element: appPage(() => import('../features/integrations').then((f) => f.integrationPages.integration())),
          },
          {
            path: '/superadmin',
            element: appPage(() => import('../features/superadmin').then((f) => f.superadminPages.console())),
          },
          {
            path: '/superadmin/services/:id',
            element: appPage(() => import('../features/superadmin').then((f) => f.superadminPages.service())),
          },
          {
            path: '/superadmin/accounts/:id',
            element: appPage(() => import('../features/superadmin').then((f) => f.superadminPages.account())),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

/**
 * The app's routes, matched inside a BrowserRouter (main.tsx). No route loads data through the
 * router, so the declarative router is enough: the data router's code stays out of the first bundle.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
