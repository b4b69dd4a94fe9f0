import { pollWithGrant } from '../oauth-grant.ts';
import type { Connector } from '../types.ts';
import { pollMicrosoft } from './poll.ts';

/** Microsoft Teams presence through Graph with the tenant's delegated grant (OAuth), polled every step. */
export const microsoftConnector: Connector = {
  provider: 'microsoft',
  poll: (ctx) =>
    pollWithGrant(ctx, 'microsoft', (token) =>
      pollMicrosoft(
        { token, graphUrl: ctx.config.MICROSOFT_GRAPH_URL, intervalMinutes: ctx.stepMinutes, trace: ctx.run },
        ctx.integration.state,
      ),
    ),
};
