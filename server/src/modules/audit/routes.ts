import { auditLogPage, auditLogQuery, paths } from '@overlap/contract/audit';
import { errorBody } from '@overlap/contract/common';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { getAuditLog } from './service.ts';

const auditRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.auditLog,
    {
      schema: {
        tags: ['account'],
        summary:
          "The account's audit log, newest first: every write an operator made while impersonating, and more (managers)",
        querystring: auditLogQuery,
        response: { 200: auditLogPage, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => getAuditLog(ctxOf(deps, request), request.query),
  );
};
export default auditRoutes;
