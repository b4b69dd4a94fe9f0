import { type ActivitiesResponse, activitiesQuery, activitiesResponse } from '@overlap/contract/activity';
import { plainJsonResponse } from '../../lib/plain-json.ts';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getActivitiesDayJson } from './service.ts';

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
    // The service writes the answer's JSON text (most of it built by PostgreSQL); a string with a
    // JSON content type is sent as it is, without serializing it again.
    async (request, reply) => {
      const text = await getActivitiesDayJson(ctxOf(deps, request), request.query);
      return reply.type('application/json; charset=utf-8').send(text as unknown as ActivitiesResponse);
    },
  );
};
export default activitiesRoutes;
