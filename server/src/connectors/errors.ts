/**
 * Why a provider call failed, in terms the pipeline acts on:
 * - `needs_reauthorization`: the grant was revoked or expired (401, invalid_auth); polling stops
 *   until the owner authorizes again.
 * - `rate_limited`: the provider said to wait (`retryAfterSeconds`).
 * - `provider`: any other refusal, with the provider's own message.
 * - `malformed`: an answer that is not what the provider documents.
 * - `configuration`: something missing on our side (no token, no server URL).
 */
export type ConnectorErrorKind = 'needs_reauthorization' | 'rate_limited' | 'provider' | 'malformed' | 'configuration';

export class ConnectorError extends Error {
  readonly kind: ConnectorErrorKind;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  constructor(
    kind: ConnectorErrorKind,
    message: string,
    options: { status?: number | null; retryAfterSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ConnectorError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export const needsReauthorization = (message: string, status: number | null = null) =>
  new ConnectorError('needs_reauthorization', message, { status });

export const isConnectorError = (error: unknown, kind?: ConnectorErrorKind): error is ConnectorError =>
  error instanceof ConnectorError && (kind === undefined || error.kind === kind);

/** Seconds from a Retry-After header (delta seconds or an HTTP date); `fallback` when absent or unreadable. */
export function retryAfterSecondsOf(header: string | null | undefined, fallback = 60, now = Date.now()): number {
  if (!header) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  return fallback;
}
