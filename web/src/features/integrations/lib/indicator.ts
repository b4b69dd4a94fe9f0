import type { IntegrationSummary } from '@overlap/contract/integrations';

export type IndicatorState = 'offline' | 'disabled' | 'stale' | 'online';

/**
 * The health of an integration on the account page (spec 001 §2): offline when not active, else
 * service disabled (nothing can run, so that is the reason worth showing before staleness), else
 * stale when no run in the last hour, else online.
 */
export function indicatorState(
  integration: Pick<IntegrationSummary, 'status' | 'isStale'> & { service: { enabled: boolean } },
): IndicatorState {
  if (integration.status !== 'active') return 'offline';
  if (!integration.service.enabled) return 'disabled';
  if (integration.isStale) return 'stale';
  return 'online';
}

export const indicatorLabels: Record<IndicatorState, string> = {
  offline: 'Offline',
  disabled: 'Service disabled',
  stale: 'Stale',
  online: 'Online',
};

export const indicatorHints: Record<IndicatorState, string> = {
  offline: 'Stopped: it receives and fetches no data.',
  disabled: 'Its service has been disabled by the operator.',
  stale: "Running, but it hasn't run in the last hour.",
  online: 'Running and up to date.',
};

/** The stale banner text of spec 001 §9: 'N integration(s) haven't/hasn't run in the last hour'. */
export function staleIntegrationsText(count: number): string {
  return count === 1
    ? "1 integration hasn't run in the last hour"
    : `${count} integrations haven't run in the last hour`;
}
