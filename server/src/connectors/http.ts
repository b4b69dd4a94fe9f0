import { ConnectorError, needsReauthorization, retryAfterSecondsOf } from './errors.ts';
import type { ConnectorTrace } from './results.ts';

export interface JsonRequest {
  method?: 'GET' | 'POST';
  url: string | URL;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface JsonClientOptions {
  /** Shown in messages: 'Microsoft Graph answered 403: ...'. */
  provider: string;
  trace: ConnectorTrace;
  /** The provider's own error text in an error body, when it has one. */
  messageOf?: (body: unknown) => string | null;
  timeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

/** Path and query of a URL, for the run log (never a token: tokens travel in headers). */
export function endpointOf(url: string | URL): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

async function readBody(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  if (text === '') return { text, json: null };
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    return { text, json: undefined };
  }
}

/**
 * One JSON call to a provider's HTTP API, recorded as an `api_call` debug event. Answers the parsed
 * body; a 401 becomes `needs_reauthorization`, a 429 `rate_limited` with its Retry-After, any other
 * refusal a `provider` error carrying the provider's message, and a body that is not JSON `malformed`.
 */
export async function requestJson<T>(options: JsonClientOptions, request: JsonRequest): Promise<T> {
  const method = request.method ?? 'GET';
  const endpoint = endpointOf(request.url);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(request.url, {
      method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    options.trace.debug('api_call', { method, endpoint, error: reason }, performance.now() - started);
    throw new ConnectorError('provider', `${options.provider} could not be reached: ${reason}`, { cause: err });
  }
  const body = await readBody(response);
  options.trace.debug('api_call', { method, endpoint, status: response.status }, performance.now() - started);
  if (response.ok) {
    if (body.json === undefined || body.json === null) {
      throw new ConnectorError('malformed', `${options.provider} answered ${endpoint} with a body that is not JSON`, {
        status: response.status,
      });
    }
    return body.json as T;
  }
  const detail =
    (body.json !== undefined && options.messageOf?.(body.json)) || body.text.slice(0, 300) || response.statusText;
  const message = `${options.provider} answered ${response.status}: ${detail}`;
  if (response.status === 401) throw needsReauthorization(message, 401);
  if (response.status === 429) {
    throw new ConnectorError('rate_limited', message, {
      status: 429,
      retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
    });
  }
  throw new ConnectorError('provider', message, { status: response.status });
}
