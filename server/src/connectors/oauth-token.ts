import { type GrantFields, refreshGrant } from './oauth.ts';
import { REFRESH_MARGIN_SECONDS, storedGrant } from './oauth-grant.ts';
import { oauthSetupOf } from './oauth-providers.ts';
import type { ConnectorContext } from './types.ts';

/** An OAuth access token for a poll that is not a presence sweep (events sources). */
export interface OAuthToken {
  token: string;
  /** Gets a new access token with the refresh token; null when the grant cannot be refreshed. */
  refresh: (() => Promise<string>) | null;
  /** The grant a refresh produced, for the pipeline to store. */
  refreshed(): GrantFields | undefined;
}

/**
 * The integration's OAuth access token, refreshed first when it expires within 5 minutes (as the
 * chat connectors' pollWithGrant does); null when no grant is stored.
 */
export async function oauthToken(ctx: ConnectorContext, provider: string): Promise<OAuthToken | null> {
  const grant = storedGrant(ctx.secrets, ctx.integration);
  if (!grant.accessToken) return null;
  const setup = oauthSetupOf(ctx.config, provider);
  const app = setup?.app ?? null;
  const canRefresh = Boolean(grant.refreshToken && app && setup?.spec.refreshesAccessToken);
  let latest: GrantFields | undefined;
  const refresh = async () => {
    if (!setup || !app || !grant.refreshToken) throw new Error('the grant cannot be refreshed');
    latest = await refreshGrant(setup.spec, app, latest?.refresh_token ?? grant.refreshToken, ctx.run);
    ctx.run.debug('milestone', { step: 'access token refreshed', expiresAt: latest.expires_at ?? null });
    return latest.access_token;
  };
  let token = grant.accessToken;
  if (canRefresh && grant.expiresAt !== null && grant.expiresAt - REFRESH_MARGIN_SECONDS <= ctx.now.getTime() / 1000) {
    token = await refresh();
  }
  return { token, refresh: canRefresh ? refresh : null, refreshed: () => latest };
}
