import { activitiesQuery, activitiesResponse } from '@overlap/contract/activity';
import { plainJsonResponse } from '../../lib/plain-json.ts';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getActivitiesDay } from './service.ts';

const activitiesRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/activities',
    {
      ...plainJsonResponse,
      schema: {
        tags: ['activities'],
        summary: "The team's day: active people with their blocks, events and predictions",
        description:
          'The day runs from 00:00 to 24:00 in `tz` (default UTC). Blocks overlapping the day are returned whole; blocks of several integrations may overlap and are returned as they are.',
        querystring: activitiesQuery,
        response: { 200: activitiesResponse },
      },
    },
    async (request) => getActivitiesDay(ctxOf(deps, request), request.query),
  );
};
export default activitiesRoutes;
