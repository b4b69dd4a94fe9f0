import { ConnectorError } from '../errors.ts';
import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';

/** Bot scopes: members and their presence, members' e-mail addresses, the workspace's name. */
export const SLACK_BOT_SCOPES = ['users:read', 'users:read.email', 'team:read'];

/**
 * Slack's v2 install flow (a bot token), not arctic's "Sign in with Slack": authorize at
 * SLACK_AUTHORIZE_URL, exchange at SLACK_API_URL + oauth.v2.access with the client as HTTP Basic.
 * Slack answers refusals with HTTP 200 and `ok: false`. Tokens expire only with token rotation on.
 */
export function slackOAuth(urls: { authorizeUrl: string; apiUrl: string }): OAuthProviderSpec {
  return {
    provider: 'slack',
    displayName: 'Slack',
    authorizeUrl: urls.authorizeUrl,
    tokenUrl: `${urls.apiUrl.replace(/\/+$/, '')}/oauth.v2.access`,
    scopes: SLACK_BOT_SCOPES,
    scopeSeparator: ',',
    pkce: false,
    refreshesAccessToken: true,
    readGrant(data) {
      if (data.ok !== true) throw new ConnectorError('provider', `Slack answered ${String(data.error ?? 'an error')}`);
      const grant = standardGrant(data);
      const team = data.team as { id?: unknown; name?: unknown } | null | undefined;
      if (typeof team?.id === 'string') grant.team_id = team.id;
      if (typeof team?.name === 'string') grant.team_name = team.name;
      if (typeof data.bot_user_id === 'string') grant.bot_user_id = data.bot_user_id;
      return grant;
    },
  };
}
