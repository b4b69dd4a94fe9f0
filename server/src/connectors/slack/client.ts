import { ErrorCode, type Logger, LogLevel, WebClient } from '@slack/web-api';
import { ConnectorError, needsReauthorization } from '../errors.ts';
import type { ConnectorTrace } from '../results.ts';

/** Platform errors that mean the grant is gone: the owner has to authorize again. */
const REAUTHORIZE_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'token_expired',
  'account_inactive',
  'missing_scope',
  'no_permission',
]);

const quietLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => LogLevel.ERROR,
  setName() {},
};

/**
 * A Slack Web API client aimed at `apiUrl` (SLACK_API_URL). It never retries on its own and
 * rejects rate-limited calls, so the sweep decides how to obey Retry-After.
 */
export function slackClient(token: string, apiUrl: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: quietLogger,
    timeout: 30_000,
  });
}

interface SlackLikeError {
  code?: string;
  data?: { error?: string };
  retryAfter?: number;
  statusCode?: number;
  original?: Error;
}

/** A Slack SDK error as a ConnectorError the pipeline understands. */
export function toConnectorError(err: unknown): ConnectorError {
  const e = (err ?? {}) as SlackLikeError;
  switch (e.code) {
    case ErrorCode.PlatformError: {
      const code = e.data?.error ?? 'unknown_error';
      const message = `Slack answered ${code}`;
      return REAUTHORIZE_ERRORS.has(code) ? needsReauthorization(message) : new ConnectorError('provider', message);
    }
    case ErrorCode.RateLimitedError:
      return new ConnectorError('rate_limited', `Slack is rate limiting (retry after ${e.retryAfter ?? 60} s)`, {
        status: 429,
        retryAfterSeconds: e.retryAfter ?? 60,
      });
    case ErrorCode.HTTPError:
      return e.statusCode === 401
        ? needsReauthorization('Slack answered 401', 401)
        : new ConnectorError('provider', `Slack answered HTTP ${e.statusCode}`, { status: e.statusCode ?? null });
    case ErrorCode.RequestError:
      return new ConnectorError('provider', `Slack could not be reached: ${e.original?.message ?? 'request failed'}`);
    default:
      return new ConnectorError('malformed', `Slack call failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** One Web API method call, recorded as an api_call debug event; SDK errors become ConnectorErrors. */
export async function callSlack<T>(trace: ConnectorTrace, method: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    trace.debug('api_call', { method: 'POST', endpoint: method, status: 200 }, performance.now() - started);
    return result;
  } catch (err) {
    const error = toConnectorError(err);
    trace.debug(
      'api_call',
      { method: 'POST', endpoint: method, status: error.status ?? 200, error: error.message },
      performance.now() - started,
    );
    throw error;
  }
}
