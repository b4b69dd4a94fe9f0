import { ConnectorError } from '../errors.ts';
import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';
import { callGraph, graphEndpoint } from './graph.ts';

/** Delegated permissions: every user and their presence; offline_access for a refresh token. */
export const MICROSOFT_SCOPES = ['offline_access', 'User.Read.All', 'Presence.Read.All'];

/** Microsoft identity platform v2.0 for a tenant (MICROSOFT_TENANT, default `common`), with PKCE. */
export function microsoftOAuth(urls: { loginUrl: string; tenant: string; graphUrl: string }): OAuthProviderSpec {
  const base = `${urls.loginUrl.replace(/\/+$/, '')}/${encodeURIComponent(urls.tenant)}/oauth2/v2.0`;
  return {
    provider: 'microsoft',
    displayName: 'Microsoft',
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    scopes: MICROSOFT_SCOPES,
    refreshScopes: MICROSOFT_SCOPES,
    pkce: true,
    extraAuthorizeParams: { response_mode: 'query' },
    refreshesAccessToken: true,
    readGrant: (data) => standardGrant(data),
    async describeGrant(grant, trace) {
      const org = await callGraph<{ value?: { id?: string; displayName?: string }[] }>(trace, grant.access_token, {
        url: graphEndpoint(urls.graphUrl, 'organization?$select=id,displayName'),
      });
      const tenant = org.value?.[0];
      if (!tenant?.id) throw new ConnectorError('malformed', 'Microsoft Graph answered no organization');
      return { team_id: tenant.id, ...(tenant.displayName ? { team_name: tenant.displayName } : {}) };
    },
  };
}
