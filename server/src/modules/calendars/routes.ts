import { weeklyData, weekQuery, yearlyData, yearQuery } from '@overlap/contract/calendars';
import { idParams } from '@overlap/contract/common';
import { plainJsonResponse } from '../../lib/plain-json.ts';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getPersonWeek } from './week-service.ts';
import { getPersonYear } from './year-service.ts';

const calendarRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/people/:id/week',
    {
      ...plainJsonResponse,
      schema: {
        tags: ['calendars'],
        summary: "A person's Monday-to-Sunday week, days cut in the person's timezone",
        params: idParams,
        querystring: weekQuery,
        response: { 200: weeklyData },
      },
    },
    async (request) => getPersonWeek(ctxOf(deps, request), request.params.id, request.query.date),
  );

  app.get(
    '/api/v1/people/:id/year',
    {
      ...plainJsonResponse,
      schema: {
        tags: ['calendars'],
        summary: "A person's year of daily summaries (from the daily rollups)",
        params: idParams,
        querystring: yearQuery,
        response: { 200: yearlyData },
      },
    },
    async (request) => getPersonYear(ctxOf(deps, request), request.params.id, request.query.year),
  );
};
export default calendarRoutes;
