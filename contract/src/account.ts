import { z } from 'zod';
import { accountStatus } from './auth.ts';

export const accountIntegration = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  service: z.object({
    id: z.uuid(),
    name: z.string(),
    provider: z.string(),
    enabled: z.boolean(),
    tokenAuthentication: z.boolean(),
  }),
});
export type AccountIntegration = z.infer<typeof accountIntegration>;

export const signupData = z
  .object({
    signupSource: z.string(),
    signupIp: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
    details: z
      .object({ message: z.string().optional(), selectedIntegrations: z.array(z.string()).optional() })
      .optional(),
    requestedIntegrations: z.array(z.string()).optional(),
    survey: z
      .object({
        teamName: z.string().optional(),
        companySize: z.string().optional(),
        tools: z.array(z.string()).optional(),
        otherTools: z.array(z.string()).optional(),
        problemStatement: z.string().optional(),
        completedAt: z.string().nullable().optional(),
      })
      .optional(),
  })
  .nullable();
export type SignupData = z.infer<typeof signupData>;

export const accountView = z.object({
  id: z.uuid(),
  name: z.string(),
  status: accountStatus,
  createdAt: z.string(),
  onboarding: z.object({ completed: z.boolean() }),
  billing: z.object({ currentPlan: z.string(), integrationInterval: z.number().int(), maxPeople: z.number().int() }),
  integrations: z.array(accountIntegration),
  integrationHealth: z.object({ hasStaleIntegrations: z.boolean(), staleCount: z.number().int() }),
  demoPeople: z
    .number()
    .int()
    .describe('People made by Demo Data: active, outside the people limit, removable with DELETE /account/demo-data'),
  signupData,
});
export type AccountView = z.infer<typeof accountView>;

/** What 'Remove demo data' removed: the demo people (with their activity) and the Demo Data integrations. */
export const removedDemoData = z.object({
  removedPeople: z.number().int(),
  removedIntegrations: z.number().int(),
});
export type RemovedDemoData = z.infer<typeof removedDemoData>;

export const ACCOUNT_NAME_MAX = 100;
export const updateAccountBody = z.object({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'cannot be empty')
    .max(ACCOUNT_NAME_MAX, `must be at most ${ACCOUNT_NAME_MAX} characters`),
});
export type UpdateAccountBody = z.input<typeof updateAccountBody>;

export { accountPaths as paths } from './paths.ts';
