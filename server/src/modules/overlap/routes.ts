import { errorBody, idParams } from '@overlap/contract/common';
import {
  availabilityQuery,
  availabilityResponse,
  type OverlapResponse,
  overlapQuery,
  overlapResponse,
  paths,
} from '@overlap/contract/overlap';
import { plainJsonResponse } from '../../lib/plain-json.ts';
import { type AreaPlugin, ctxOf } from '../area.ts';
import { getAvailability, getOverlapJson } from './service.ts';

const tags = ['overlap'];

const overlapRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.overlap,
    {
      ...plainJsonResponse,
      schema: {
        tags,
        summary: 'When the team overlaps: who is online or likely online per half hour, and the best windows',
        description:
          'Days are cut at midnight in `tz` and split into 30-minute slots. Past slots come from activity blocks, the current and future ones from predictions. `people` lists the asked people once; each slot names who is online or likely online by their position in that list. `best` lists the longest windows from now on where the most of the asked people are online or likely online together.',
        querystring: overlapQuery,
        response: { 200: overlapResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const text = await getOverlapJson(ctxOf(deps, request), request.query);
      // Written as JSON by the service (the response schema stays the documented contract).
      return reply.type('application/json; charset=utf-8').send(text as unknown as OverlapResponse);
    },
  );

  app.get(
    '/api/v1/people/:id/availability',
    {
      schema: {
        tags,
        summary: "A person's usual online hours (theirs and the viewer's) and next likely online time",
        params: idParams,
        querystring: availabilityQuery,
        response: { 200: availabilityResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => getAvailability(ctxOf(deps, request), request.params.id, request.query),
  );
};
export default overlapRoutes;
