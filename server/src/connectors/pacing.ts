import { isConnectorError } from './errors.ts';
import type { Clock } from './results.ts';

/**
 * At most `maxCalls` calls in any window of `windowMs` (a sliding window): a small team is swept at
 * once, a large one is spread out at the provider's rate.
 */
export function createPacer(clock: Clock, maxCalls: number, windowMs: number) {
  const recent: number[] = [];
  return {
    /** Waits until one more call fits in the window, or answers false when that would pass `deadline`. */
    async take(deadline: number): Promise<boolean> {
      for (;;) {
        const now = clock.now();
        while (recent.length > 0 && (recent[0] ?? 0) <= now - windowMs) recent.shift();
        if (recent.length < maxCalls) {
          recent.push(now);
          return true;
        }
        const wait = (recent[0] ?? now) + windowMs - now;
        if (now + wait > deadline) return false;
        await clock.sleep(wait);
      }
    },
  };
}

/**
 * Runs `call`; when the provider answers 429, waits its Retry-After and tries again, as long as the
 * wait ends before `deadline`. Otherwise the rate-limit error goes to the caller.
 */
export async function obeyRetryAfter<T>(clock: Clock, deadline: number, call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!isConnectorError(err, 'rate_limited')) throw err;
      const waitMs = (err.retryAfterSeconds ?? 60) * 1000;
      if (clock.now() + waitMs > deadline) throw err;
      await clock.sleep(waitMs);
    }
  }
}
