import { openSecrets } from '../oauth-grant.ts';
import { oauthToken } from '../oauth-token.ts';
import { listSetting, previousState, textSetting } from '../settings.ts';
import type { Connector } from '../types.ts';
import { type GithubPollState, pollGithubOrgs } from './org-events.ts';

/**
 * GitHub: commits arrive through the push webhook (modules/inbound); this poll of the chosen
 * organisations' events fills what a webhook that was down missed. It needs a token (Connect
 * GitHub, or a personal access token) and at least one organisation; without them it does nothing.
 */
export const githubConnector: Connector = {
  provider: 'github',
  async poll(ctx) {
    const token =
      (await oauthToken(ctx, 'github'))?.token ??
      textSetting(openSecrets(ctx.secrets, ctx.integration.secretsEncrypted).accessToken);
    const organizations = listSetting(ctx.integration.config.organizations);
    if (!token || organizations.length === 0) {
      ctx.run.debug('milestone', {
        skipped: token
          ? 'No organisations chosen: only the webhook brings commits'
          : 'Not connected: only the webhook brings commits',
      });
      return { presence: [], events: [] };
    }
    const previous = previousState<GithubPollState>(ctx);
    const { events, state } = await pollGithubOrgs({
      apiUrl: ctx.config.GITHUB_API_URL,
      token,
      organizations,
      state: { orgs: previous.orgs ?? {} },
      now: ctx.now,
      trace: ctx.run,
    });
    return { presence: [], events, state: { ...state } };
  },
};
