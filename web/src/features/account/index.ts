export const accountPage = () => import('./pages/account-page');
