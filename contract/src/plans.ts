import { z } from 'zod';

export const planIds = ['free', 'startup', 'scaleup', 'business'] as const;
export const planId = z.enum(planIds);
export type PlanId = z.infer<typeof planId>;

export const plan = z.object({
  id: planId,
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number().int(),
  yearlyPrice: z.number().int(),
  peopleLimit: z.number().int(),
  userLimit: z.number().int(),
  trackingInterval: z.number().int().describe('Minutes between integration data refreshes'),
  integrationLimit: z.number().int().describe('-1 means unlimited'),
  dataRetention: z.string(),
  retentionDays: z.number().int().nullable().describe('null means unlimited'),
  color: z.string(),
  supportLevel: z.string(),
  active: z.boolean(),
  badge: z.string().nullable(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof plan>;
