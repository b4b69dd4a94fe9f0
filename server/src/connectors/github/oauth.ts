import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';
import { githubGet } from './client.ts';

/** Organisation events of private repositories and the commits of a push need these. */
export const GITHUB_SCOPES = ['read:org', 'repo'];

/**
 * GitHub's OAuth app flow: authorize and access_token under GITHUB_OAUTH_URL. An OAuth app's token
 * does not expire (no refresh). The signed-in user's login names the connection.
 */
export function githubOAuth(urls: { oauthUrl: string; apiUrl: string }): OAuthProviderSpec {
  const base = urls.oauthUrl.replace(/\/+$/, '');
  return {
    provider: 'github',
    displayName: 'GitHub',
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/access_token`,
    scopes: GITHUB_SCOPES,
    pkce: false,
    refreshesAccessToken: false,
    readGrant: (data) => standardGrant(data),
    async describeGrant(grant, trace) {
      const user = await githubGet<{ login?: string }>(`${urls.apiUrl.replace(/\/+$/, '')}/user`, {
        token: grant.access_token,
        trace,
      });
      return user.body?.login ? { team_name: user.body.login } : {};
    },
  };
}
