import { z } from 'zod';

export const systemInfo = z.object({
  environment: z.string(),
  serverTime: z.string(),
  buildInfo: z.object({ version: z.string(), deploymentTime: z.string() }),
});
export type SystemInfo = z.infer<typeof systemInfo>;

export { systemPaths as paths } from './paths.ts';
