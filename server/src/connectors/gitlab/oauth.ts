import { requestJson } from '../http.ts';
import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';
import { gitlabApiRoot } from './events-poll.ts';

/** Read access to the API: project and group events, commits. */
export const GITLAB_SCOPES = ['read_api'];

/**
 * GitLab's OAuth application flow on GITLAB_URL (self-managed hosts too); 2-hour tokens with refresh,
 * PKCE. The signed-in user's username names the connection.
 */
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
    async describeGrant(grant, trace) {
      const user = await requestJson<{ username?: string }>(
        { provider: 'GitLab', trace },
        { url: `${gitlabApiRoot(base)}/user`, headers: { authorization: `Bearer ${grant.access_token}` } },
      );
      return user?.username ? { team_name: user.username } : {};
    },
  };
}
