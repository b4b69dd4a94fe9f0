import { describe, expect, it } from 'vitest';
import { lockReason, plainSummary } from './plan-lock';

const chat = { archivedAt: null, service: { category: 'chat', provider: 'mattermost' } } as never;
const custom = { archivedAt: null, service: { category: 'chat', provider: 'custom' } } as never;
const dev = { archivedAt: null, service: { category: 'development', provider: 'gitlab' } } as never;
const archivedChat = { archivedAt: '2026-01-01T00:00:00Z', service: { category: 'chat', provider: 'slack' } } as never;
const free = { planId: 'free', planName: 'Free', maxIntegrations: 1, maxCustomIntegrations: 0 };
const startup = { planId: 'startup', planName: 'Startup', maxIntegrations: 2, maxCustomIntegrations: 0 };
const business = { planId: 'business', planName: 'Business', maxIntegrations: -1, maxCustomIntegrations: 1 };
const CHAT = { category: 'chat', provider: 'mattermost' };
const DEV = { category: 'development', provider: 'gitlab' };
const CUSTOM = { category: 'chat', provider: 'custom' };

describe('lockReason', () => {
  it('allows one chat integration on the free plan', () => {
    expect(lockReason(CHAT, free, [])).toBeNull();
    expect(lockReason(CHAT, free, [chat])).toBe('Free plan allows only 1 chat integration');
    expect(lockReason(CHAT, { ...free, planId: '' }, [chat])).toBe('Free plan allows only 1 chat integration');
  });
  it('does not limit other categories on the free plan', () => {
    expect(lockReason(DEV, free, [chat, dev])).toBeNull();
  });
  it('ignores archived integrations', () => {
    expect(lockReason(CHAT, free, [archivedChat])).toBeNull();
  });
  it('limits paid plans by their integration limit', () => {
    expect(lockReason(DEV, startup, [chat])).toBeNull();
    expect(lockReason(DEV, startup, [chat, dev])).toBe('Startup plan allows only 2 integrations');
  });
  it('never locks an unlimited plan', () => {
    expect(lockReason(CHAT, business, [chat, chat, dev])).toBeNull();
  });
  it('keeps custom integrations to what the plan includes', () => {
    expect(lockReason(CUSTOM, startup, [])).toBe('Custom integrations come with the Business plan');
    expect(lockReason(CUSTOM, business, [chat])).toBeNull();
    expect(lockReason(CUSTOM, business, [custom])).toBe('Business plan allows only 1 custom integration');
    expect(lockReason(CUSTOM, { ...startup, maxCustomIntegrations: -1 }, [custom])).toBeNull();
  });
});

describe('plainSummary', () => {
  it('takes the first paragraph after headings, without markdown marks', () => {
    expect(plainSummary('## Custom source\n\nPush with the **API key** and `curl`.\n\n- more')).toBe(
      'Push with the API key and curl.',
    );
  });
  it('ends a lead-in sentence with a full stop', () => {
    expect(plainSummary('Push with the key:\n\n- a')).toBe('Push with the key.');
  });
  it('keeps link labels', () => {
    expect(plainSummary('See [the docs](/docs) now')).toBe('See the docs now');
  });
  it('is empty without text', () => {
    expect(plainSummary('# Only a title')).toBe('');
  });
});
