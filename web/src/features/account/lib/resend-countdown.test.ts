import { describe, expect, it } from 'vitest';
import { resendWaitText, secondsUntil } from './resend-countdown';

describe('resend countdown', () => {
  it('counts whole seconds until the invitation may be resent', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(secondsUntil('2025-01-01T00:00:59.200Z', now)).toBe(60);
    expect(secondsUntil('2025-01-01T00:00:01Z', now)).toBe(1);
    expect(secondsUntil('2024-12-31T23:59:00Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
  });

  it('uses the spec text', () => {
    expect(resendWaitText(42)).toBe('Please wait 42 seconds before resending.');
  });
});
