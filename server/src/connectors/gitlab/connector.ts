import { isConnectorError } from '../errors.ts';
import { openSecrets } from '../oauth-grant.ts';
import { oauthToken } from '../oauth-token.ts';
import { listSetting, previousState, textSetting } from '../settings.ts';
import type { Connector } from '../types.ts';
import { type GitlabAuth, type GitlabPollState, pollGitlabEvents } from './events-poll.ts';

/**
 * GitLab: commits arrive through the Push Hook (modules/inbound); this poll of the chosen projects
 * and groups fills what a webhook that was down missed. It authenticates with the OAuth grant
 * (2-hour tokens, refreshed before they expire and once more when refused) or a personal access
 * token, on the integration's GitLab URL or the server's GITLAB_URL.
 */
export const gitlabConnector: Connector = {
  provider: 'gitlab',
  async poll(ctx) {
    const oauth = await oauthToken(ctx, 'gitlab');
    const pat = textSetting(openSecrets(ctx.secrets, ctx.integration.secretsEncrypted).accessToken);
    const projectIds = listSetting(ctx.integration.config.projectIds);
    const groupIds = listSetting(ctx.integration.config.groupIds);
    if ((!oauth && !pat) || projectIds.length + groupIds.length === 0) {
      ctx.run.debug('milestone', {
        skipped:
          oauth || pat
            ? 'No projects or groups chosen: only the webhook brings commits'
            : 'No token: only the webhook brings commits',
      });
      return { presence: [], events: [] };
    }
    const previous = previousState<GitlabPollState>(ctx);
    const poll = (auth: GitlabAuth) =>
      pollGitlabEvents({
        baseUrl: textSetting(ctx.integration.config.baseUrl) ?? ctx.config.GITLAB_URL,
        auth,
        projectIds,
        groupIds,
        since: ctx.since,
        state: { projects: previous.projects ?? {} },
        trace: ctx.run,
      });
    let result: Awaited<ReturnType<typeof poll>>;
    if (oauth) {
      try {
        result = await poll({ type: 'oauth', accessToken: oauth.token });
      } catch (err) {
        if (!oauth.refresh || oauth.refreshed() || !isConnectorError(err, 'needs_reauthorization')) throw err;
        result = await poll({ type: 'oauth', accessToken: await oauth.refresh() });
      }
    } else {
      result = await poll({ type: 'token', token: pat as string });
    }
    const grant = oauth?.refreshed();
    return { presence: [], events: result.events, state: { ...result.state }, ...(grant ? { grant } : {}) };
  },
};
