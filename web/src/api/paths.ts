/** Every API URL the web app calls, built in one place. */
export const apiPaths = {
  auth: {
    status: '/auth/status',
    login: '/auth/login',
    logout: '/auth/logout',
    signup: '/auth/signup',
    confirmEmail: '/auth/confirm-email',
    confirmCode: '/auth/confirm-code',
    resendConfirmation: '/auth/resend-confirmation',
    setPassword: '/auth/set-password',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
    impersonationStatus: '/auth/impersonation-status',
  },
  systemInfo: '/api/v1/profile/system-info',
  onboardingState: '/api/v1/onboarding/state',
} as const;
