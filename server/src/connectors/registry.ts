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

/**
 * Replaces the connector of a provider (tests stand in a provider's behaviour with it); answers the
 * function that puts the one it replaced back.
 */
export function registerConnector(connector: Connector): () => void {
  const previous = connectors.get(connector.provider);
  connectors.set(connector.provider, connector);
  return () => {
    if (previous) connectors.set(connector.provider, previous);
    else connectors.delete(connector.provider);
  };
}

/** The connector that polls `provider`, when one is implemented. */
export function connectorFor(provider: string): Connector | undefined {
  return connectors.get(provider);
}

/** Providers the scheduler can run. */
export function runnableProviders(): string[] {
  return [...connectors.keys()];
}
