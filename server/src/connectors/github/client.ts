import { ConnectorError, needsReauthorization, retryAfterSecondsOf } from '../errors.ts';
import { endpointOf } from '../http.ts';
import type { ConnectorTrace } from '../results.ts';

const REQUEST_TIMEOUT_MS = 30_000;

export interface GithubAnswer<T> {
  /** 304 (the ETag matched): nothing new, and the call did not count against the rate limit. */
  notModified: boolean;
  body: T | null;
  etag: string | null;
  /** Seconds GitHub asks pollers to wait before the next poll of this resource (X-Poll-Interval). */
  pollIntervalSeconds: number | null;
  /** The URL of the next page (Link rel="next"), if any. */
  next: string | null;
}

function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** Seconds until GitHub's rate limit resets (X-RateLimit-Reset, epoch seconds), or Retry-After. */
function rateLimitWait(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) return retryAfterSecondsOf(retryAfter);
  const reset = Number(headers.get('x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? Math.max(1, Math.ceil(reset - now / 1000)) : 60;
}

/**
 * One GET to the GitHub REST API with a token, recorded as an `api_call` debug event. Sends
 * `If-None-Match` when an ETag is given (a 304 answers `notModified`), reads `X-Poll-Interval` and
 * the `Link` header. 401 is `needs_reauthorization`; 429, or 403 with no requests left, is
 * `rate_limited` until the limit resets.
 */
export async function githubGet<T>(
  url: string,
  options: { token: string; etag?: string | null; trace: ConnectorTrace; now?: number },
): Promise<GithubAnswer<T>> {
  const endpoint = endpointOf(url);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${options.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'Overlap',
        ...(options.etag ? { 'if-none-match': options.etag } : {}),
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    options.trace.debug('api_call', { method: 'GET', endpoint, error: reason }, performance.now() - started);
    throw new ConnectorError('provider', `GitHub could not be reached: ${reason}`, { cause: err });
  }
  const remaining = response.headers.get('x-ratelimit-remaining');
  options.trace.debug(
    'api_call',
    {
      method: 'GET',
      endpoint,
      status: response.status,
      ...(remaining === null ? {} : { rateLimitRemaining: Number(remaining) }),
    },
    performance.now() - started,
  );
  const interval = Number(response.headers.get('x-poll-interval'));
  const common = {
    etag: response.headers.get('etag'),
    pollIntervalSeconds: Number.isFinite(interval) && interval > 0 ? interval : null,
    next: nextLink(response.headers.get('link')),
  };
  if (response.status === 304) return { notModified: true, body: null, ...common };
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.ok) {
    if (json === undefined) {
      throw new ConnectorError('malformed', `GitHub answered ${endpoint} with a body that is not JSON`, {
        status: response.status,
      });
    }
    return { notModified: false, body: json as T, ...common };
  }
  const detail = (json as { message?: string } | undefined)?.message ?? (text.slice(0, 300) || response.statusText);
  const message = `GitHub answered ${response.status}: ${detail}`;
  if (response.status === 401) throw needsReauthorization(message, 401);
  if (response.status === 429 || (response.status === 403 && remaining === '0')) {
    throw new ConnectorError('rate_limited', message, {
      status: response.status,
      retryAfterSeconds: rateLimitWait(response.headers, options.now ?? Date.now()),
    });
  }
  throw new ConnectorError('provider', message, { status: response.status });
}
