import { errorBody, idParams, successMessage } from '@overlap/contract/common';
import { inviteBody, roleBody, userList, userResult } from '@overlap/contract/users';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { changeRole, deleteInvitation, inviteUser, listUsers, resendInvitation } from './service.ts';

const tags = ['users'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const userRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/users',
    {
      schema: {
        tags,
        summary: "The account's users, including pending invitations",
        response: { 200: userList, ...errors },
      },
    },
    async (request) => listUsers(ctxOf(deps, request)),
  );

  app.post(
    '/api/v1/users/invite',
    {
      schema: {
        tags,
        summary: 'Invite a user (manager only); mails a link valid for 7 days',
        body: inviteBody,
        response: { 201: userResult, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(ctxOf(deps, request), request.body)),
  );

  app.post(
    '/api/v1/users/:id/resend-invitation',
    {
      schema: {
        tags,
        summary: 'Send a pending invitation again (60-second cooldown)',
        params: idParams,
        response: { 200: userResult, ...errors, 429: errorBody },
      },
    },
    async (request) => resendInvitation(ctxOf(deps, request), request.params.id),
  );

  app.patch(
    '/api/v1/users/:id/role',
    {
      schema: {
        tags,
        summary: 'Promote, demote, disable or enable a user',
        params: idParams,
        body: roleBody,
        response: { 200: userResult, ...errors },
      },
    },
    async (request) => changeRole(ctxOf(deps, request), request.params.id, request.body.role),
  );

  app.delete(
    '/api/v1/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending invitation',
        params: idParams,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => deleteInvitation(ctxOf(deps, request), request.params.id),
  );
};
export default userRoutes;
