import type { ErrorBody } from '@overlap/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors.ts';

const defaultSentences: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Authentication required',
  403: 'You do not have permission to do this.',
  404: 'Not found',
  409: 'The request conflicts with the current state.',
  413: 'The request body is too large.',
  414: 'The address of the request is too long.',
  415: 'The request must be sent as JSON.',
  429: 'Too many requests. Please wait and try again.',
  500: 'Something went wrong on our side. Please try again.',
};

export function errorBody(statusCode: number, code: string, message: string, extra: AppError['extra'] = {}): ErrorBody {
  return {
    statusCode,
    code,
    error: extra.error ?? defaultSentences[statusCode] ?? message,
    message,
    ...(extra.details ? { details: extra.details } : {}),
    ...(extra.retryAfterSeconds !== undefined ? { retryAfterSeconds: extra.retryAfterSeconds } : {}),
  };
}

function fieldName(instancePath: string, fallback?: string): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || fallback || 'body';
}

const FRAMEWORK_REFUSALS: Record<number, { code: string; field: string; problem: string }> = {
  400: { code: 'BAD_REQUEST', field: 'body', problem: 'must be valid JSON' },
  413: { code: 'PAYLOAD_TOO_LARGE', field: 'body', problem: 'is too large' },
  414: { code: 'URI_TOO_LONG', field: 'path', problem: 'is too long' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', field: 'content-type', problem: 'must be application/json' },
};

/**
 * Fastify's router refusals (a path segment longer than `maxParamLength`, a malformed URL), which
 * never reach the error handler, in the same shape: no echo of the URL.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode === 414 ? 414 : 400;
  const field = 'path';
  const problem = status === 414 ? 'is too long' : 'is not a valid address';
  reply.status(status).send(
    errorBody(status, status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST', `${field}: ${problem}`, {
      details: [{ field, message: problem }],
    }),
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.extra.retryAfterSeconds));
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.code, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = (err as { validationContext?: string }).validationContext;
      // One entry per field: a value breaking two rules (too short and no digit) is named once.
      const details: { field: string; message: string }[] = [];
      for (const v of err.validation) {
        const field = fieldName(v.instancePath, context);
        if (!details.some((d) => d.field === field)) details.push({ field, message: v.message ?? 'is not valid' });
      }
      const first = details[0];
      const message =
        details.length === 1 && first
          ? `${first.field}: ${first.message}`
          : `${details.length} fields are not valid: ${details.map((d) => d.field).join(', ')}`;
      return reply.status(400).send(errorBody(400, 'VALIDATION_FAILED', message, { details }));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      request.server.deps?.errors.capture(err);
      return reply.status(500).send(errorBody(500, 'INTERNAL', defaultSentences[500] as string));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      request.server.deps?.errors.capture(err);
      return reply.status(status).send(errorBody(status, 'INTERNAL', defaultSentences[500] as string));
    }
    // Fastify's own refusals (body parsing, size, media type) in the one shape, echoing no input.
    const framework = FRAMEWORK_REFUSALS[status];
    if (framework) {
      const { field, problem } = framework;
      return reply
        .status(status)
        .send(errorBody(status, framework.code, `${field}: ${problem}`, { details: [{ field, message: problem }] }));
    }
    const code = status === 429 ? 'RATE_LIMITED' : 'ERROR';
    const message = defaultSentences[status] ?? 'The request was refused.';
    return reply.status(status).send(errorBody(status, code, message));
  });
}
