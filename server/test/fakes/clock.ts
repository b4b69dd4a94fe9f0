import type { Clock } from '../../src/connectors/results.ts';

export interface FakeClock extends Clock {
  /** Every wait asked for, in ms, in order. */
  sleeps: number[];
  advance(ms: number): void;
}

/** A clock whose sleep returns at once and moves time forward, so paced sweeps run instantly. */
export function fakeClock(start = Date.parse('2026-03-02T09:00:00Z')): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    async sleep(ms) {
      sleeps.push(ms);
      now += ms;
    },
    advance(ms) {
      now += ms;
    },
  };
}
