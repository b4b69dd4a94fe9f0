import {
  blockDeleteResult,
  blockEditBody,
  blockEditResult,
  blockRestoreBody,
  paths,
} from '@overlap/contract/activity-blocks';
import { errorBody, idParams } from '@overlap/contract/common';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { deleteBlock, editBlock, restoreBlock } from './service.ts';

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
        description: 'The answer has an undoToken: POST it to /api/v1/activity-blocks/restore within 10 minutes.',
        params: idParams,
        response: { 200: blockDeleteResult, ...errors },
      },
    },
    async (request) => deleteBlock(ctxOf(deps, request), request.params.id),
  );

  app.post(
    paths.restore,
    {
      schema: {
        tags,
        summary: 'Undo the delete of an activity block: it comes back with its samples or events (manager)',
        body: blockRestoreBody,
        response: { 200: blockEditResult, ...errors },
      },
    },
    async (request) => restoreBlock(ctxOf(deps, request), request.body.undoToken),
  );
};
export default activityBlockRoutes;
