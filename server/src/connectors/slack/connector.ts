import { pollWithGrant } from '../oauth-grant.ts';
import type { Connector } from '../types.ts';
import { pollSlack } from './poll.ts';

/** Slack presence with the workspace's bot token (OAuth), polled every step. */
export const slackConnector: Connector = {
  provider: 'slack',
  poll: (ctx) =>
    pollWithGrant(ctx, 'slack', (token) =>
      pollSlack(
        { token, apiUrl: ctx.config.SLACK_API_URL, intervalMinutes: ctx.stepMinutes, trace: ctx.run },
        ctx.integration.state,
      ),
    ),
};
