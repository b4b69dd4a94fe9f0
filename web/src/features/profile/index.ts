export const profilePage = () => import('./pages/profile-page');
