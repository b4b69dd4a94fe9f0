import type { ChatApp, ChatAppAuthType } from '@overlap/contract/onboarding';
import { providerTraits } from '../../core/providers.ts';
import type { services } from '../../db/schema/integrations.ts';
import { SERVICE_CATALOGUE } from '../integrations/catalogue.ts';

type ServiceRow = typeof services.$inferSelect;

/** How each chat app connects (spec 001 §3): a few sign in with OAuth, demo needs nothing, the rest use a key. */
export function authTypeOf(provider: string): ChatAppAuthType {
  return providerTraits(provider)?.authType ?? 'token';
}

/** This server holds no OAuth app credentials yet, so every OAuth sign-in is unavailable. */
export function oauthUnavailableReason(serviceName: string): string {
  return `${serviceName} sign-in is not configured on this server.`;
}

export function unavailableReasonOf(service: Pick<ServiceRow, 'name' | 'provider'>): string | null {
  return authTypeOf(service.provider) === 'oauth' ? oauthUnavailableReason(service.name) : null;
}

export function toChatApp(service: ServiceRow): ChatApp {
  const unavailableReason = unavailableReasonOf(service);
  return {
    id: service.id,
    name: service.name,
    provider: service.provider,
    description: service.description || null,
    available: unavailableReason === null,
    unavailableReason,
    authType: authTypeOf(service.provider),
    tokenAuthentication: service.tokenAuthentication,
  };
}

const catalogueRank = new Map(SERVICE_CATALOGUE.map((s, index) => [s.provider, index]));

/** Catalogue order first; services an operator added later follow by name. */
export function byCatalogueOrder(a: ServiceRow, b: ServiceRow): number {
  const rankA = catalogueRank.get(a.provider) ?? Number.MAX_SAFE_INTEGER;
  const rankB = catalogueRank.get(b.provider) ?? Number.MAX_SAFE_INTEGER;
  return rankA - rankB || a.name.localeCompare(b.name);
}

/**
 * A shell command that pushes one presence sample with the key, so the owner can watch the
 * integration turn connected. The timestamp is taken when the command runs: a stored one would age.
 */
export function presenceCurlCommand(publicUrl: string, apiKey: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const body =
    '{\\"timestamp\\":\\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\\",\\"source\\":\\"overlap-setup-test\\",' +
    '\\"users\\":[{\\"personIdentifier\\":\\"setup-test\\",\\"status\\":\\"online\\",\\"name\\":\\"Setup Test\\"}]}';
  return [
    `curl -X POST "${base}/api/v1/presence"`,
    `  -H "Authorization: Bearer ${apiKey}"`,
    '  -H "Content-Type: application/json"',
    `  -d "${body}"`,
  ].join(' \\\n');
}
