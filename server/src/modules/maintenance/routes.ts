import { errorBody } from '@overlap/contract/common';
import { detectGapsQuery, gapReport } from '@overlap/contract/maintenance';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { detectGaps } from './service.ts';

const maintenanceRoutes: AreaPlugin = async (app, { deps }) => {
  app.post(
    '/api/v1/account/maintenance/detect-gaps',
    {
      schema: {
        tags: ['account'],
        summary: 'Long activity blocks and gaps between integration runs in one month (manager)',
        querystring: detectGapsQuery,
        response: { 200: gapReport, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: { allowSuspendedWrite: true },
    },
    async (request) => detectGaps(ctxOf(deps, request), request.query),
  );
};
export default maintenanceRoutes;
