import { ConnectorError } from '../errors.ts';
import { openSecrets } from '../oauth-grant.ts';
import { oauthToken } from '../oauth-token.ts';
import { previousState, textSetting } from '../settings.ts';
import type { Connector, ProviderEvent } from '../types.ts';
import { parseDomains } from './people.ts';
import { pollGoogleDrive } from './poll.ts';
import { dailyDriveSummary, utcDay } from './summary.ts';

const DAY_MS = 86_400_000;

/**
 * Google Drive: file edits and external collaboration since the last poll, and once a day the
 * summary of the day before (read again whole, so it does not depend on when polls ran).
 */
export const googleDriveConnector: Connector = {
  provider: 'google',
  async poll(ctx) {
    const credentials = openSecrets(ctx.secrets, ctx.integration.secretsEncrypted);
    const oauth = await oauthToken(ctx, 'google');
    if (!oauth)
      throw new ConnectorError('needs_reauthorization', 'Google Drive is not connected: press Connect Google Drive');
    const accessToken = oauth.token;
    const config = ctx.integration.config;
    // The connected account: its e-mail names the grant (team_name), or an operator set it.
    const named = textSetting(config.account_email) ?? textSetting(config.team_name);
    const email = named?.includes('@') ? named.toLowerCase() : null;
    const common = {
      activityUrl: ctx.config.GOOGLE_DRIVE_ACTIVITY_URL,
      adminUrl: ctx.config.GOOGLE_ADMIN_URL,
      // A grant's scope is kept with the integration's settings; older grants kept it with the tokens.
      scope: textSetting(config.scope) ?? textSetting(credentials.scope) ?? '',
      viewer: { email, displayName: textSetting(config.account_name) },
      internalDomains: parseDomains(config.internalDomains),
      trace: ctx.run,
      ...(oauth.refresh ? { refreshAccessToken: oauth.refresh } : {}),
    };
    const polled = await pollGoogleDrive({ ...common, accessToken, since: ctx.since });
    const events: ProviderEvent[] = [...polled.events];

    const state: { summarizedDay?: string; source?: string } = { ...previousState<{ summarizedDay: string }>(ctx) };
    const yesterday = utcDay(new Date(ctx.now.getTime() - DAY_MS));
    if (!state.summarizedDay || state.summarizedDay < yesterday) {
      const start = new Date(`${yesterday}T00:00:00.000Z`);
      const day = await pollGoogleDrive({
        ...common,
        accessToken: polled.accessToken,
        since: new Date(start.getTime() - 1),
        until: new Date(start.getTime() + DAY_MS),
      });
      const summary = dailyDriveSummary(yesterday, day.events, email);
      if (summary) events.push(summary);
      state.summarizedDay = yesterday;
    }
    state.source = polled.source;
    ctx.run.debug('milestone', { source: polled.source, events: events.length });
    const grant = oauth.refreshed();
    return { presence: [], events, state, ...(grant ? { grant } : {}) };
  },
};
