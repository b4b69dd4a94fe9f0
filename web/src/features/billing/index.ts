export const upgradePage = () => import('./pages/upgrade-page');
