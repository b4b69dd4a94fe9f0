import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { GatedOutlet } from './layouts/gated-outlet';
import { OnboardingLayout } from './layouts/onboarding-layout';
import { RouteFallback } from './layouts/route-fallback';

/** Route-level code splitting: each page is its own chunk. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<RouteFallback />}>
      <Page />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <GatedOutlet />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: page(() => import('../features/auth/pages/login-page')) },
          { path: '/signup', element: page(() => import('../features/auth/pages/signup-page')) },
          { path: '/forgot-password', element: page(() => import('../features/auth/pages/forgot-password-page')) },
          { path: '/confirm-email', element: page(() => import('../features/auth/pages/confirm-email-page')) },
          { path: '/set-password', element: page(() => import('../features/auth/pages/set-password-page')) },
          { path: '/reset-password', element: page(() => import('../features/auth/pages/reset-password-page')) },
          {
            path: '/invitations/:token/accept',
            element: page(() => import('../features/auth/pages/accept-invitation-page')),
          },
          {
            path: '/accept-invitation/:token',
            element: page(() => import('../features/auth/pages/accept-invitation-page')),
          },
        ],
      },
      {
        element: <OnboardingLayout />,
        children: [
          { path: '/onboarding', element: <Navigate to="/onboarding/step1" replace /> },
          { path: '/onboarding/step1', element: page(() => import('../features/onboarding/pages/step1-page')) },
          { path: '/onboarding/step2', element: page(() => import('../features/onboarding/pages/step2-page')) },
          { path: '/onboarding/success', element: page(() => import('../features/onboarding/pages/success-page')) },
        ],
      },
      { path: '/survey', element: page(() => import('../features/survey/pages/survey-page')) },
      {
        path: '/billing/checkout/:sessionId',
        element: page(() => import('../features/billing/pages/local-checkout-page')),
      },
      { path: '/billing/portal', element: page(() => import('../features/billing/pages/local-portal-page')) },
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: page(() => import('../features/dashboard/pages/dashboard-page')) },
          { path: '/account', element: page(() => import('../features/account/pages/account-page')) },
          { path: '/profile', element: page(() => import('../features/profile/pages/profile-page')) },
          { path: '/people', element: page(() => import('../features/people/pages/people-page')) },
          { path: '/people/:id', element: page(() => import('../features/people/pages/person-page')) },
          { path: '/people/:id/edit', element: page(() => import('../features/people/pages/person-edit-page')) },
          { path: '/people/:id/week', element: page(() => import('../features/calendars/pages/week-page')) },
          { path: '/people/:id/year', element: page(() => import('../features/calendars/pages/year-page')) },
          {
            path: '/people-integrations/:id',
            element: page(() => import('../features/people/pages/person-integration-page')),
          },
          { path: '/upgrade', element: page(() => import('../features/billing/pages/upgrade-page')) },
          { path: '/styleguide', element: page(() => import('../features/styleguide/pages/styleguide-page')) },
          {
            path: '/integrations/add',
            element: page(() => import('../features/integrations/pages/add-integration-page')),
          },
          {
            path: '/integrations/:provider/callback',
            element: page(() => import('../features/integrations/pages/oauth-callback-page')),
          },
          { path: '/integrations/:id', element: page(() => import('../features/integrations/pages/integration-page')) },
          { path: '/superadmin', element: page(() => import('../features/superadmin/pages/superadmin-page')) },
          {
            path: '/superadmin/services/:id',
            element: page(() => import('../features/superadmin/pages/service-page')),
          },
          {
            path: '/superadmin/accounts/:id',
            element: page(() => import('../features/superadmin/pages/operator-account-page')),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
