import type { Config } from '../config.ts';
import { discordOAuth } from './discord/oauth.ts';
import { githubOAuth } from './github/oauth.ts';
import { gitlabOAuth } from './gitlab/oauth.ts';
import { googleOAuth } from './google-drive/oauth.ts';
import { microsoftOAuth } from './microsoft/oauth.ts';
import type { OAuthApp, OAuthProviderSpec } from './oauth.ts';
import { slackOAuth } from './slack/oauth.ts';

export interface OAuthSetup {
  spec: OAuthProviderSpec;
  /** Null while a variable in `requiredEnv` is missing. */
  app: OAuthApp | null;
  /** The variables an operator sets to enable the provider (documented in the README). */
  requiredEnv: string[];
}

function appOf(clientId: string | undefined, clientSecret: string | undefined, ...others: (string | undefined)[]) {
  return clientId && clientSecret && others.every(Boolean) ? { clientId, clientSecret } : null;
}

/**
 * The OAuth flow of a provider with this server's endpoints and client credentials, or null when
 * the provider does not connect with OAuth here.
 */
export function oauthSetupOf(config: Config, provider: string): OAuthSetup | null {
  switch (provider) {
    case 'slack':
      return {
        spec: slackOAuth({ authorizeUrl: config.SLACK_AUTHORIZE_URL, apiUrl: config.SLACK_API_URL }),
        app: appOf(config.SLACK_CLIENT_ID, config.SLACK_CLIENT_SECRET),
        requiredEnv: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
      };
    case 'microsoft':
      return {
        spec: microsoftOAuth({
          loginUrl: config.MICROSOFT_LOGIN_URL,
          tenant: config.MICROSOFT_TENANT,
          graphUrl: config.MICROSOFT_GRAPH_URL,
        }),
        app: appOf(config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET),
        requiredEnv: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
      };
    case 'discord':
      return {
        spec: discordOAuth({ authorizeUrl: config.DISCORD_AUTHORIZE_URL, apiUrl: config.DISCORD_API_URL }),
        app: appOf(config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET, config.DISCORD_BOT_TOKEN),
        requiredEnv: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN'],
      };
    case 'github':
      return {
        spec: githubOAuth({ oauthUrl: config.GITHUB_OAUTH_URL, apiUrl: config.GITHUB_API_URL }),
        app: appOf(config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET),
        requiredEnv: ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
      };
    case 'gitlab':
      return {
        spec: gitlabOAuth({ baseUrl: config.GITLAB_URL }),
        app: appOf(config.GITLAB_CLIENT_ID, config.GITLAB_CLIENT_SECRET),
        requiredEnv: ['GITLAB_CLIENT_ID', 'GITLAB_CLIENT_SECRET'],
      };
    case 'google':
      return {
        spec: googleOAuth({ authUrl: config.GOOGLE_AUTH_URL, tokenUrl: config.GOOGLE_TOKEN_URL }),
        app: appOf(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET),
        requiredEnv: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      };
    default:
      return null;
  }
}

/** Whether `provider` can be connected with OAuth on this server right now. */
export const oauthConfigured = (config: Config, provider: string): boolean =>
  oauthSetupOf(config, provider)?.app != null;

/** Our callback for a provider: the redirect URI registered with the provider's OAuth app. */
export const oauthRedirectUri = (config: Config, provider: string): string =>
  `${config.publicUrl}/api/v1/integrations/oauth/${provider}/callback`;
