import { z } from 'zod';

export const systemInfo = z.object({
  environment: z.string(),
  serverTime: z.string(),
  buildInfo: z.object({ version: z.string(), deploymentTime: z.string() }),
});
export type SystemInfo = z.infer<typeof systemInfo>;

export const paths = {
  systemInfo: '/api/v1/profile/system-info',
} as const;
