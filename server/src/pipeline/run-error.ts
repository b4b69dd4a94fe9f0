import { oauthProviderNames } from '@overlap/contract/oauth';
import { ConnectorError } from '../connectors/errors.ts';

const nameOf = (provider: string) =>
  (oauthProviderNames as Record<string, string>)[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * What a failed run says: the provider's own message for a provider failure, a plain sentence for
 * a revoked grant, and never our SQL (a storage failure is logged on the server instead).
 */
export function runErrorMessage(provider: string, err: unknown): string {
  if (err instanceof ConnectorError) {
    return err.kind === 'needs_reauthorization'
      ? `${nameOf(provider)} needs re-authorization: ${err.message}`
      : err.message;
  }
  console.error(`[poll] ${provider} run failed:`, err);
  const message = err instanceof Error ? err.message : String(err);
  const fromDatabase =
    message.startsWith('Failed query') ||
    (err instanceof Error && err.cause !== undefined && 'code' in (err.cause as object));
  return fromDatabase ? 'Overlap could not store the results of this poll; it will try again.' : message;
}
