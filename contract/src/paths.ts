/**
 * Every URL of the API, built in one place, one table per area. The server registers its routes
 * with the fixed paths; the web calls every path here. This file imports nothing (no zod), so the
 * browser's first bundle can carry the table without the schemas. Ids are encoded into the URL.
 */
const seg = (value: string) => encodeURIComponent(value);

export const authPaths = {
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
} as const;

export const accountPaths = { account: '/api/v1/account', demoData: '/api/v1/account/demo-data' } as const;
export const maintenancePaths = { detectGaps: '/api/v1/account/maintenance/detect-gaps' } as const;
export const profilePaths = { myInfo: '/api/v1/profile/my-info', preferences: '/api/v1/profile/preferences' } as const;
export const systemPaths = { systemInfo: '/api/v1/profile/system-info' } as const;
export const billingPaths = {
  status: '/api/v1/billing/status',
  plans: '/api/v1/billing/plans',
  portal: '/api/v1/billing/customer-portal',
  sync: '/api/v1/billing/sync-stripe',
  webhook: '/api/v1/billing/webhook',
  /** The built-in test-mode checkout and portal (no STRIPE_SECRET_KEY). */
  localCheckout: (id: string) => `/api/v1/billing/local/checkout-sessions/${seg(id)}`,
  localCheckoutComplete: (id: string) => `/api/v1/billing/local/checkout-sessions/${seg(id)}/complete`,
  localSubscription: '/api/v1/billing/local/subscription',
  localPaymentMethod: '/api/v1/billing/local/payment-method',
} as const;
export const checkoutPath = '/api/v1/billing/create-checkout-session';

export const userPaths = {
  users: '/api/v1/users',
  invite: '/api/v1/users/invite',
  user: (id: string) => `/api/v1/users/${seg(id)}`,
  role: (id: string) => `/api/v1/users/${seg(id)}/role`,
  resend: (id: string) => `/api/v1/users/${seg(id)}/resend-invitation`,
  invitation: (token: string) => `/api/v1/invitations/${seg(token)}`,
  acceptInvitation: (token: string) => `/api/v1/invitations/${seg(token)}/accept`,
} as const;

export const onboardingPaths = {
  state: '/api/v1/onboarding/state',
  availableChatApps: '/api/v1/onboarding/available-chat-apps',
  selectChatApp: '/api/v1/onboarding/select-chat-app',
  integrationStatus: (id: string) => `/api/v1/onboarding/integration-status/${seg(id)}`,
  connectOauth: '/api/v1/onboarding/connect-oauth',
  customChatApp: '/api/v1/onboarding/custom-chat-app',
  complete: '/api/v1/onboarding/complete',
} as const;
export const surveyPaths = { survey: '/api/v1/onboarding/survey' } as const;

export const STREAM_PATH = '/api/v1/stream';
export const activityPaths = { activities: '/api/v1/activities' } as const;
export const activityBlockPaths = {
  activityBlock: (id: string) => `/api/v1/activity-blocks/${seg(id)}`,
  restore: '/api/v1/activity-blocks/restore',
} as const;

export const peoplePaths = {
  people: '/api/v1/people',
  person: (id: string) => `/api/v1/people/${seg(id)}`,
  unassigned: '/api/v1/unassigned',
  unassignedBulk: '/api/v1/unassigned/bulk',
  ignored: '/api/v1/ignored',
  revive: (id: string) => `/api/v1/unassigned/${seg(id)}/revive`,
  merge: (id: string) => `/api/v1/unassigned/${seg(id)}/merge`,
  ignore: (id: string) => `/api/v1/unassigned/${seg(id)}/ignore`,
  resurrect: (id: string) => `/api/v1/ignored/${seg(id)}/resurrect`,
  personIntegration: (id: string) => `/api/v1/people-integrations/${seg(id)}`,
  personIntegrationEvents: (id: string) => `/api/v1/people-integrations/${seg(id)}/events`,
  personIntegrationBlocks: (id: string) => `/api/v1/people-integrations/${seg(id)}/activity-blocks`,
} as const;

export const calendarPaths = {
  week: (personId: string) => `/api/v1/people/${seg(personId)}/week`,
  year: (personId: string) => `/api/v1/people/${seg(personId)}/year`,
} as const;

const integration = (id: string) => `/api/v1/integrations/${seg(id)}`;
export const integrationPaths = {
  integrations: '/api/v1/integrations',
  availableServices: '/api/v1/integrations/available-services',
  integration,
  activate: (id: string) => `${integration(id)}/activate`,
  deactivate: (id: string) => `${integration(id)}/deactivate`,
  regenerateKey: (id: string) => `${integration(id)}/regenerate-key`,
  regenerateWebhookSecret: (id: string) => `${integration(id)}/regenerate-webhook-secret`,
  events: (id: string) => `${integration(id)}/events`,
  blocks: (id: string) => `${integration(id)}/activity-blocks`,
  runs: (id: string) => `${integration(id)}/runs`,
  run: (id: string, runId: string) => `${integration(id)}/runs/${seg(runId)}`,
  statistics: (id: string) => `${integration(id)}/statistics`,
  apiCalls: (id: string) => `${integration(id)}/api-calls`,
  people: (id: string) => `${integration(id)}/people`,
  githubOrgs: (id: string) => `${integration(id)}/github/orgs`,
} as const;

export const auditPaths = { auditLog: '/api/v1/account/audit-log' } as const;

const operatorAccount = (id: string) => `/api/v1/superadmin/accounts/${seg(id)}`;
const operatorService = (id: string) => `/api/v1/superadmin/services/${seg(id)}`;
export const superadminPaths = {
  accounts: '/api/v1/superadmin/accounts',
  account: operatorAccount,
  action: (id: string, action: string) => `${operatorAccount(id)}/${seg(action)}`,
  limits: (id: string) => `${operatorAccount(id)}/limits`,
  extendTrial: (id: string) => `${operatorAccount(id)}/extend-trial`,
  users: (id: string) => `${operatorAccount(id)}/users`,
  features: (id: string) => `${operatorAccount(id)}/features`,
  detectGaps: (id: string) => `${operatorAccount(id)}/maintenance/detect-gaps`,
  fixBlocks: (id: string) => `${operatorAccount(id)}/maintenance/fix-blocks`,
  services: '/api/v1/superadmin/services',
  service: operatorService,
  serviceIntegrations: (id: string) => `${operatorService(id)}/integrations`,
  sentryTest: '/api/v1/superadmin/system/sentry-test',
  buildInfo: '/api/v1/superadmin/system/build-info',
  stopImpersonation: '/api/v1/superadmin/stop-impersonation',
} as const;

export const overlapPaths = {
  overlap: '/api/v1/overlap',
  availability: (personId: string) => `/api/v1/people/${seg(personId)}/availability`,
} as const;

export const exportPaths = { days: '/api/v1/export/days.csv' } as const;

const webhook = (id: string) => `/api/v1/webhooks/${seg(id)}`;
export const webhookPaths = {
  webhooks: '/api/v1/webhooks',
  webhook,
  deliveries: (id: string) => `${webhook(id)}/deliveries`,
  test: (id: string) => `${webhook(id)}/test`,
  rotateSecret: (id: string) => `${webhook(id)}/rotate-secret`,
} as const;

/** Incoming webhooks of GitHub and GitLab integrations (public: signed by the provider). */
export const inboundPaths = {
  delivery: (provider: 'github' | 'gitlab', integrationId: string) =>
    `/api/v1/inbound/${seg(provider)}/${seg(integrationId)}`,
} as const;

/** OAuth (server/src/modules/oauth): start per provider, the providers' redirect URI, the web return page. */
export const oauthPaths = {
  authUrl: (provider: string) => `/api/v1/integrations/${seg(provider)}/auth-url`,
  /** The redirect URI registered with each provider. */
  callback: (provider: string) => `/api/v1/integrations/oauth/${seg(provider)}/callback`,
  /** The web page the callback sends the browser to. */
  returnPage: (provider: string) => `/integrations/${seg(provider)}/callback`,
} as const;
