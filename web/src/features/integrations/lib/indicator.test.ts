import { describe, expect, it } from 'vitest';
import { indicatorState, staleIntegrationsText } from './indicator';

const of = (status: 'active' | 'inactive', isStale: boolean, enabled: boolean) =>
  indicatorState({ status, isStale, service: { enabled } });

describe('indicatorState', () => {
  it('is offline whenever the integration is not active', () => {
    expect(of('inactive', false, true)).toBe('offline');
    expect(of('inactive', true, false)).toBe('offline');
  });
  it('names a disabled service before staleness', () => {
    expect(of('active', true, false)).toBe('disabled');
    expect(of('active', false, false)).toBe('disabled');
  });
  it('is stale when running without a run in the last hour', () => {
    expect(of('active', true, true)).toBe('stale');
  });
  it('is online otherwise', () => {
    expect(of('active', false, true)).toBe('online');
  });
});

describe('staleIntegrationsText', () => {
  it('uses the singular for one integration', () => {
    expect(staleIntegrationsText(1)).toBe("1 integration hasn't run in the last hour");
  });
  it('uses the plural otherwise', () => {
    expect(staleIntegrationsText(3)).toBe("3 integrations haven't run in the last hour");
  });
});
