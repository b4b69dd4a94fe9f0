import { errorBody } from '@overlap/contract/common';
import { systemInfo } from '@overlap/contract/system';
import { unauthorized } from '../../core/errors.ts';
import type { AreaPlugin } from '../area.ts';
import { getSystemInfo } from './service.ts';

const systemRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/profile/system-info',
    {
      schema: {
        tags: ['profile'],
        summary: 'Environment, server time and build',
        response: { 200: systemInfo, 401: errorBody.describe('Not signed in') },
      },
      config: { allowTerminated: true },
    },
    async (request) => {
      // The build, environment and error-tracking settings are for signed-in people only.
      if (!request.actor) throw unauthorized();
      return getSystemInfo(deps);
    },
  );
};
export default systemRoutes;
