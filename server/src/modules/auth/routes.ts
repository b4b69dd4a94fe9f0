import {
  authStatus,
  confirmationResult,
  confirmCodeBody,
  confirmEmailBody,
  emailOnlyBody,
  impersonationStatus,
  loginBody,
  passwordResult,
  paths,
  resetPasswordBody,
  setPasswordBody,
  signupBody,
} from '@overlap/contract/auth';
import { errorBody, successMessage } from '@overlap/contract/common';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../core/context.ts';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { confirmCode, confirmEmail } from './confirmation-service.ts';
import { logIn } from './login-service.ts';
import type { RequestMeta } from './meta.ts';
import { forgotPassword, resetPassword, setPassword } from './password-service.ts';
import { findSessionUser } from './queries.ts';
import { clearSessionCookie, revokeSession, sessionToken, setSessionCookie } from './session.ts';
import { resendConfirmation, signUp } from './signup-service.ts';

const tags = ['auth'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
/** Auth calls stay usable for terminated accounts, and for suspended ones where they write. */
const open = { allowTerminated: true, allowSuspendedWrite: true };

const metaOf = (deps: AppDeps, request: FastifyRequest): RequestMeta => ({
  deps,
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  currentSessionToken: sessionToken(request),
});

const authRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.status,
    {
      schema: {
        tags,
        summary: 'The signed-in user (401 without a session)',
        response: { 200: authStatus, 401: errorBody },
      },
      config: open,
    },
    async (request) => ({ user: await findSessionUser(deps.database.db, ctxOf(deps, request).userId) }),
  );

  app.post(
    paths.login,
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: authStatus, ...errors },
      },
      config: open,
    },
    async (request, reply) => {
      const { user, sessionToken: token } = await logIn(metaOf(deps, request), request.body);
      setSessionCookie(deps, reply, token);
      return { user };
    },
  );

  app.post(
    paths.logout,
    { schema: { tags, summary: 'Sign out (ends this session)', response: { 200: successMessage } }, config: open },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await revokeSession(deps.database.db, token);
      clearSessionCookie(reply);
      return { success: true, message: 'Logged out' };
    },
  );

  app.post(
    paths.signup,
    {
      schema: {
        tags,
        summary: 'Create a pending account and mail a confirmation (same answer for every address)',
        body: signupBody,
        response: { 200: successMessage, ...errors },
      },
      config: open,
    },
    async (request) => signUp(metaOf(deps, request), request.body),
  );

  app.post(
    paths.confirmEmail,
    {
      schema: {
        tags,
        summary: 'Confirm an address with the emailed link',
        body: confirmEmailBody,
        response: { 200: confirmationResult, ...errors },
      },
      config: open,
    },
    async (request) => confirmEmail(metaOf(deps, request), request.body),
  );

  app.post(
    paths.confirmCode,
    {
      schema: {
        tags,
        summary: 'Confirm an address with the 6-digit code',
        body: confirmCodeBody,
        response: { 200: confirmationResult, ...errors },
      },
      config: open,
    },
    async (request) => confirmCode(metaOf(deps, request), request.body),
  );

  app.post(
    paths.resendConfirmation,
    {
      schema: {
        tags,
        summary: 'Mail a new confirmation link and code',
        body: emailOnlyBody,
        response: { 200: successMessage, ...errors },
      },
      config: open,
    },
    async (request) => resendConfirmation(metaOf(deps, request), request.body.email),
  );

  app.post(
    paths.setPassword,
    {
      schema: {
        tags,
        summary: 'Set the first password (token from the confirmation, or own session) and sign in',
        body: setPasswordBody,
        response: { 200: passwordResult, ...errors },
      },
      config: open,
    },
    async (request, reply) => {
      const { result, sessionToken: token } = await setPassword(metaOf(deps, request), request.actor, request.body);
      setSessionCookie(deps, reply, token);
      return result;
    },
  );

  app.post(
    paths.forgotPassword,
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for every address)',
        body: emailOnlyBody,
        response: { 200: successMessage, ...errors },
      },
      config: open,
    },
    async (request) => forgotPassword(metaOf(deps, request), request.body.email),
  );

  app.post(
    paths.resetPassword,
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; signs out every session',
        body: resetPasswordBody,
        response: { 200: passwordResult, ...errors },
      },
      config: open,
    },
    async (request, reply) => {
      const result = await resetPassword(metaOf(deps, request), request.body);
      if (request.actor?.email.toLowerCase() === request.body.email) clearSessionCookie(reply);
      return result;
    },
  );

  app.get(
    paths.impersonationStatus,
    {
      schema: {
        tags,
        summary: 'Whether an operator is acting as this user',
        response: { 200: impersonationStatus, 401: errorBody },
      },
      config: open,
    },
    async (request) => {
      const ctx = ctxOf(deps, request);
      const impersonating = Boolean(ctx.impersonatorId);
      return {
        isImpersonating: impersonating,
        accountName: impersonating ? ctx.accountName : null,
        userEmail: impersonating ? ctx.email : null,
      };
    },
  );
};
export default authRoutes;
