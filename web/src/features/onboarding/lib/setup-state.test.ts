import type { OnboardingState } from '@overlap/contract/onboarding';
import { describe, expect, it } from 'vitest';
import {
  customChatAppName,
  hasActiveIntegration,
  isUuid,
  newestChatIntegration,
  type OnboardingIntegration,
  POLL_LIMIT_MS,
  phaseAfterSelect,
  pollingExpired,
  stepOneRedirect,
  stepTwoRedirect,
} from './setup-state';

const integration = (over: Partial<OnboardingIntegration> = {}): OnboardingIntegration => ({
  id: '6f1c2a44-5b1e-4a3c-9d2e-0c1b2a3d4e5f',
  name: 'Mattermost',
  status: 'active',
  provider: 'mattermost',
  isActivated: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

const stateWith = (integrations: OnboardingIntegration[], completed = false): OnboardingState => ({
  onboarding: { completed, nextAction: completed ? 'none' : 'onboarding' },
  account: { integrations, plan: 'free' },
});

const created = (status: 'active' | 'inactive', apiKey: string | null, message = 'Integration created') => ({
  message,
  apiKey,
  integration: { id: '6f1c2a44-5b1e-4a3c-9d2e-0c1b2a3d4e5f', status, apiKey },
});

describe('phaseAfterSelect', () => {
  it('connects oauth apps, waits for token apps with a key, and connects demo at once', () => {
    expect(phaseAfterSelect('oauth', created('inactive', null))).toBe('connecting');
    expect(phaseAfterSelect('token', created('active', 'ovl_key'))).toBe('waiting');
    expect(phaseAfterSelect('none', created('active', null))).toBe('connected');
  });

  it('derives an existing integration from its status', () => {
    const exists = 'Integration already exists';
    expect(phaseAfterSelect('oauth', created('active', null, exists))).toBe('connected');
    expect(phaseAfterSelect('oauth', created('inactive', null, exists))).toBe('connecting');
    expect(phaseAfterSelect('none', created('inactive', null, exists))).toBe('connected');
    // A token app polls even when active: the first poll says whether data already arrived.
    expect(phaseAfterSelect('token', created('active', 'ovl_key', exists))).toBe('waiting');
  });
});

describe('newestChatIntegration', () => {
  it('restores the newest chat integration and ignores other providers', () => {
    const older = integration({ id: 'a', createdAt: '2026-01-01T10:00:00.000Z', provider: 'demo' });
    const newer = integration({ id: 'b', createdAt: '2026-01-02T10:00:00.000Z', provider: 'mattermost' });
    const github = integration({ id: 'c', createdAt: '2026-01-03T10:00:00.000Z', provider: 'github' });
    expect(newestChatIntegration([older, github, newer])?.id).toBe('b');
    expect(newestChatIntegration([github])).toBeNull();
    expect(newestChatIntegration([])).toBeNull();
  });
});

describe('step redirects', () => {
  it('sends a completed onboarding home from both steps', () => {
    expect(stepOneRedirect(stateWith([], true), null)).toBe('/');
    expect(stepTwoRedirect(stateWith([], true))).toBe('/');
  });

  it('skips step 1 once an integration delivers data, unless forced', () => {
    const done = stateWith([integration({ isActivated: true })]);
    expect(stepOneRedirect(done, null)).toBe('/onboarding/step2');
    expect(stepOneRedirect(done, 'true')).toBeNull();
    expect(stepTwoRedirect(done)).toBeNull();
  });

  it('keeps step 2 locked while the token integration has sent nothing', () => {
    const waiting = stateWith([integration({ isActivated: false })]);
    expect(hasActiveIntegration(waiting)).toBe(false);
    expect(stepOneRedirect(waiting, null)).toBeNull();
    expect(stepTwoRedirect(waiting)).toBe('/onboarding/step1');
  });

  it('counts an active demo source as done and a stopped one as not', () => {
    expect(hasActiveIntegration(stateWith([integration({ provider: 'demo' })]))).toBe(true);
    expect(hasActiveIntegration(stateWith([integration({ provider: 'demo', status: 'inactive' })]))).toBe(false);
  });

  it('stays put while the state is unknown', () => {
    expect(stepOneRedirect(null, null)).toBeNull();
    expect(stepTwoRedirect(undefined)).toBeNull();
  });
});

describe('small rules', () => {
  it('sends the custom chat app name only when it is not blank', () => {
    expect(customChatAppName('  Rocket.Chat  ')).toBe('Rocket.Chat');
    expect(customChatAppName('   ')).toBeNull();
    expect(customChatAppName('')).toBeNull();
  });

  it('recognises integration ids', () => {
    expect(isUuid('6f1c2a44-5b1e-4a3c-9d2e-0c1b2a3d4e5f')).toBe(true);
    expect(isUuid('not-an-id')).toBe(false);
  });

  it('stops polling after five minutes', () => {
    expect(POLL_LIMIT_MS).toBe(300_000);
    expect(pollingExpired(0, 299_999)).toBe(false);
    expect(pollingExpired(0, 300_000)).toBe(true);
  });
});
