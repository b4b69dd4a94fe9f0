import { ConnectorError } from '../errors.ts';
import { type OAuthProviderSpec, standardGrant } from '../oauth.ts';

/**
 * Adds the server's bot to the customer's guild: Discord's bot authorization with a code grant
 * answers the guild the owner picked (`guild_id` on the callback, `guild` in the token answer).
 * The bot needs no permissions: presence comes over the Gateway with privileged intents.
 */
export function discordOAuth(urls: { authorizeUrl: string; apiUrl: string }): OAuthProviderSpec {
  return {
    provider: 'discord',
    displayName: 'Discord',
    authorizeUrl: urls.authorizeUrl,
    tokenUrl: `${urls.apiUrl.replace(/\/+$/, '')}/oauth2/token`,
    scopes: ['identify', 'bot'],
    pkce: true,
    extraAuthorizeParams: { permissions: '0' },
    refreshesAccessToken: false,
    readGrant(data, callback) {
      const grant = standardGrant(data);
      const guild = data.guild as { id?: unknown; name?: unknown } | undefined;
      const guildId = typeof guild?.id === 'string' ? guild.id : callback.get('guild_id');
      if (!guildId) throw new ConnectorError('provider', 'Discord did not say which server the bot was added to');
      grant.guild_id = guildId;
      grant.team_id = guildId;
      if (typeof guild?.name === 'string') grant.team_name = guild.name;
      return grant;
    },
  };
}
