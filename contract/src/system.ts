import { z } from 'zod';

export const systemInfo = z.object({
  environment: z.string(),
  serverTime: z.string(),
  buildInfo: z.object({ version: z.string(), deploymentTime: z.string() }),
  errorTracking: z
    .object({ dsn: z.string(), environment: z.string(), release: z.string() })
    .nullable()
    .describe('Where the web app reports its errors (Sentry); null when no SENTRY_DSN is set'),
});
export type SystemInfo = z.infer<typeof systemInfo>;

export { systemPaths as paths } from './paths.ts';
