import { ConnectorError, isConnectorError } from './errors.ts';
import { type GrantFields, refreshGrant } from './oauth.ts';
import { oauthSetupOf } from './oauth-providers.ts';
import type { PresenceSweep } from './results.ts';
import { toPollResult } from './sweep-result.ts';
import type { ConnectorContext, PollResult } from './types.ts';

/** Access tokens are refreshed this long before they expire. */
export const REFRESH_MARGIN_SECONDS = 5 * 60;

export interface StoredGrant {
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch seconds. */
  expiresAt: number | null;
}

/** The stored credentials, opened with the secret box; nothing when there are none or they cannot be read. */
export function storedSecrets(ctx: Pick<ConnectorContext, 'secrets' | 'integration'>): Record<string, unknown> {
  const sealed = ctx.integration.secretsEncrypted;
  if (!sealed) return {};
  try {
    return ctx.secrets.decryptJson<Record<string, unknown>>(sealed);
  } catch {
    return {};
  }
}

export function storedGrant(ctx: Pick<ConnectorContext, 'secrets' | 'integration'>): StoredGrant {
  const secrets = storedSecrets(ctx);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const expiresAt = ctx.integration.config.expires_at;
  return {
    accessToken: text(secrets.access_token),
    refreshToken: text(secrets.refresh_token),
    expiresAt: typeof expiresAt === 'number' ? expiresAt : null,
  };
}

/**
 * Polls with the integration's OAuth access token. A token that expires within 5 minutes is
 * refreshed first; a token the provider refuses is refreshed once and the poll tried again. A
 * refresh the provider refuses, or a refused token without a refresh token, is
 * `needs_reauthorization`. A refreshed grant comes back on the result for the pipeline to store.
 */
export async function pollWithGrant(
  ctx: ConnectorContext,
  provider: string,
  sweep: (token: string) => Promise<PresenceSweep<unknown>>,
): Promise<PollResult> {
  const grant = storedGrant(ctx);
  if (!grant.accessToken) throw new ConnectorError('needs_reauthorization', 'No authorization is stored');
  const setup = oauthSetupOf(ctx.config, provider);
  const canRefresh = Boolean(grant.refreshToken && setup?.app && setup.spec.refreshesAccessToken);
  let refreshed: GrantFields | undefined;
  const refresh = async () => {
    if (!canRefresh || !setup?.app || !grant.refreshToken) {
      throw new ConnectorError('needs_reauthorization', 'The authorization expired and cannot be refreshed');
    }
    refreshed = await refreshGrant(setup.spec, setup.app, refreshed?.refresh_token ?? grant.refreshToken, ctx.run);
    ctx.run.debug('milestone', { step: 'access token refreshed', expiresAt: refreshed.expires_at ?? null });
    return refreshed.access_token;
  };

  const nowSeconds = ctx.now.getTime() / 1000;
  let token = grant.accessToken;
  if (grant.expiresAt !== null && grant.expiresAt - REFRESH_MARGIN_SECONDS <= nowSeconds) {
    if (canRefresh) token = await refresh();
    else if (grant.expiresAt <= nowSeconds) await refresh();
  }
  let result: PresenceSweep<unknown>;
  try {
    result = await sweep(token);
  } catch (err) {
    if (!isConnectorError(err, 'needs_reauthorization') || !canRefresh || refreshed) throw err;
    ctx.run.debug('milestone', { step: 'token refused, refreshing', reason: err.message });
    result = await sweep(await refresh());
  }
  return { ...toPollResult(result), ...(refreshed ? { grant: refreshed } : {}) };
}
