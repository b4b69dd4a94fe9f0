import { listSetting, previousState, storedSecrets, textSetting } from '../settings.ts';
import type { Connector } from '../types.ts';
import { type GitlabAuth, type GitlabPollState, pollGitlabEvents } from './events-poll.ts';

/**
 * GitLab: commits arrive through the Push Hook (modules/inbound); this poll of the chosen projects
 * and groups fills what a webhook that was down missed. It authenticates with the OAuth grant or a
 * personal access token, on the integration's GitLab URL or the server's GITLAB_URL.
 */
export const gitlabConnector: Connector = {
  provider: 'gitlab',
  async poll(ctx) {
    const credentials = storedSecrets(ctx);
    const oauth = textSetting(credentials.access_token);
    const pat = textSetting(credentials.accessToken);
    const auth: GitlabAuth | null = oauth
      ? { type: 'oauth', accessToken: oauth }
      : pat
        ? { type: 'token', token: pat }
        : null;
    const projectIds = listSetting(ctx.integration.config.projectIds);
    const groupIds = listSetting(ctx.integration.config.groupIds);
    if (!auth || projectIds.length + groupIds.length === 0) {
      ctx.run.debug('milestone', {
        skipped: auth
          ? 'No projects or groups chosen: only the webhook brings commits'
          : 'No token: only the webhook brings commits',
      });
      return { presence: [], events: [] };
    }
    const previous = previousState<GitlabPollState>(ctx);
    const { events, state } = await pollGitlabEvents({
      baseUrl: textSetting(ctx.integration.config.baseUrl) ?? ctx.config.GITLAB_URL,
      auth,
      projectIds,
      groupIds,
      since: ctx.since,
      state: { projects: previous.projects ?? {} },
      trace: ctx.run,
    });
    return { presence: [], events, state: { ...state } };
  },
};
