/** The sign-in, sign-up, password and invitation pages, each loaded on demand. */
export const authPages = {
  login: () => import('./pages/login-page'),
  signup: () => import('./pages/signup-page'),
  forgotPassword: () => import('./pages/forgot-password-page'),
  confirmEmail: () => import('./pages/confirm-email-page'),
  setPassword: () => import('./pages/set-password-page'),
  resetPassword: () => import('./pages/reset-password-page'),
  acceptInvitation: () => import('./pages/accept-invitation-page'),
};
