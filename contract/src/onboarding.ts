import { z } from 'zod';

export const onboardingState = z.object({
  onboarding: z.object({ completed: z.boolean(), nextAction: z.enum(['onboarding', 'none']) }),
  account: z.object({
    integrations: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        status: z.string(),
        provider: z.string(),
        isActivated: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    plan: z.string(),
  }),
});
export type OnboardingState = z.infer<typeof onboardingState>;

/** The team sizes the survey offers (spec §5), in display order. */
export const SURVEY_COMPANY_SIZES = [
  'Just me',
  '2-10 people',
  '11-20 people',
  '20-50 people',
  '51-200 people',
  '200+ people',
] as const;
export type SurveyCompanySize = (typeof SURVEY_COMPANY_SIZES)[number];

/** The tools the survey lists (spec §5), in display order. */
export const SURVEY_TOOLS = [
  'Slack',
  'Microsoft Teams',
  'Discord',
  'Mattermost',
  'Zoom',
  'Google Workspace',
  'Microsoft 365',
  'Jira',
  'Asana',
  'Notion',
  'GitHub',
  'GitLab',
] as const;
export type SurveyTool = (typeof SURVEY_TOOLS)[number];

export const SURVEY_TEAM_NAME_MAX = 100;
export const SURVEY_TOOLS_MAX = 20;
export const SURVEY_OTHER_TOOL_MAX = 60;
export const SURVEY_PROBLEM_MAX = 2000;

/** Drops repeated names (compared without case), keeping the first spelling and the order. */
export function uniqueNames<T extends string>(names: readonly T[]): T[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One save of the survey. Every field is optional because the page saves on every change; only
 * the fields sent are replaced. `completed` is our addition to the spec's body: true stamps
 * `completedAt` the first time.
 */
export const saveSurveyBody = z.object({
  teamName: z
    .string({ message: 'must be a string' })
    .trim()
    .max(SURVEY_TEAM_NAME_MAX, `must be at most ${SURVEY_TEAM_NAME_MAX} characters`)
    .optional(),
  companySize: z
    .enum(SURVEY_COMPANY_SIZES, { message: `must be one of: ${SURVEY_COMPANY_SIZES.join(', ')}` })
    .optional(),
  tools: z
    .array(z.enum(SURVEY_TOOLS, { message: `must be one of: ${SURVEY_TOOLS.join(', ')}` }), {
      message: 'must be a list of tools',
    })
    .max(SURVEY_TOOLS_MAX, `must have at most ${SURVEY_TOOLS_MAX} entries`)
    .transform(uniqueNames)
    .optional(),
  otherTools: z
    .array(
      z
        .string({ message: 'must be a string' })
        .trim()
        .min(1, 'cannot be empty')
        .max(SURVEY_OTHER_TOOL_MAX, `must be at most ${SURVEY_OTHER_TOOL_MAX} characters`),
      { message: 'must be a list of tool names' },
    )
    .max(SURVEY_TOOLS_MAX, `must have at most ${SURVEY_TOOLS_MAX} entries`)
    .transform(uniqueNames)
    .optional(),
  problemStatement: z
    .string({ message: 'must be a string' })
    .max(SURVEY_PROBLEM_MAX, `must be at most ${SURVEY_PROBLEM_MAX} characters`)
    .optional(),
  completed: z.boolean({ message: 'must be true or false' }).optional(),
});
export type SaveSurveyBody = z.input<typeof saveSurveyBody>;

/** The survey as saved in the account's signup data. */
export const surveyView = z.object({
  teamName: z.string().optional(),
  companySize: z.string().optional(),
  tools: z.array(z.string()).optional(),
  otherTools: z.array(z.string()).optional(),
  problemStatement: z.string().optional(),
  completedAt: z.string().nullable().optional(),
});
export type SurveyView = z.infer<typeof surveyView>;

export { surveyPaths } from './paths.ts';

/** How a chat app connects (spec 001 §3): slack, microsoft, discord use oauth; demo none; others token. */
export const chatAppAuthType = z.enum(['oauth', 'token', 'none']);
export type ChatAppAuthType = z.infer<typeof chatAppAuthType>;

/** GET /api/v1/onboarding/available-chat-apps: the enabled chat services, in catalogue order. */
export const chatApp = z.object({
  id: z.uuid().describe('The service id'),
  name: z.string(),
  provider: z.string(),
  description: z.string().nullable(),
  /** False when it cannot be used on this server (an OAuth app without credentials configured). */
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  authType: chatAppAuthType,
  tokenAuthentication: z.boolean(),
});
export type ChatApp = z.infer<typeof chatApp>;
export const availableChatApps = z.object({ chatApps: z.array(chatApp) });
export type AvailableChatApps = z.infer<typeof availableChatApps>;

/** POST /api/v1/onboarding/select-chat-app: creates the account's chat integration (or returns it). */
export const selectChatAppBody = z.object({
  serviceId: z.uuid({ message: 'must be a service id' }),
  provider: z.string({ message: 'must be a string' }).min(1, 'is required'),
});
export type SelectChatAppBody = z.infer<typeof selectChatAppBody>;
export const selectChatAppResult = z.object({
  integration: z.object({
    id: z.uuid(),
    status: z.enum(['active', 'inactive']),
    /** The full key for token providers (the owner copies it into their bridge); null otherwise. */
    apiKey: z.string().nullable(),
  }),
  /** 'Integration created', or 'Integration already exists' when the account already had it. */
  message: z.string(),
  apiKey: z.string().nullable(),
  /** A curl command that pushes one test presence sample with the key; null for non-token apps. */
  curlCommand: z.string().nullable(),
});
export type SelectChatAppResult = z.infer<typeof selectChatAppResult>;

/** GET /api/v1/onboarding/integration-status/:id: polled every 2 s until the first data arrives. */
export const integrationStatusResult = z.object({
  integration: z.object({
    id: z.uuid(),
    status: z.enum(['active', 'inactive']),
    isActivated: z.boolean(),
    lastConnectedAt: z.string().nullable(),
  }),
});
export type IntegrationStatusResult = z.infer<typeof integrationStatusResult>;

/** POST /api/v1/onboarding/connect-oauth: the provider's authorization URL (503 when not configured). */
export const connectOauthBody = z.object({ provider: z.string({ message: 'must be a string' }).min(1, 'is required') });
export const connectOauthResult = z.object({ authUrl: z.string() });

/** POST /api/v1/onboarding/custom-chat-app: the chat app the team really uses, when they start with demo data. */
export const customChatAppBody = z.object({
  customChatApp: z
    .string({ message: 'must be a string' })
    .trim()
    .min(1, 'cannot be empty')
    .max(60, 'must be at most 60 characters'),
});
export const successResult = z.object({ success: z.literal(true) });

/** POST /api/v1/onboarding/complete (no body). */
export const completeOnboardingResult = z.object({
  success: z.literal(true),
  onboarding: z.object({ completed: z.literal(true), nextAction: z.literal('none') }),
});

export { onboardingPaths } from './paths.ts';
