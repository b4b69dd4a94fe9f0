import type { ChatApp, ChatAppAuthType } from '@overlap/contract/onboarding';
import type { Config } from '../../config.ts';
import { oauthConfigured } from '../../connectors/oauth-providers.ts';
import { providerTraits } from '../../core/providers.ts';
import type { services } from '../../db/schema/integrations.ts';
import { SERVICE_CATALOGUE } from '../integrations/catalogue.ts';

type ServiceRow = typeof services.$inferSelect;

/** How each chat app connects (spec 001 §3): a few sign in with OAuth, demo needs nothing, the rest use a key. */
export function authTypeOf(provider: string): ChatAppAuthType {
  return providerTraits(provider)?.authType ?? 'token';
}

/** An OAuth chat app is unavailable while the server has no client credentials for its provider. */
export function unavailableReasonOf(service: Pick<ServiceRow, 'name' | 'provider'>, config: Config): string | null {
  if (authTypeOf(service.provider) !== 'oauth' || oauthConfigured(config, service.provider)) return null;
  return `${service.name} sign-in is not configured on this server.`;
}

export function toChatApp(service: ServiceRow, config: Config): ChatApp {
  const unavailableReason = unavailableReasonOf(service, config);
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
/** The demo card comes first, so nobody evaluating Overlap waits behind apps this server cannot connect. */
catalogueRank.set('demo', -1);

/** Demo first, then catalogue order; services an operator added later follow by name. */
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
