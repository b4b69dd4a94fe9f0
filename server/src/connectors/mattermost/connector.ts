import { ConnectorError } from '../errors.ts';
import { storedSecrets } from '../oauth-grant.ts';
import { toPollResult } from '../sweep-result.ts';
import type { Connector } from '../types.ts';
import { pollMattermost } from './poll.ts';

/**
 * Mattermost polled with the server URL and personal access token of the integration's Setup; an
 * integration without them is fed by the push API instead (the scheduler does not pick it).
 */
export const mattermostConnector: Connector = {
  provider: 'mattermost',
  async poll(ctx) {
    const serverUrl = typeof ctx.integration.config.serverUrl === 'string' ? ctx.integration.config.serverUrl : '';
    const token = storedSecrets(ctx).accessToken;
    if (!serverUrl || typeof token !== 'string' || token === '') {
      throw new ConnectorError('configuration', 'Set the server URL and a personal access token to poll Mattermost');
    }
    return toPollResult(await pollMattermost({ serverUrl, token, trace: ctx.run, now: () => ctx.now }));
  },
};
