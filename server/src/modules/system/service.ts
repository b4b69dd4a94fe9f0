import type { ErrorTrackingSettings, SystemInfo } from '@overlap/contract/system';
import type { AppDeps } from '../../core/context.ts';

export function getSystemInfo(deps: AppDeps): SystemInfo {
  return {
    environment: deps.config.NODE_ENV,
    serverTime: new Date().toISOString(),
    buildInfo: { version: deps.config.version, deploymentTime: deps.config.deployedAt },
    errorTracking: errorTrackingOf(deps),
  };
}

/** Where the web app reports its errors; null without a SENTRY_DSN. */
export function errorTrackingOf(deps: AppDeps): ErrorTrackingSettings | null {
  return deps.errors.dsn
    ? { dsn: deps.errors.dsn, environment: deps.config.NODE_ENV, release: deps.build.fullVersion }
    : null;
}
