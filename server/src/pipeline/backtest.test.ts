import { describe, expect, it } from 'vitest';
import { runBacktest } from './backtest.ts';

describe('prediction back-test on the demo team', () => {
  it('beats the same-weekday-last-week baseline in the back-test', () => {
    const result = runBacktest({ weeks: 14 });
    expect(result.model.f1).toBeGreaterThan(result.baseline.f1);
  });
});
