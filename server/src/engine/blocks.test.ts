import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../db/schema/activity.ts';
import {
  type BlockSpan,
  computeBlocks,
  computeBlocksAround,
  graceMsFor,
  mergedDurationMs,
  type Sample,
} from './blocks.ts';

const MIN = 60_000;
const STEP = 5 * MIN;
const GRACE = graceMsFor(STEP);
const T0 = Date.UTC(2025, 0, 6, 9, 0);
const FAR = T0 + 365 * 24 * 60 * MIN;
const opts = { stepMs: STEP, graceMs: GRACE, now: FAR };
const at = (minutes: number) => T0 + minutes * MIN;
const s = (minutes: number, status: PresenceStatus = 'online'): Sample => ({ at: at(minutes), status });

const statuses: PresenceStatus[] = ['online', 'away', 'offline', 'dnd', 'meeting', 'busy'];
const sampleArb = fc.record({
  at: fc.integer({ min: 0, max: 600 }).map((m) => T0 + m * MIN + 0),
  status: fc.constantFrom(...statuses),
});
const samplesArb = fc.array(sampleArb, { maxLength: 80 });
const nowArb = fc.integer({ min: 0, max: 700 }).map((m) => T0 + m * MIN);

function endOf(b: BlockSpan, now: number): number {
  return b.end ?? now;
}

describe('computeBlocks rules', () => {
  it('documents the grace: half a step, at least one minute', () => {
    expect(graceMsFor(5 * MIN)).toBe(2.5 * MIN);
    expect(graceMsFor(MIN)).toBe(MIN);
    expect(graceMsFor(10 * MIN)).toBe(5 * MIN);
  });

  it('active samples within step + grace extend one block', () => {
    const blocks = computeBlocks([s(0), s(5), s(12), s(19)], opts);
    expect(blocks).toEqual([{ start: at(0), end: at(24), lastSampleAt: at(19) }]);
  });

  it('dnd, meeting and busy are active like online', () => {
    const blocks = computeBlocks([s(0, 'dnd'), s(5, 'meeting'), s(10, 'busy')], opts);
    expect(blocks).toEqual([{ start: at(0), end: at(15), lastSampleAt: at(10) }]);
  });

  it('an inactive sample ends the open block at its own time', () => {
    expect(computeBlocks([s(0), s(5), s(7, 'away')], opts)).toEqual([
      { start: at(0), end: at(7), lastSampleAt: at(5) },
    ]);
    expect(computeBlocks([s(0), s(5, 'offline')], opts)).toEqual([{ start: at(0), end: at(5), lastSampleAt: at(0) }]);
  });

  it('inactive samples alone make no block', () => {
    expect(computeBlocks([s(0, 'away'), s(5, 'offline')], opts)).toEqual([]);
  });

  it('a silence longer than step + grace ends the block one step after its last sample', () => {
    const blocks = computeBlocks([s(0), s(5), s(13), s(18)], opts);
    expect(blocks).toEqual([
      { start: at(0), end: at(10), lastSampleAt: at(5) },
      { start: at(13), end: at(23), lastSampleAt: at(18) },
    ]);
  });

  it('a silence of exactly step + grace keeps the block open', () => {
    const blocks = computeBlocks([s(0), s(7.5)], opts);
    expect(blocks).toHaveLength(1);
  });

  it('an inactive sample after a long silence does not stretch the block', () => {
    expect(computeBlocks([s(0), s(60, 'offline')], opts)).toEqual([{ start: at(0), end: at(5), lastSampleAt: at(0) }]);
  });

  it('the last block is ongoing only while now is within step + grace of its last sample', () => {
    const samples = [s(0), s(5)];
    expect(computeBlocks(samples, { ...opts, now: at(12) })).toEqual([
      { start: at(0), end: null, lastSampleAt: at(5) },
    ]);
    expect(computeBlocks(samples, { ...opts, now: at(12.5) })[0]?.end).toBeNull();
    expect(computeBlocks(samples, { ...opts, now: at(13) })).toEqual([
      { start: at(0), end: at(10), lastSampleAt: at(5) },
    ]);
  });

  it('two statuses at one instant resolve the same way whatever their order', () => {
    const a = computeBlocks([s(0), s(5, 'away'), s(5, 'online'), s(10)], opts);
    const b = computeBlocks([s(0), s(5, 'online'), s(5, 'away'), s(10)], opts);
    expect(a).toEqual(b);
    expect(a).toEqual([{ start: at(0), end: at(15), lastSampleAt: at(10) }]);
  });

  it('edited ranges own their time: samples inside are ignored and blocks stop at them', () => {
    const samples = [s(0), s(5), s(10), s(15), s(20), s(25), s(30)];
    const blocks = computeBlocksAround(samples, [{ start: at(12), end: at(22) }], opts);
    expect(blocks).toEqual([
      { start: at(0), end: at(12), lastSampleAt: at(10) },
      { start: at(25), end: at(35), lastSampleAt: at(30) },
    ]);
  });

  it('merged duration counts overlaps once', () => {
    expect(
      mergedDurationMs([
        { start: 0, end: 10 },
        { start: 5, end: 15 },
        { start: 20, end: 25 },
      ]),
    ).toBe(20);
    expect(mergedDurationMs([])).toBe(0);
  });
});

describe('computeBlocks properties', () => {
  it('any permutation or duplication of a sample set yields identical blocks', () => {
    fc.assert(
      fc.property(
        samplesArb,
        nowArb,
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer(),
        (samples, now, dupIdx, seed) => {
          const o = { ...opts, now };
          const expected = computeBlocks(samples, o);
          const dups = samples.length ? dupIdx.map((i) => samples[i % samples.length] as Sample) : [];
          const shuffled = fc.sample(
            fc.shuffledSubarray([...samples, ...dups], { minLength: samples.length + dups.length }),
            {
              seed,
              numRuns: 1,
            },
          )[0] as Sample[];
          expect(computeBlocks(shuffled, o)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('blocks of one person-integration never overlap and are ordered', () => {
    fc.assert(
      fc.property(samplesArb, nowArb, (samples, now) => {
        const blocks = computeBlocks(samples, { ...opts, now });
        blocks.forEach((b, i) => {
          expect(endOf(b, Math.max(now, b.lastSampleAt) + STEP)).toBeGreaterThan(b.start);
          if (i > 0) expect(b.start).toBeGreaterThan(endOf(blocks[i - 1] as BlockSpan, now));
          if (b.end === null) expect(i).toBe(blocks.length - 1);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('every active sample lies inside a block and no inactive sample lies strictly inside one', () => {
    fc.assert(
      fc.property(samplesArb, (samples) => {
        const blocks = computeBlocks(samples, opts);
        const dedup = new Map<number, PresenceStatus>();
        for (const x of samples) {
          const prev = dedup.get(x.at);
          if (
            !prev ||
            ['online', 'meeting', 'busy', 'dnd', 'away', 'offline'].indexOf(x.status) <
              ['online', 'meeting', 'busy', 'dnd', 'away', 'offline'].indexOf(prev)
          )
            dedup.set(x.at, x.status);
        }
        for (const [t, status] of dedup) {
          const inside = blocks.some((b) => t >= b.start && t < endOf(b, FAR));
          if (['online', 'dnd', 'meeting', 'busy'].includes(status)) expect(inside).toBe(true);
          else expect(blocks.some((b) => t > b.start && t < endOf(b, FAR))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a person's merged active time across integrations never exceeds wall time", () => {
    fc.assert(
      fc.property(fc.array(samplesArb, { minLength: 1, maxLength: 4 }), (perIntegration) => {
        const ranges = perIntegration.flatMap((samples) =>
          computeBlocks(samples, opts).map((b) => ({ start: b.start, end: endOf(b, FAR) })),
        );
        if (ranges.length === 0) return;
        const wall = Math.max(...ranges.map((r) => r.end)) - Math.min(...ranges.map((r) => r.start));
        expect(mergedDurationMs(ranges)).toBeLessThanOrEqual(wall);
        expect(mergedDurationMs(ranges)).toBeGreaterThanOrEqual(Math.max(...ranges.map((r) => r.end - r.start)));
      }),
      { numRuns: 300 },
    );
  });

  it('blocks around edited ranges are order-independent and never overlap an edited range', () => {
    const rangeArb = fc
      .tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 120 }))
      .map(([a, len]) => ({ start: at(a), end: at(a + len) }));
    fc.assert(
      fc.property(samplesArb, fc.array(rangeArb, { maxLength: 3 }), nowArb, (samples, edited, now) => {
        // Edited blocks of one person-integration never overlap each other.
        const disjoint = [...edited]
          .sort((a, b) => a.start - b.start)
          .filter((r, i, all) => i === 0 || r.start > (all[i - 1] as { end: number }).end);
        const o = { ...opts, now };
        const blocks = computeBlocksAround(samples, disjoint, o);
        expect(computeBlocksAround([...samples].reverse(), [...disjoint].reverse(), o)).toEqual(blocks);
        for (const b of blocks) {
          for (const r of disjoint) {
            const end = endOf(b, Number.POSITIVE_INFINITY);
            expect(end <= r.start || b.start > r.end).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
