import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';

/** Read access to the API: project and group events, commits. */
export const GITLAB_SCOPES = ['read_api'];

/** GitLab's OAuth application flow on GITLAB_URL (self-managed hosts too); 2-hour tokens with refresh, PKCE. */
export function gitlabOAuth(urls: { baseUrl: string }): OAuthProviderSpec {
  const base = urls.baseUrl.replace(/\/+$/, '');
  return {
    provider: 'gitlab',
    displayName: 'GitLab',
    authorizeUrl: `${base}/oauth/authorize`,
    tokenUrl: `${base}/oauth/token`,
    scopes: GITLAB_SCOPES,
    pkce: true,
    refreshesAccessToken: true,
    readGrant: (data) => standardGrant(data),
  };
}
