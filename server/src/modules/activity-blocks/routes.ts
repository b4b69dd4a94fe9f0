import { blockEditBody, blockEditResult } from '@overlap/contract/activity-blocks';
import { errorBody, idParams, successMessage } from '@overlap/contract/common';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { deleteBlock, editBlock } from './service.ts';

const tags = ['activity'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const activityBlockRoutes: AreaPlugin = async (app, { deps }) => {
  app.patch(
    '/api/v1/activity-blocks/:id',
    {
      schema: {
        tags,
        summary: 'Correct the start and end of an activity block (manager); the engine then leaves it alone',
        params: idParams,
        body: blockEditBody,
        response: { 200: blockEditResult, ...errors },
      },
    },
    async (request) => editBlock(ctxOf(deps, request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/activity-blocks/:id',
    {
      schema: {
        tags,
        summary: 'Delete an activity block and the presence samples it covered (manager)',
        params: idParams,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => deleteBlock(ctxOf(deps, request), request.params.id),
  );
};
export default activityBlockRoutes;
