import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../test/fakes/discord.ts';
import { startFakeMicrosoft } from '../../test/fakes/microsoft.ts';
import { startFakeSlack } from '../../test/fakes/slack.ts';
import { discordOAuth } from './discord/oauth.ts';
import { ConnectorError } from './errors.ts';
import { microsoftOAuth } from './microsoft/oauth.ts';
import { createAuthorization, exchangeCode, refreshGrant } from './oauth.ts';
import { silentTrace } from './results.ts';
import { slackOAuth } from './slack/oauth.ts';

const REDIRECT = 'http://localhost:3000/api/v1/integrations/oauth/x/callback';

/** Follows the authorize URL like a browser whose user consents, and answers the callback's query. */
async function consent(url: string): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`authorize answered ${response.status} without a redirect`);
  return new URL(location).searchParams;
}

describe('OAuth with configurable endpoints', () => {
  const fakes = {} as {
    slack: Awaited<ReturnType<typeof startFakeSlack>>;
    microsoft: Awaited<ReturnType<typeof startFakeMicrosoft>>;
    discord: Awaited<ReturnType<typeof startFakeDiscord>>;
  };
  beforeAll(async () => {
    fakes.slack = await startFakeSlack({ team: { id: 'T123', name: 'Acme Chat' }, rotateTokensAfterSeconds: 43_200 });
    fakes.microsoft = await startFakeMicrosoft({ tenantName: 'Contoso' });
    fakes.discord = await startFakeDiscord();
  });
  afterAll(async () => {
    await Promise.all([fakes.slack.close(), fakes.microsoft.close(), fakes.discord.close()]);
  });

  it('Slack: bot scopes comma-separated, code exchanged at oauth.v2.access with HTTP Basic, team and bot user read', async () => {
    const spec = slackOAuth({ authorizeUrl: fakes.slack.authorizeUrl, apiUrl: fakes.slack.apiUrl });
    const app = { clientId: fakes.slack.clientId, clientSecret: fakes.slack.clientSecret };
    const start = createAuthorization(spec, app, REDIRECT, 'state-1');
    const url = new URL(start.url);
    expect(url.origin + url.pathname).toBe(fakes.slack.authorizeUrl);
    expect(url.searchParams.get('scope')).toBe('users:read,users:read.email,team:read');
    expect(url.searchParams.get('code_challenge')).toBeNull();
    expect(start.codeVerifier).toBeNull();

    const callback = await consent(start.url);
    expect(callback.get('state')).toBe('state-1');
    const before = Math.floor(Date.now() / 1000);
    const grant = await exchangeCode(spec, app, REDIRECT, callback, null, silentTrace);
    expect(grant.access_token).toMatch(/^xoxe\.xoxb-1-/);
    expect(grant.refresh_token).toMatch(/^xoxe-1-/);
    expect(grant.expires_at).toBeGreaterThanOrEqual(before + 43_199);
    expect(grant.expires_at).toBeLessThanOrEqual(before + 43_201);
    expect([grant.team_id, grant.team_name, grant.bot_user_id, grant.scope]).toEqual([
      'T123',
      'Acme Chat',
      'UBOT0001',
      'users:read,users:read.email,team:read',
    ]);

    const again = await exchangeCode(spec, app, REDIRECT, callback, null, silentTrace).catch((e: unknown) => e);
    expect((again as ConnectorError).message).toBe('Slack answered invalid_code');

    const refreshed = await refreshGrant(spec, app, grant.refresh_token ?? '', silentTrace);
    expect(refreshed.access_token).not.toBe(grant.access_token);
    const reused = await refreshGrant(spec, app, grant.refresh_token ?? '', silentTrace).catch((e: unknown) => e);
    expect((reused as ConnectorError).kind).toBe('needs_reauthorization');
  });

  it('Microsoft: PKCE verified by the provider, tenant name read from Graph, refresh rotates, a dead refresh needs re-authorization', async () => {
    const ms = fakes.microsoft;
    const spec = microsoftOAuth({ loginUrl: ms.loginUrl, tenant: 'common', graphUrl: ms.graphUrl });
    const app = { clientId: ms.clientId, clientSecret: ms.clientSecret };
    const start = createAuthorization(spec, app, REDIRECT, 'state-2');
    expect(new URL(start.url).pathname).toBe('/login/common/oauth2/v2.0/authorize');
    expect(new URL(start.url).searchParams.get('scope')).toBe('offline_access User.Read.All Presence.Read.All');
    const callback = await consent(start.url);
    expect(ms.lastAuthorizeHadPkce()).toBe(true);

    const wrongVerifier = await exchangeCode(spec, app, REDIRECT, callback, 'not-the-verifier', silentTrace).catch(
      (e: unknown) => e,
    );
    expect((wrongVerifier as ConnectorError).message).toBe(
      'Microsoft refused the code: invalid_grant (PKCE verification failed)',
    );

    const second = await consent(createAuthorization(spec, app, REDIRECT, 's').url);
    const retry = createAuthorization(spec, app, REDIRECT, 'state-3');
    const third = await consent(retry.url);
    const grant = await exchangeCode(spec, app, REDIRECT, third, retry.codeVerifier, silentTrace);
    expect(second.get('code')).not.toBe(third.get('code'));
    expect([grant.team_id, grant.team_name]).toEqual(['tenant-0001', 'Contoso']);
    expect(grant.refresh_token).toMatch(/^0\.AR/);

    const refreshed = await refreshGrant(spec, app, grant.refresh_token ?? '', silentTrace);
    expect(refreshed.refresh_token).not.toBe(grant.refresh_token);
    ms.revokeRefreshTokens();
    const dead = (await refreshGrant(spec, app, refreshed.refresh_token ?? '', silentTrace).catch(
      (e: unknown) => e,
    )) as ConnectorError;
    expect(dead.kind).toBe('needs_reauthorization');
    expect(dead.message).toBe(
      'Microsoft refused the refresh: invalid_grant (AADSTS70008: The refresh token has expired)',
    );
  });

  it('Discord: the bot install answers the guild it was added to', async () => {
    const d = fakes.discord;
    d.addGuild('81384788765712384', 'Acme Guild', [{ id: '1', username: 'ada' }]);
    const spec = discordOAuth({ authorizeUrl: d.authorizeUrl, apiUrl: d.apiUrl });
    const app = { clientId: d.clientId, clientSecret: d.clientSecret };
    const start = createAuthorization(spec, app, REDIRECT, 'state-4');
    const url = new URL(start.url);
    expect([url.searchParams.get('scope'), url.searchParams.get('permissions')]).toEqual(['identify bot', '0']);
    const callback = await consent(start.url);
    expect(callback.get('guild_id')).toBe('81384788765712384');
    const grant = await exchangeCode(spec, app, REDIRECT, callback, start.codeVerifier, silentTrace);
    expect([grant.guild_id, grant.team_id, grant.team_name]).toEqual([
      '81384788765712384',
      '81384788765712384',
      'Acme Guild',
    ]);
  });

  it('a wrong client secret is the provider refusing, with its code', async () => {
    const ms = fakes.microsoft;
    const spec = microsoftOAuth({ loginUrl: ms.loginUrl, tenant: 'common', graphUrl: ms.graphUrl });
    const start = createAuthorization(spec, { clientId: ms.clientId, clientSecret: 'x' }, REDIRECT, 's');
    const callback = await consent(start.url);
    const failure = (await exchangeCode(
      spec,
      { clientId: ms.clientId, clientSecret: 'wrong' },
      REDIRECT,
      callback,
      start.codeVerifier,
      silentTrace,
    ).catch((e: unknown) => e)) as ConnectorError;
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.message).toBe('Microsoft refused the code: invalid_client (AADSTS7000215: Invalid client secret)');
  });
});
