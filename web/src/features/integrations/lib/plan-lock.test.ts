import { describe, expect, it } from 'vitest';
import { lockReason, plainSummary } from './plan-lock';

const chat = { archivedAt: null, service: { category: 'chat' } } as never;
const dev = { archivedAt: null, service: { category: 'development' } } as never;
const archivedChat = { archivedAt: '2026-01-01T00:00:00Z', service: { category: 'chat' } } as never;
const free = { planId: 'free', planName: 'Free', maxIntegrations: 1 };
const startup = { planId: 'startup', planName: 'Startup', maxIntegrations: 2 };
const business = { planId: 'business', planName: 'Business', maxIntegrations: -1 };

describe('lockReason', () => {
  it('allows one chat integration on the free plan', () => {
    expect(lockReason('chat', free, [])).toBeNull();
    expect(lockReason('chat', free, [chat])).toBe('Free plan allows only 1 chat integration');
    expect(lockReason('chat', { ...free, planId: '' }, [chat])).toBe('Free plan allows only 1 chat integration');
  });
  it('does not limit other categories on the free plan', () => {
    expect(lockReason('development', free, [chat, dev])).toBeNull();
  });
  it('ignores archived integrations', () => {
    expect(lockReason('chat', free, [archivedChat])).toBeNull();
  });
  it('limits paid plans by their integration limit', () => {
    expect(lockReason('development', startup, [chat])).toBeNull();
    expect(lockReason('development', startup, [chat, dev])).toBe('Startup plan allows only 2 integrations');
  });
  it('never locks an unlimited plan', () => {
    expect(lockReason('chat', business, [chat, chat, dev])).toBeNull();
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
