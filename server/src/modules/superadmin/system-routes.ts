import { errorBody } from '@overlap/contract/common';
import { buildInfo, paths, sentryTestResult, stopImpersonationResult } from '@overlap/contract/superadmin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../core/context.ts';
import { ctxOf } from '../area.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/session.ts';
import { stopImpersonation } from './impersonation-service.ts';
import { getBuildInfo, sendSentryTest } from './system-service.ts';

const tags = ['superadmin'];
const refused = { 401: errorBody, 403: errorBody };

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    paths.sentryTest,
    {
      schema: {
        tags,
        summary: 'Send a test event to Sentry; says whether it was accepted, or that no DSN is configured',
        response: { 200: sentryTestResult, ...refused },
      },
    },
    async (request) => sendSentryTest(ctxOf(deps, request)),
  );

  r.get(
    paths.buildInfo,
    {
      schema: {
        tags,
        summary: 'What is running: version, commit, branch, author, deploy',
        response: { 200: buildInfo, ...refused },
      },
    },
    async (request) => getBuildInfo(ctxOf(deps, request)),
  );

  r.post(
    paths.stopImpersonation,
    {
      schema: {
        tags,
        summary: "End the impersonation and get the operator's own session back",
        response: { 200: stopImpersonationResult, 401: errorBody, 409: errorBody },
      },
      config: { skipImpersonationAudit: true, allowTerminated: true, allowSuspendedWrite: true },
    },
    async (request, reply) => {
      const { token, redirectTo } = await stopImpersonation(ctxOf(deps, request), {
        userAgent: request.headers['user-agent'],
      });
      if (token) setSessionCookie(deps, reply, token);
      else clearSessionCookie(reply);
      return { redirectTo };
    },
  );
}
