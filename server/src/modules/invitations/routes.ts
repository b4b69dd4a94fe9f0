import { errorBody } from '@overlap/contract/common';
import {
  acceptInvitationBody,
  acceptInvitationResult,
  invitationInfo,
  invitationParams,
} from '@overlap/contract/users';
import type { AreaPlugin } from '../area.ts';
import { sessionToken, setSessionCookie } from '../auth/session.ts';
import { acceptInvitation, getInvitation } from './service.ts';

const tags = ['invitations'];

const invitationRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/invitations/:token',
    {
      schema: {
        tags,
        summary: 'The invited email, account name and role of an open invitation',
        params: invitationParams,
        response: { 200: invitationInfo, 400: errorBody, 404: errorBody },
      },
      config: { allowTerminated: true },
    },
    async (request) => getInvitation(deps, request.params.token),
  );

  app.post(
    '/api/v1/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: set a password and sign in',
        params: invitationParams,
        body: acceptInvitationBody,
        response: { 200: acceptInvitationResult, 400: errorBody, 404: errorBody },
      },
      config: { allowTerminated: true, allowSuspendedWrite: true },
    },
    async (request, reply) => {
      const { result, sessionToken: token } = await acceptInvitation(
        { deps, ip: request.ip, userAgent: request.headers['user-agent'], currentSessionToken: sessionToken(request) },
        request.params.token,
        request.body.password,
      );
      setSessionCookie(deps, reply, token);
      return result;
    },
  );
};
export default invitationRoutes;
