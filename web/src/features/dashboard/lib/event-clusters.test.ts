import { describe, expect, it } from 'vitest';
import { clusterByTop, EVENT_TARGET } from './event-clusters';

const DAY = 24 * 44;
const at = (...tops: number[]) => tops.map((top, i) => ({ item: `e${i}`, top }));
const groups = (tops: number[], height = DAY) => clusterByTop(at(...tops), height).map((c) => [c.top, c.items]);

describe('clusterByTop', () => {
  it('keeps events whose targets do not overlap apart, each at its own centre', () => {
    expect(groups([100, 200, 300])).toEqual([
      [100, ['e0']],
      [200, ['e1']],
      [300, ['e2']],
    ]);
  });

  it('groups centres less than 24 px apart and keeps 24 px apart (targets that only touch)', () => {
    expect(EVENT_TARGET).toBe(24);
    expect(groups([100, 123])).toEqual([[100, ['e0', 'e1']]]);
    expect(groups([100, 123.9])).toEqual([[100, ['e0', 'e1']]]);
    expect(groups([100, 124])).toEqual([
      [100, ['e0']],
      [124, ['e1']],
    ]);
  });

  it('groups events at the same minute, in the order given', () => {
    expect(groups([300, 300, 300])).toEqual([[300, ['e0', 'e1', 'e2']]]);
  });

  it('measures from the first of a group, not from its last: a streak 20 px apart makes pairs', () => {
    expect(groups([100, 120, 140, 160, 180])).toEqual([
      [100, ['e0', 'e1']],
      [140, ['e2', 'e3']],
      [180, ['e4']],
    ]);
  });

  it('starts a group at the first event at least 24 px below the previous group’s first', () => {
    expect(groups([100, 110, 120, 130, 150])).toEqual([
      [100, ['e0', 'e1', 'e2']],
      [130, ['e3', 'e4']],
    ]);
  });

  it('sorts by centre whatever the order given', () => {
    expect(groups([500, 100, 510, 110])).toEqual([
      [100, ['e1', 'e3']],
      [500, ['e0', 'e2']],
    ]);
  });

  it('keeps targets inside the day: centres at least 12 px from its top and bottom', () => {
    expect(groups([0, 5, 36, DAY - 2])).toEqual([
      [12, ['e0', 'e1']],
      [36, ['e2']],
      [DAY - 12, ['e3']],
    ]);
    // Two events at the very end of the day share the last target.
    expect(groups([DAY - 20, DAY])).toEqual([[DAY - 20, ['e0', 'e1']]]);
  });

  it('leaves no two groups closer than one target, on any input', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run++) {
      const tops = Array.from({ length: 1 + Math.floor(random() * 40) }, () => random() * DAY);
      const clusters = clusterByTop(at(...tops), DAY);
      expect(clusters.flatMap((c) => c.items).sort()).toEqual(tops.map((_, i) => `e${i}`).sort());
      for (const [i, c] of clusters.entries()) {
        const next = clusters[i + 1];
        if (next) expect(next.top - c.top).toBeGreaterThanOrEqual(EVENT_TARGET);
        expect(c.top).toBeGreaterThanOrEqual(12);
        expect(c.top).toBeLessThanOrEqual(DAY - 12);
      }
    }
  });

  it('has nothing to group in an empty column', () => {
    expect(clusterByTop([], DAY)).toEqual([]);
  });
});
