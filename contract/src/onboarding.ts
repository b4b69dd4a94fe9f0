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
