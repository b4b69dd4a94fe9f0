import { ApiError } from '../../../api/client';
import { NETWORK_ERROR } from './validation';

/** The text shown for a failed auth call: the network sentence, the server's message, or a fallback. */
export function errorText(err: unknown, fallback: string, options: { useServerMessage?: boolean } = {}): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK_ERROR;
    if (
      options.useServerMessage !== false &&
      err.status < 500 &&
      err.message &&
      !err.message.startsWith('Request failed')
    ) {
      return err.message;
    }
  }
  return fallback;
}

/** The error code in the server's JSON error body, if any. */
export function errorCode(err: unknown): string | undefined {
  if (err instanceof ApiError && err.body && typeof err.body === 'object') {
    const code = (err.body as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
