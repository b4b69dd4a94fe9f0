import type { WebhookSettings } from '@overlap/contract/inbound';
import type { ApiCall, IntegrationDetail, IntegrationSummary } from '@overlap/contract/integrations';
import type { apiCalls } from '../../db/schema/integrations.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { maskApiKey, revealApiKey } from './api-keys.ts';
import { maskSecrets, readSecrets } from './config.ts';
import type { IntegrationRow } from './queries.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toSummary(secrets: SecretBox, row: IntegrationRow): IntegrationSummary {
  const { integration: i, service: s } = row;
  const key = revealApiKey(secrets, i.apiKeyEncrypted);
  return {
    id: i.id,
    name: i.name,
    kind: i.kind,
    provider: s.provider,
    status: i.status,
    isStale: Boolean(row.isStale),
    isActivated: i.lastConnectedAt !== null,
    archivedAt: iso(i.archivedAt),
    createdAt: new Date(i.createdAt).toISOString(),
    lastConnectedAt: iso(i.lastConnectedAt),
    lastRunAt: iso(i.lastRunAt),
    apiKey: key ? maskApiKey(key) : null,
    personIntegrationsCount: Number(row.personIntegrationsCount),
    config: i.config,
    service: {
      id: s.id,
      name: s.name,
      provider: s.provider,
      enabled: s.enabled,
      tokenAuthentication: s.tokenAuthentication,
      description: s.description,
      category: s.category,
      intervalMinutes: s.intervalMinutes,
      configSchema: s.configSchema,
      docs_url: s.docsUrl,
    },
  };
}

export function toApiCall(c: typeof apiCalls.$inferSelect): ApiCall {
  return {
    id: c.id,
    method: c.method,
    endpoint: c.endpoint,
    statusCode: c.statusCode,
    duration: c.durationMs,
    createdAt: new Date(c.createdAt).toISOString(),
    payload: c.payload,
    response: c.response,
  };
}

export function toDetail(
  secrets: SecretBox,
  row: IntegrationRow,
  calls: (typeof apiCalls.$inferSelect)[],
  webhook: WebhookSettings | null,
  oauthConfigured: boolean | null,
): IntegrationDetail {
  const summary = toSummary(secrets, row);
  const stored = readSecrets(secrets, row.integration.secretsEncrypted);
  return {
    ...summary,
    apiKey: row.service.tokenAuthentication ? revealApiKey(secrets, row.integration.apiKeyEncrypted) : null,
    maskedApiKey: summary.apiKey,
    connected: typeof stored.access_token === 'string' && stored.access_token.length > 0,
    maskedSecrets: maskSecrets(stored),
    apiCalls: row.service.tokenAuthentication ? calls.map(toApiCall) : [],
    webhook,
    oauth:
      oauthConfigured === null
        ? null
        : {
            provider: row.service.provider,
            configured: oauthConfigured,
            needsReauthorization: row.integration.needsReauthorization,
          },
    connectionError: row.integration.connectionError,
  };
}
