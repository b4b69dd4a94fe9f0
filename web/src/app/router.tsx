import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { GatedOutlet } from './layouts/gated-outlet';
import { OnboardingLayout } from './layouts/onboarding-layout';
import { RouteFallback } from './layouts/route-fallback';

/**
 * Route-level code splitting: each page is its own chunk, reached through its feature's index (a
 * static import of an index would put everything it shares into the first bundle).
 */
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
        element: <OnboardingLayout />,
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
        element: <AppLayout />,
        children: [
          { path: '/', element: page(() => import('../features/dashboard').then((f) => f.dashboardPage())) },
          { path: '/account', element: page(() => import('../features/account').then((f) => f.accountPage())) },
          { path: '/profile', element: page(() => import('../features/profile').then((f) => f.profilePage())) },
          { path: '/people', element: page(() => import('../features/people').then((f) => f.peoplePages.people())) },
          {
            path: '/people/:id',
            element: page(() => import('../features/people').then((f) => f.peoplePages.person())),
          },
          {
            path: '/people/:id/edit',
            element: page(() => import('../features/people').then((f) => f.peoplePages.personEdit())),
          },
          {
            path: '/people/:id/week',
            element: page(() => import('../features/calendars').then((f) => f.calendarPages.week())),
          },
          {
            path: '/people/:id/year',
            element: page(() => import('../features/calendars').then((f) => f.calendarPages.year())),
          },
          {
            path: '/people-integrations/:id',
            element: page(() => import('../features/people').then((f) => f.peoplePages.personIntegration())),
          },
          { path: '/upgrade', element: page(() => import('../features/billing').then((f) => f.upgradePage())) },
          {
            path: '/styleguide',
            element: page(() => import('../features/styleguide').then((f) => f.styleguidePage())),
          },
          {
            path: '/integrations/add',
            element: page(() => import('../features/integrations').then((f) => f.integrationPages.add())),
          },
          {
            path: '/integrations/:provider/callback',
            element: page(() => import('../features/integrations').then((f) => f.integrationPages.oauthCallback())),
          },
          {
            path: '/integrations/:id',
            element: page(() => import('../features/integrations').then((f) => f.integrationPages.integration())),
          },
          {
            path: '/superadmin',
            element: page(() => import('../features/superadmin').then((f) => f.superadminPages.console())),
          },
          {
            path: '/superadmin/services/:id',
            element: page(() => import('../features/superadmin').then((f) => f.superadminPages.service())),
          },
          {
            path: '/superadmin/accounts/:id',
            element: page(() => import('../features/superadmin').then((f) => f.superadminPages.account())),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
