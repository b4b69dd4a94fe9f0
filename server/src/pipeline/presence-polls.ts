import { eq } from 'drizzle-orm';
import { ConnectorError, isConnectorError } from '../connectors/errors.ts';
import { pollMattermost } from '../connectors/mattermost/poll.ts';
import { pollMicrosoft } from '../connectors/microsoft/poll.ts';
import { refreshGrant } from '../connectors/oauth.ts';
import type { ConnectorTrace, PresenceSweep } from '../connectors/results.ts';
import { pollSlack } from '../connectors/slack/poll.ts';
import { integrations } from '../db/schema/integrations.ts';
import type { AppDeps } from '../http/deps.ts';
import { readGrant, saveGrant } from './integration-grant.ts';
import { oauthSetupOf } from './oauth-providers.ts';

/** Access tokens are refreshed this long before they expire. */
export const REFRESH_MARGIN_SECONDS = 5 * 60;

/** Providers whose presence this pipeline polls with their connector. */
export const PRESENCE_POLL_PROVIDERS = new Set(['slack', 'microsoft', 'mattermost']);

export interface PollableIntegration {
  id: string;
  provider: string;
  config: Record<string, unknown>;
  secretsEncrypted: string | null;
  connectorState: Record<string, unknown> | null;
}

interface PollInput {
  deps: AppDeps;
  integration: PollableIntegration;
  intervalMinutes: number;
  trace: ConnectorTrace;
}

async function loadSecrets(deps: AppDeps, id: string) {
  const [row] = await deps.database.db
    .select({ secretsEncrypted: integrations.secretsEncrypted, config: integrations.config })
    .from(integrations)
    .where(eq(integrations.id, id));
  return row ?? { secretsEncrypted: null, config: {} };
}

/**
 * A usable access token for an OAuth integration: the stored one, or a fresh one from the refresh
 * token when it expires within 5 minutes (or `force`, after the provider refused it). A refused
 * refresh is `needs_reauthorization`.
 */
async function accessTokenFor(input: PollInput, force: boolean): Promise<string> {
  const { deps, integration, trace } = input;
  const row = await loadSecrets(deps, integration.id);
  const grant = readGrant(deps.secrets, row);
  if (!grant.accessToken) throw new ConnectorError('needs_reauthorization', 'No authorization is stored');
  const setup = oauthSetupOf(deps.config, integration.provider);
  const expiring = grant.expiresAt !== null && grant.expiresAt - REFRESH_MARGIN_SECONDS <= Date.now() / 1000;
  if (!force && !expiring) return grant.accessToken;
  if (!grant.refreshToken || !setup?.app || !setup.spec.refreshesAccessToken) {
    if (force || (grant.expiresAt !== null && grant.expiresAt <= Date.now() / 1000)) {
      throw new ConnectorError('needs_reauthorization', 'The authorization expired and cannot be refreshed');
    }
    return grant.accessToken;
  }
  const fresh = await refreshGrant(setup.spec, setup.app, grant.refreshToken, trace);
  await deps.database.db.transaction((tx) => saveGrant(tx, deps.secrets, integration.id, fresh));
  trace.debug('milestone', { step: 'access token refreshed', expiresAt: fresh.expires_at ?? null });
  return fresh.access_token;
}

async function pollWithToken(input: PollInput, token: string): Promise<PresenceSweep<unknown>> {
  const { deps, integration, intervalMinutes, trace } = input;
  const previous = integration.connectorState;
  if (integration.provider === 'slack') {
    return pollSlack({ token, apiUrl: deps.config.SLACK_API_URL, intervalMinutes, trace }, previous);
  }
  if (integration.provider === 'microsoft') {
    return pollMicrosoft({ token, graphUrl: deps.config.MICROSOFT_GRAPH_URL, intervalMinutes, trace }, previous);
  }
  throw new ConnectorError('configuration', `No presence connector for ${integration.provider}`);
}

/** Mattermost polls with the personal access token and server URL of its Setup form. */
async function pollMattermostIntegration(input: PollInput): Promise<PresenceSweep<unknown>> {
  const row = await loadSecrets(input.deps, input.integration.id);
  const secrets = row.secretsEncrypted
    ? input.deps.secrets.decryptJson<Record<string, unknown>>(row.secretsEncrypted)
    : {};
  const serverUrl = typeof row.config.serverUrl === 'string' ? row.config.serverUrl : '';
  const token = typeof secrets.accessToken === 'string' ? secrets.accessToken : '';
  if (!serverUrl || !token) {
    throw new ConnectorError('configuration', 'Set the server URL and a personal access token to poll Mattermost');
  }
  return pollMattermost({ serverUrl, token, trace: input.trace });
}

/**
 * One presence poll of an integration through its connector. OAuth tokens are refreshed before
 * they expire; when the provider refuses a token anyway, one refresh is tried before the grant is
 * declared gone (`needs_reauthorization`).
 */
export async function pollPresenceIntegration(input: PollInput): Promise<PresenceSweep<unknown>> {
  if (input.integration.provider === 'mattermost') return pollMattermostIntegration(input);
  const token = await accessTokenFor(input, false);
  try {
    return await pollWithToken(input, token);
  } catch (err) {
    const setup = oauthSetupOf(input.deps.config, input.integration.provider);
    if (!isConnectorError(err, 'needs_reauthorization') || !setup?.spec.refreshesAccessToken) throw err;
    const grant = readGrant(input.deps.secrets, await loadSecrets(input.deps, input.integration.id));
    if (!grant.refreshToken) throw err;
    input.trace.debug('milestone', { step: 'token refused, refreshing', reason: err.message });
    return pollWithToken(input, await accessTokenFor(input, true));
  }
}
