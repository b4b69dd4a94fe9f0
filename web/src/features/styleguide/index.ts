export const styleguidePage = () => import('./pages/styleguide-page');
