import { ConnectorError, needsReauthorization } from '../errors.ts';
import { type JsonRequest, requestJson } from '../http.ts';
import type { ConnectorTrace } from '../results.ts';

function graphMessage(body: unknown): string | null {
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  if (!error) return null;
  return [error.code, error.message].filter(Boolean).join(': ') || null;
}

/**
 * One Microsoft Graph call with the delegated token. A 403 means the grant lacks a permission
 * (User.Read.All, Presence.Read.All): consent has to be given again, like a revoked grant.
 */
export async function callGraph<T>(trace: ConnectorTrace, token: string, request: JsonRequest): Promise<T> {
  try {
    return await requestJson<T>(
      { provider: 'Microsoft Graph', trace, messageOf: graphMessage },
      { ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } },
    );
  } catch (err) {
    if (err instanceof ConnectorError && err.status === 403) throw needsReauthorization(err.message, 403);
    throw err;
  }
}

/** `${graphUrl}/v1.0/${path}` whatever slashes MICROSOFT_GRAPH_URL ends with. */
export const graphEndpoint = (graphUrl: string, path: string) => `${graphUrl.replace(/\/+$/, '')}/v1.0/${path}`;
