import type { ChatAppAuthType } from '@overlap/contract/onboarding';
import type { IntegrationKind, ServiceCategory } from '../db/schema/integrations.ts';

/** How a provider's data reaches Overlap. */
export type Ingestion = 'polled' | 'pushed' | 'listener';

/** Every trait of a provider that code decides on; the catalogue adds the texts an operator edits. */
export interface ProviderTraits {
  provider: string;
  name: string;
  category: ServiceCategory;
  /** How a user connects it: OAuth sign-in, an access token or API key, or nothing (demo). */
  authType: ChatAppAuthType;
  /** Polled on a schedule, pushed to the push API, or heard by a gateway listener. */
  ingestion: Ingestion;
  /** What a new integration of it collects by default (spec 001 §7). */
  kind: IntegrationKind;
  /** The service's default interval in minutes. */
  intervalMinutes: number;
}

/** Every provider, in catalogue order. A new provider starts with a row here. */
export const PROVIDERS: readonly ProviderTraits[] = [
  {
    provider: 'slack',
    name: 'Slack',
    category: 'chat',
    authType: 'oauth',
    ingestion: 'polled',
    kind: 'presence',
    intervalMinutes: 5,
  },
  {
    provider: 'microsoft',
    name: 'Microsoft Teams',
    category: 'chat',
    authType: 'oauth',
    ingestion: 'polled',
    kind: 'events',
    intervalMinutes: 5,
  },
  {
    provider: 'mattermost',
    name: 'Mattermost',
    category: 'chat',
    authType: 'token',
    ingestion: 'polled',
    kind: 'presence',
    intervalMinutes: 5,
  },
  {
    provider: 'discord',
    name: 'Discord',
    category: 'chat',
    authType: 'oauth',
    ingestion: 'listener',
    kind: 'events',
    intervalMinutes: 5,
  },
  {
    provider: 'demo',
    name: 'Demo Data',
    category: 'chat',
    authType: 'none',
    ingestion: 'polled',
    kind: 'events',
    intervalMinutes: 5,
  },
  {
    provider: 'custom',
    name: 'Custom',
    category: 'chat',
    authType: 'token',
    ingestion: 'pushed',
    kind: 'presence',
    intervalMinutes: 5,
  },
  {
    provider: 'google',
    name: 'Google Drive',
    category: 'management',
    authType: 'oauth',
    ingestion: 'polled',
    kind: 'events',
    intervalMinutes: 10,
  },
  {
    provider: 'github',
    name: 'GitHub',
    category: 'development',
    authType: 'oauth',
    ingestion: 'polled',
    kind: 'events',
    intervalMinutes: 10,
  },
  {
    provider: 'gitlab',
    name: 'GitLab',
    category: 'development',
    // OAuth or a personal access token; no push-API key: the Push Hook webhook brings its commits.
    authType: 'oauth',
    ingestion: 'polled',
    kind: 'events',
    intervalMinutes: 10,
  },
];

const byProvider = new Map(PROVIDERS.map((p) => [p.provider, p]));

/** The traits of a known provider; undefined for a service an operator added by hand. */
export function providerTraits(provider: string): ProviderTraits | undefined {
  return byProvider.get(provider);
}

/** Overlap polls this provider on a schedule (every other source pushes or is listened to). */
export const isPolled = (provider: string): boolean => providerTraits(provider)?.ingestion === 'polled';

/** Its users connect with an API key or access token (the service's `tokenAuthentication`). */
export const usesToken = (traits: ProviderTraits): boolean => traits.authType === 'token';
