import { z } from 'zod';

export const errorTrackingSettings = z.object({ dsn: z.string(), environment: z.string(), release: z.string() });
export type ErrorTrackingSettings = z.infer<typeof errorTrackingSettings>;

/**
 * The `<meta>` of every page the server answers with the web app, whose content is the JSON of
 * ErrorTrackingSettings when a SENTRY_DSN is set: signed-out pages report their errors too.
 */
export const ERROR_TRACKING_META = 'overlap-error-tracking';

export const systemInfo = z.object({
  environment: z.string(),
  serverTime: z.string(),
  buildInfo: z.object({ version: z.string(), deploymentTime: z.string() }),
  errorTracking: errorTrackingSettings
    .nullable()
    .describe('Where the web app reports its errors (Sentry); null when no SENTRY_DSN is set'),
});
export type SystemInfo = z.infer<typeof systemInfo>;

export { systemPaths as paths } from './paths.ts';
