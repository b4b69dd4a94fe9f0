import { z } from 'zod';
import { ACCOUNT_NAME_MAX, signupData } from './account.ts';
import { accountStatus, userRole } from './auth.ts';
import { pageQuery } from './common.ts';
import { integrationGap } from './maintenance.ts';

/** The operator console's calls (spec 001 §7 Superadmin). Every one is for the superadmin role only. */
export const paths = {
  accounts: '/api/v1/superadmin/accounts',
  account: '/api/v1/superadmin/accounts/:id',
  accountAction: '/api/v1/superadmin/accounts/:id/:action',
  limits: '/api/v1/superadmin/accounts/:id/limits',
  extendTrial: '/api/v1/superadmin/accounts/:id/extend-trial',
  users: '/api/v1/superadmin/accounts/:id/users',
  features: '/api/v1/superadmin/accounts/:id/features',
  detectGaps: '/api/v1/superadmin/accounts/:id/maintenance/detect-gaps',
  fixBlocks: '/api/v1/superadmin/accounts/:id/maintenance/fix-blocks',
  services: '/api/v1/superadmin/services',
  service: '/api/v1/superadmin/services/:id',
  serviceIntegrations: '/api/v1/superadmin/services/:id/integrations',
  sentryTest: '/api/v1/superadmin/system/sentry-test',
  buildInfo: '/api/v1/superadmin/system/build-info',
  stopImpersonation: '/api/v1/superadmin/stop-impersonation',
} as const;

/** Page size of the accounts list (spec 001 §9). */
export const ACCOUNTS_PAGE_SIZE = 20;
/** Accounts created within this many days are 'new this month' (spec 001 §9). */
export const NEW_ACCOUNT_DAYS = 30;
/** People or integrations above this share of their maximum are 'high usage' (spec 001 §9). */
export const HIGH_USAGE_RATIO = 0.8;
/** How long an impersonation session lives before it ends by itself. */
export const IMPERSONATION_MINUTES = 60;

/** The eleven summary tiles of the accounts tab, each also a filter (spec 001 §4). */
export const billingFilters = [
  'active-subscriptions',
  'trial-accounts',
  'expired-trials',
  'new-this-month',
  'basic-plans',
  'business-plans',
  'enterprise-plans',
  'free-plans',
  'canceling-soon',
  'payment-issues',
  'high-usage',
] as const;
export const billingFilter = z.enum(billingFilters, { message: `must be one of: ${billingFilters.join(', ')}` });
export type BillingFilter = z.infer<typeof billingFilter>;

export const accountsQuery = pageQuery(ACCOUNTS_PAGE_SIZE).extend({
  status: z
    .union([z.literal(''), z.literal('all'), accountStatus], {
      message: 'must be one of: all, pending, active, suspended, terminated',
    })
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
  billingFilter: z
    .union([z.literal(''), billingFilter], { message: `must be one of: ${billingFilters.join(', ')}` })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  search: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AccountsQuery = z.input<typeof accountsQuery>;

/** The operator view of an account (spec 001 §3 Account (operator view)). */
export const operatorAccount = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    status: accountStatus,
    createdAt: z.string(),
    activatedAt: z.string().nullable(),
    terminatedAt: z.string().nullable(),
    usersCount: z.number().int(),
    userCount: z.number().int().describe('Same as usersCount'),
    peopleCount: z.number().int().describe('Active people'),
    unassignedPeopleCount: z.number().int(),
    integrationsCount: z.number().int().describe('Integrations that are not archived'),
    integrationCount: z.number().int().describe('Same as integrationsCount'),
    maxPeople: z.number().int().nullable().describe('null means unlimited'),
    maxIntegrations: z.number().int().nullable().describe('null means unlimited'),
    integrationInterval: z.number().int().describe('Minutes'),
    currentPlan: z.string(),
    trialEndsAt: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    stripeCustomerId: z.string().nullable(),
    stripeSubscriptionId: z.string().nullable(),
    stripePriceId: z.string().nullable(),
    stripeCurrentPeriodEnd: z.string().nullable(),
    stripeSubscriptionStatus: z.string().nullable(),
    adminUser: z
      .object({ id: z.uuid(), email: z.string(), createdAt: z.string() })
      .nullable()
      .describe('The oldest manager of the account: the user an impersonation signs in as'),
    features: z.array(z.string()),
    signupData,
  })
  .meta({ id: 'OperatorAccount' });
export type OperatorAccount = z.infer<typeof operatorAccount>;

export const accountCounts = z.object(
  Object.fromEntries(billingFilters.map((f) => [f, z.number().int()])) as Record<BillingFilter, z.ZodNumber>,
);
export type AccountCounts = z.infer<typeof accountCounts>;

export const accountsPage = z.object({
  accounts: z.array(operatorAccount),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  summary: accountCounts.describe('How many accounts each tile filter matches, over all accounts'),
});
export type AccountsPage = z.infer<typeof accountsPage>;

export const renameAccountBody = z.object({
  name: z
    .string({ message: 'This field cannot be empty' })
    .trim()
    .min(1, 'This field cannot be empty')
    .max(ACCOUNT_NAME_MAX, `must be at most ${ACCOUNT_NAME_MAX} characters`),
});
export type RenameAccountBody = z.input<typeof renameAccountBody>;

export const accountActions = ['terminate', 'delete', 'suspend', 'activate', 'impersonate'] as const;
export const accountAction = z.enum(accountActions, { message: `must be one of: ${accountActions.join(', ')}` });
export type AccountAction = z.infer<typeof accountAction>;
export const accountActionParams = z.object({
  id: z.uuid({ message: 'must be a valid id' }),
  action: accountAction,
});

export const accountActionResult = z.object({
  success: z.boolean(),
  message: z.string(),
  account: operatorAccount.nullable().describe('The account after the action; null once deleted'),
  redirectTo: z.string().nullable().describe('Where the browser goes next (impersonate: /)'),
});
export type AccountActionResult = z.infer<typeof accountActionResult>;

export const DELETE_BEFORE_TERMINATE = 'Account must be terminated before deletion';

const LIMIT_MESSAGE = 'Must be a positive number or empty for unlimited';
const INTERVAL_REQUIRED = 'Integration interval is required';
const INTERVAL_MESSAGE = 'Must be a positive number (minimum 1 minute)';
export const MAX_LIMIT = 1_000_000;
export const MAX_INTERVAL_MINUTES = 1440;

const optionalLimit = z
  .number({ message: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(0, LIMIT_MESSAGE)
  .max(MAX_LIMIT, `Must be at most ${MAX_LIMIT}`)
  .nullable();

/** PUT limits (spec 001 §5): empty (null) means unlimited; the interval is required, from 1 minute. */
export const limitsBody = z.object({
  maxPeople: optionalLimit,
  maxIntegrations: optionalLimit,
  integrationInterval: z
    .number({ message: INTERVAL_REQUIRED })
    .int(INTERVAL_MESSAGE)
    .min(1, INTERVAL_MESSAGE)
    .max(MAX_INTERVAL_MINUTES, `Must be at most ${MAX_INTERVAL_MINUTES} minutes`),
});
export type LimitsBody = z.input<typeof limitsBody>;
export const limits = z.object({
  maxPeople: z.number().int().nullable(),
  maxIntegrations: z.number().int().nullable(),
  integrationInterval: z.number().int(),
});
export type Limits = z.infer<typeof limits>;

/** The dates are checked by the server so each refusal carries the spec's sentence in `error`. */
export const extendTrialBody = z.object({
  trialEndDate: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .describe('An ISO 8601 date-time, or a date (YYYY-MM-DD: the end of that day, UTC)'),
});
export type ExtendTrialBody = z.input<typeof extendTrialBody>;
export const extendTrialResult = z.object({ newTrialEndDate: z.string() });
export type ExtendTrialResult = z.infer<typeof extendTrialResult>;
export const TRIAL_DATE_REQUIRED = 'Please select a new trial end date';
export const TRIAL_DATE_PAST = 'Trial end date must be in the future';
/** The '+30 days' shortcut (spec 001 §9). */
export const TRIAL_EXTENSION_DAYS = 30;

export const operatorUser = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  email: z.string(),
  role: userRole,
  emailVerifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorUser = z.infer<typeof operatorUser>;
export const operatorUsers = z.object({ users: z.array(operatorUser) });
export type OperatorUsers = z.infer<typeof operatorUsers>;

export const featureFlags = ['predictions', 'teams', 'custom-integrations'] as const;
export const featureFlag = z.enum(featureFlags, { message: `must be one of: ${featureFlags.join(', ')}` });
export type FeatureFlag = z.infer<typeof featureFlag>;
export const featuresBody = z.object({
  features: z.array(featureFlag, { message: 'must be a list of feature names' }).max(featureFlags.length),
});
export type FeaturesBody = z.input<typeof featuresBody>;
export const features = z.object({ features: z.array(featureFlag) });
export type Features = z.infer<typeof features>;

/** Gaps between integration runs over the last GAP_WINDOW_DAYS days (spec 001 §3 Operator gap result). */
export const GAP_WINDOW_DAYS = 90;
export const operatorGapResult = z.object({
  totalGaps: z.number().int(),
  totalAffectedBlocks: z.number().int(),
  summary: z.object({ averageGapMinutes: z.number() }),
  gaps: z.array(integrationGap),
});
export type OperatorGapResult = z.infer<typeof operatorGapResult>;

export const FIX_BLOCKS_CONFIRMATION =
  'This will fix activity blocks by capping them at the last successful integration run before detected gaps. This action cannot be undone. Continue?';

export const stopImpersonationResult = z.object({ redirectTo: z.string() });
export type StopImpersonationResult = z.infer<typeof stopImpersonationResult>;

export const sentryTestResult = z.object({ message: z.string(), details: z.string() });
export type SentryTestResult = z.infer<typeof sentryTestResult>;

/** Operator build info (spec 001 §3): from APP_VERSION, GIT_* and DEPLOY_* variables or the git checkout. */
export const buildInfo = z.object({
  environment: z.string(),
  appname: z.string(),
  version: z.string(),
  fullVersion: z.string(),
  branch: z.string().nullable(),
  commit: z.string().nullable(),
  author: z.string().nullable(),
  deploymentTime: z.string(),
  message: z.string().nullable(),
  pipelineUrl: z.string().nullable(),
});
export type BuildInfo = z.infer<typeof buildInfo>;
