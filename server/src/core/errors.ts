export type FieldProblem = { field: string; message: string };

/** Every `code` the server answers in an error body; a new one is added here first. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF',
  'ACCOUNT_SUSPENDED',
  'UPGRADE_REQUIRED',
  'NOT_FOUND',
  'INVITATION_INVALID',
  'CONFLICT',
  'EMAIL_TAKEN',
  'PENDING_INVITATION',
  'NOT_PENDING',
  'SELF_DISABLE',
  'LAST_MANAGER',
  'ALREADY_CONFIRMED',
  'PLAN_LIMIT',
  'WEBHOOK_LIMIT',
  'CHAT_APP_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'RATE_LIMITED',
  'OAUTH_NOT_CONFIGURED',
  'INVALID_STATE',
  'OWN_ACCOUNT',
  'NOT_TERMINATED',
  'ACCOUNT_NOT_ACTIVE',
  'NO_ADMIN_USER',
  'NOT_IMPERSONATING',
  'PROVIDER_TAKEN',
  'SERVICE_IN_USE',
  'STRIPE_UNAVAILABLE',
  'UNASSIGNED_LIMIT',
  'CARD_DECLINED',
  'CHECKOUT_COMPLETE',
  'CHECKOUT_EXPIRED',
  'SUBSCRIBED',
  'NO_PRICE',
  'INVALID_SIGNATURE',
  'PAYMENT_PROVIDER_ERROR',
  'PROVIDER_ERROR',
  'PROVIDER_RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error a route or service throws on purpose; the handler turns it into the error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { error?: string; details?: FieldProblem[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: FieldProblem[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, { details });
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', `${field}: ${message}`, { details: [{ field, message }] });
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, 'RATE_LIMITED', message, { retryAfterSeconds });

/** A refusal by the plan; the client asks 'Would you like to upgrade your plan?' (spec 001 §8). */
export const upgradeRequired = (message: string) => new AppError(403, 'UPGRADE_REQUIRED', message);

export const SUSPENDED_MESSAGE =
  'Your account has been suspended. Please visit your account settings to resolve this issue.';

/** A suspended or terminated account refused (spec: 403 with the suspension sentence). */
export function accountBlocked(message = SUSPENDED_MESSAGE): AppError {
  return new AppError(403, 'ACCOUNT_SUSPENDED', message);
}
