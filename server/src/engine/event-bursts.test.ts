import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimeRange } from './blocks.ts';
import { computeEventBursts, EVENT_BURST_GAP_MS, type EventBurst, eventBurstWindow } from './event-bursts.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 2, 3, 8, 0);
const at = (minutes: number) => T0 + minutes * MIN;
const GAP = EVENT_BURST_GAP_MS;

const timesArb = fc.array(
  fc.integer({ min: 0, max: 24 * 60 }).map((m) => at(m)),
  { maxLength: 60 },
);
/** Up to two disjoint edited ranges inside the day. */
const editedArb = fc
  .array(
    fc.tuple(fc.integer({ min: 0, max: 24 * 60 }), fc.integer({ min: 1, max: 180 })).map(([m, len]) => ({
      start: at(m),
      end: at(m + len),
    })),
    { maxLength: 2 },
  )
  .map((ranges) => {
    const sorted = [...ranges].sort((a, b) => a.start - b.start);
    return sorted.filter((r, i) => i === 0 || r.start > (sorted[i - 1] as TimeRange).end);
  });

/** The pipeline's incremental step, in memory: replace the blocks in the window by a recomputation. */
function applyNewEvents(
  stored: readonly number[],
  blocks: readonly EventBurst[],
  newTimes: readonly number[],
  edited: readonly TimeRange[],
): EventBurst[] {
  if (newTimes.length === 0) return [...blocks];
  const all = [...stored, ...newTimes];
  const window = eventBurstWindow(newTimes, blocks, GAP);
  const kept = blocks.filter((b) => !(b.start <= window.end && b.end >= window.start));
  const inWindow = all.filter((t) => t >= window.start && t <= window.end);
  return [...kept, ...computeEventBursts(inWindow, edited, GAP)].sort((a, b) => a.start - b.start);
}

describe('event bursts: the rule', () => {
  it('events within 30 minutes of each other form one block from the first to the last', () => {
    expect(computeEventBursts([at(0), at(20), at(45), at(70)])).toEqual([{ start: at(0), end: at(70), instants: 4 }]);
  });

  it('a lone event opens no block', () => {
    expect(computeEventBursts([at(0), at(120), at(300)])).toEqual([]);
  });

  it('a silence of more than 30 minutes starts a new burst', () => {
    expect(computeEventBursts([at(0), at(10), at(41), at(50)])).toEqual([
      { start: at(0), end: at(10), instants: 2 },
      { start: at(41), end: at(50), instants: 2 },
    ]);
  });

  it('exactly 30 minutes apart still belongs together', () => {
    expect(computeEventBursts([at(0), at(30)])).toEqual([{ start: at(0), end: at(30), instants: 2 }]);
  });

  it('events at one instant count once (a push of three commits with one timestamp is a marker)', () => {
    expect(computeEventBursts([at(5), at(5), at(5)])).toEqual([]);
  });

  it('an edited block owns its range: events inside are ignored and no burst crosses it', () => {
    const edited = [{ start: at(20), end: at(40) }];
    expect(computeEventBursts([at(0), at(10), at(30), at(50), at(60)], edited)).toEqual([
      { start: at(0), end: at(10), instants: 2 },
      { start: at(50), end: at(60), instants: 2 },
    ]);
  });
});

describe('event bursts: properties', () => {
  it('depend only on the set of instants (order and duplicates do not matter)', () => {
    fc.assert(
      fc.property(timesArb, editedArb, fc.infiniteStream(fc.nat()), (times, edited, seeds) => {
        const shuffled = [...times, ...times.slice(0, 5)]
          .map((t) => ({ t, k: seeds.next().value }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.t);
        expect(computeEventBursts(shuffled, edited)).toEqual(computeEventBursts(times, edited));
      }),
    );
  });

  it('blocks start and end on events, are ordered, apart by more than the gap, and avoid edited ranges', () => {
    fc.assert(
      fc.property(timesArb, editedArb, (times, edited) => {
        const set = new Set(times);
        const blocks = computeEventBursts(times, edited);
        blocks.forEach((b, i) => {
          expect(set.has(b.start) && set.has(b.end)).toBe(true);
          expect(b.end).toBeGreaterThan(b.start);
          expect(edited.some((r) => b.start <= r.end && b.end >= r.start)).toBe(false);
          const next = blocks[i + 1];
          if (next === undefined) return;
          const between = edited.some((r) => r.start > b.end && r.end < next.start);
          expect(between || next.start - b.end > GAP).toBe(true);
        });
      }),
    );
  });

  it('every event with another event within the gap (no edited range between) lies in a block', () => {
    fc.assert(
      fc.property(timesArb, (times) => {
        const blocks = computeEventBursts(times);
        const sorted = [...new Set(times)].sort((a, b) => a - b);
        for (let i = 0; i < sorted.length; i++) {
          const t = sorted[i] as number;
          const hasNeighbour =
            (i > 0 && t - (sorted[i - 1] as number) <= GAP) ||
            (i < sorted.length - 1 && (sorted[i + 1] as number) - t <= GAP);
          const covered = blocks.some((b) => b.start <= t && t <= b.end);
          expect(covered).toBe(hasNeighbour);
        }
      }),
    );
  });

  it('adding events batch by batch through the window gives the same blocks as computing all at once', () => {
    fc.assert(
      fc.property(fc.array(timesArb, { minLength: 1, maxLength: 5 }), editedArb, (batches, edited) => {
        let stored: number[] = [];
        let blocks: EventBurst[] = [];
        for (const batch of batches) {
          blocks = applyNewEvents(stored, blocks, batch, edited);
          stored = [...stored, ...batch];
        }
        expect(blocks).toEqual(computeEventBursts(stored, edited));
      }),
      { numRuns: 300 },
    );
  });
});
