import { idParams } from '@overlap/contract/common';
import {
  personIntegrationBlocks,
  personIntegrationDetail,
  personIntegrationEvents,
  personIntegrationListQuery,
} from '@overlap/contract/people';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getPersonIntegration, listPersonIntegrationBlocks, listPersonIntegrationEvents } from './service.ts';

const tags = ['people'];

const personIntegrationRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/people-integrations/:id',
    {
      schema: {
        tags,
        summary: "A person's identity in one integration",
        params: idParams,
        response: { 200: personIntegrationDetail },
      },
    },
    async (request) => getPersonIntegration(ctxOf(deps, request), request.params.id),
  );

  app.get(
    '/api/v1/people-integrations/:id/events',
    {
      schema: {
        tags,
        summary: 'Events of one person-integration, newest first',
        params: idParams,
        querystring: personIntegrationListQuery,
        response: { 200: personIntegrationEvents },
      },
    },
    async (request) => listPersonIntegrationEvents(ctxOf(deps, request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/people-integrations/:id/activity-blocks',
    {
      schema: {
        tags,
        summary: 'Activity blocks of one person-integration, newest first',
        params: idParams,
        querystring: personIntegrationListQuery,
        response: { 200: personIntegrationBlocks },
      },
    },
    async (request) => listPersonIntegrationBlocks(ctxOf(deps, request), request.params.id, request.query),
  );
};
export default personIntegrationRoutes;
