import type { ErrorBody } from '@overlap/contract/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors.ts';

const defaultSentences: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Authentication required',
  403: 'You do not have permission to do this.',
  404: 'Not found',
  409: 'The request conflicts with the current state.',
  413: 'The request body is too large.',
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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.extra.retryAfterSeconds));
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.code, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = (err as { validationContext?: string }).validationContext;
      const details = err.validation.map((v) => ({
        field: fieldName(v.instancePath, context),
        message: v.message ?? 'is not valid',
      }));
      const first = details[0];
      const message =
        details.length === 1 && first
          ? `${first.field}: ${first.message}`
          : `${details.length} fields are not valid: ${details.map((d) => d.field).join(', ')}`;
      return reply.status(400).send(errorBody(400, 'VALIDATION_FAILED', message, { details }));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'INTERNAL', defaultSentences[500] as string));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send(errorBody(status, 'INTERNAL', defaultSentences[500] as string));
    }
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 400
              ? 'BAD_REQUEST'
              : (err.code ?? 'ERROR');
    const message = status === 400 && err.message ? `body: ${err.message}` : (defaultSentences[status] ?? err.message);
    return reply.status(status).send(errorBody(status, code, message));
  });
}
