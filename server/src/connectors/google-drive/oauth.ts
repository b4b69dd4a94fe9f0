import { decodeIdToken } from 'arctic';
import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';
import { ADMIN_REPORTS_SCOPE, DRIVE_ACTIVITY_SCOPE } from './poll.ts';

/**
 * Google's OAuth 2.0 for Drive: Drive Activity, and Admin Reports (granted only to Workspace admins;
 * the poll falls back when it is refused). Offline access with consent for a refresh token; the
 * ID token's e-mail names the connected account.
 */
export function googleOAuth(urls: { authUrl: string; tokenUrl: string }): OAuthProviderSpec {
  return {
    provider: 'google',
    displayName: 'Google',
    authorizeUrl: urls.authUrl,
    tokenUrl: urls.tokenUrl,
    scopes: ['openid', 'email', 'profile', DRIVE_ACTIVITY_SCOPE, ADMIN_REPORTS_SCOPE],
    pkce: true,
    extraAuthorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    refreshesAccessToken: true,
    readGrant(data) {
      const grant = standardGrant(data);
      if (typeof data.id_token === 'string') {
        const claims = decodeIdToken(data.id_token) as { email?: string; name?: string };
        if (claims.email) grant.team_name = claims.email;
      }
      return grant;
    },
  };
}
