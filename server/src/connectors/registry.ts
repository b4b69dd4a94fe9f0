import { demoConnector } from './demo.ts';
import type { Connector } from './types.ts';

const connectors = new Map<string, Connector>([[demoConnector.provider, demoConnector]]);

/** The connector that polls `provider`, when one is implemented. */
export function connectorFor(provider: string): Connector | undefined {
  return connectors.get(provider);
}

/** Providers the scheduler can run. */
export function runnableProviders(): string[] {
  return [...connectors.keys()];
}
