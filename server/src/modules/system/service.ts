import type { SystemInfo } from '@overlap/contract/system';
import type { AppDeps } from '../../core/context.ts';

export function getSystemInfo(deps: AppDeps): SystemInfo {
  return {
    environment: deps.config.NODE_ENV,
    serverTime: new Date().toISOString(),
    buildInfo: { version: deps.config.version, deploymentTime: deps.config.deployedAt },
  };
}
