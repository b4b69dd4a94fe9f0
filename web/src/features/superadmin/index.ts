export const superadminPages = {
  console: () => import('./pages/superadmin-page'),
  service: () => import('./pages/service-page'),
  account: () => import('./pages/operator-account-page'),
};
