import { demoConnector } from './demo/connector.ts';
import { githubConnector } from './github/connector.ts';
import { gitlabConnector } from './gitlab/connector.ts';
import { googleDriveConnector } from './google-drive/connector.ts';
import { mattermostConnector } from './mattermost/connector.ts';
import { microsoftConnector } from './microsoft/connector.ts';
import { slackConnector } from './slack/connector.ts';
import type { Connector } from './types.ts';

const connectors = new Map<string, Connector>(
  [
    demoConnector,
    slackConnector,
    microsoftConnector,
    mattermostConnector,
    githubConnector,
    gitlabConnector,
    googleDriveConnector,
  ].map((c) => [c.provider, c]),
);

/** Adds (or replaces) the connector of a provider; each provider file registers itself here. */
export function registerConnector(connector: Connector): void {
  connectors.set(connector.provider, connector);
}

/** The connector that polls `provider`, when one is implemented. */
export function connectorFor(provider: string): Connector | undefined {
  return connectors.get(provider);
}

/** Providers the scheduler can run. */
export function runnableProviders(): string[] {
  return [...connectors.keys()];
}
