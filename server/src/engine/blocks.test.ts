import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../db/schema/activity.ts';
import {
  type BlockSpan,
  computeBlocks,
  computeBlocksAround,
  graceMsFor,
  mergedDurationMs,
  paceAt,
  type Sample,
} from './blocks.ts';

const MIN = 60_000;
const STEP = 5 * MIN;
const T0 = Date.UTC(2025, 0, 6, 9, 0);
const FAR = T0 + 365 * 24 * 60 * MIN;
const opts = { stepMs: STEP, now: FAR };
const at = (minutes: number) => T0 + minutes * MIN;
const s = (minutes: number, status: PresenceStatus = 'online'): Sample => ({ at: at(minutes), status });

const statuses: PresenceStatus[] = ['online', 'away', 'offline', 'dnd', 'meeting', 'busy'];
const sampleArb = fc.record({
  at: fc.integer({ min: 0, max: 600 }).map((m) => T0 + m * MIN + 0),
  status: fc.constantFrom(...statuses),
});
const samplesArb = fc.array(sampleArb, { maxLength: 80 });
const nowArb = fc.integer({ min: 0, max: 700 }).map((m) => T0 + m * MIN);
/** Any default step, with or without a Setup timeout. */
const optsArb = fc.record({
  stepMs: fc.integer({ min: 1, max: 60 }).map((m) => m * MIN),
  silenceTimeoutMs: fc.option(fc.integer({ min: 1, max: 240 }).map((m) => m * MIN)),
});

function endOf(b: BlockSpan, now: number): number {
  return b.end ?? now;
}

describe('computeBlocks rules', () => {
  it('documents the grace: half a step, at least one minute', () => {
    expect(graceMsFor(5 * MIN)).toBe(2.5 * MIN);
    expect(graceMsFor(MIN)).toBe(MIN);
    expect(graceMsFor(10 * MIN)).toBe(5 * MIN);
  });

  it('active samples within the learned timeout extend one block, which ends one cadence after the last', () => {
    // Gaps 5, 7, 7: the cadence at 19 is their median, 7 minutes.
    const blocks = computeBlocks([s(0), s(5), s(12), s(19)], opts);
    expect(blocks).toEqual([{ start: at(0), end: at(26), lastSampleAt: at(19) }]);
  });

  it('learns the cadence as the median of the last five gaps that are not silences', () => {
    expect(paceAt([at(0), at(10), at(20)], { stepMs: STEP })).toEqual({ cadenceMs: 10 * MIN, timeoutMs: 15 * MIN });
    // One late report and one extra report among regular 10-minute ones do not move it.
    expect(paceAt([at(0), at(10), at(23), at(25), at(35), at(45)], { stepMs: STEP })).toEqual({
      cadenceMs: 10 * MIN,
      timeoutMs: 15 * MIN,
    });
    // Only the last five gaps count: a source that sped up from 10 to 2 minutes.
    expect(paceAt([at(0), at(10), at(20), at(22), at(24), at(26), at(28), at(30)], { stepMs: STEP })).toEqual({
      cadenceMs: 2 * MIN,
      timeoutMs: 3 * MIN,
    });
    // A silence longer than 30 minutes is no evidence; with none, the step and the longest timeout.
    expect(paceAt([at(0), at(90)], { stepMs: STEP })).toEqual({ cadenceMs: STEP, timeoutMs: 30 * MIN });
    expect(paceAt([at(0)], { stepMs: STEP })).toEqual({ cadenceMs: STEP, timeoutMs: 30 * MIN });
    // A step beyond the cap raises it (a poll every hour).
    expect(paceAt([at(0)], { stepMs: 60 * MIN })).toEqual({ cadenceMs: 60 * MIN, timeoutMs: 90 * MIN });
    expect(paceAt([at(0), at(60)], { stepMs: 60 * MIN })).toEqual({ cadenceMs: 60 * MIN, timeoutMs: 90 * MIN });
  });

  it('a timeout set in Setup replaces the learned one', () => {
    const tenMinutes = [at(0), at(10), at(20)];
    expect(paceAt(tenMinutes, { stepMs: STEP, silenceTimeoutMs: 20 * MIN })).toEqual({
      cadenceMs: 10 * MIN,
      timeoutMs: 20 * MIN,
    });
    // A block never ends after its timeout, so the cadence is capped by it.
    expect(paceAt(tenMinutes, { stepMs: STEP, silenceTimeoutMs: 4 * MIN })).toEqual({
      cadenceMs: 4 * MIN,
      timeoutMs: 4 * MIN,
    });
    const withSetup = { ...opts, silenceTimeoutMs: 20 * MIN };
    expect(computeBlocks([s(0), s(5), s(10), s(28), s(33)], withSetup)).toEqual([
      { start: at(0), end: at(38), lastSampleAt: at(33) },
    ]);
    expect(computeBlocks([s(0), s(5), s(10), s(31), s(36)], withSetup)).toEqual([
      { start: at(0), end: at(15), lastSampleAt: at(10) },
      { start: at(31), end: at(41), lastSampleAt: at(36) },
    ]);
  });

  it('a 10-minute source draws one block where the 5-minute step used to draw a barcode', () => {
    const samples = [0, 10, 20, 30, 40, 50].map((x) => s(x));
    expect(computeBlocks(samples, opts)).toEqual([{ start: at(0), end: at(60), lastSampleAt: at(50) }]);
    // It still ends at a silence of more than one and a half of its cadence.
    expect(computeBlocks([...samples, s(66), s(76)], opts)).toEqual([
      { start: at(0), end: at(60), lastSampleAt: at(50) },
      { start: at(66), end: at(86), lastSampleAt: at(76) },
    ]);
  });

  it("a new source's first gap continues the block up to 30 minutes", () => {
    expect(computeBlocks([s(0), s(25)], opts)).toEqual([{ start: at(0), end: at(50), lastSampleAt: at(25) }]);
    expect(computeBlocks([s(0), s(31)], opts)).toEqual([
      { start: at(0), end: at(5), lastSampleAt: at(0) },
      { start: at(31), end: at(36), lastSampleAt: at(31) },
    ]);
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

  it('a silence longer than cadence + grace ends the block one cadence after its last sample', () => {
    const blocks = computeBlocks([s(0), s(5), s(13), s(18)], opts);
    expect(blocks).toEqual([
      { start: at(0), end: at(10), lastSampleAt: at(5) },
      { start: at(13), end: at(23), lastSampleAt: at(18) },
    ]);
  });

  it('a silence of exactly cadence + grace keeps the block open', () => {
    // Gaps 5 and 7.5: the upper median of two is 7.5 minutes.
    expect(computeBlocks([s(0), s(5), s(12.5)], opts)).toEqual([{ start: at(0), end: at(20), lastSampleAt: at(12.5) }]);
  });

  it('an inactive sample after a long silence does not stretch the block', () => {
    expect(computeBlocks([s(0), s(60, 'offline')], opts)).toEqual([{ start: at(0), end: at(5), lastSampleAt: at(0) }]);
  });

  it('the last block is ongoing only while now is within the timeout of its last sample', () => {
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
  it('a source reporting every k minutes (k = 1..30) gives one continuous block while it reports active', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 2, max: 120 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<PresenceStatus>('online', 'dnd', 'meeting', 'busy'),
        fc.integer(),
        (k, count, stepMinutes, status, seed) => {
          const samples = Array.from({ length: count }, (_, i) => ({ at: at(i * k), status }));
          const last = at((count - 1) * k);
          const o = { stepMs: stepMinutes * MIN, now: FAR };
          // In any order, with duplicates, while it is live, and once it has stopped.
          const withDups = [...samples, ...samples.slice(0, 3)];
          const shuffled = fc.sample(fc.shuffledSubarray(withDups, { minLength: withDups.length }), {
            seed,
            numRuns: 1,
          })[0] as Sample[];
          expect(computeBlocks(shuffled, o)).toEqual([{ start: at(0), end: last + k * MIN, lastSampleAt: last }]);
          expect(computeBlocks(samples, { ...o, now: last + k * MIN })).toEqual([
            { start: at(0), end: null, lastSampleAt: last },
          ]);
          // Going away ends it at that report.
          expect(computeBlocks([...samples, { at: last + k * MIN, status: 'away' }], o)).toEqual([
            { start: at(0), end: last + k * MIN, lastSampleAt: last },
          ]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('blocks are a pure function of the sample set under any step and Setup timeout', () => {
    fc.assert(
      fc.property(samplesArb, nowArb, optsArb, fc.integer(), (samples, now, o, seed) => {
        const options = { ...o, now };
        const withDups = [...samples, ...samples.slice(0, 5)];
        const shuffled = fc.sample(fc.shuffledSubarray(withDups, { minLength: withDups.length }), {
          seed,
          numRuns: 1,
        })[0] as Sample[];
        const blocks = computeBlocks(samples, options);
        expect(computeBlocks(shuffled, options)).toEqual(blocks);
        blocks.forEach((b, i) => {
          if (i > 0) expect(b.start).toBeGreaterThan(endOf(blocks[i - 1] as BlockSpan, now));
          if (b.end !== null) expect(b.end).toBeGreaterThan(b.lastSampleAt);
          if (b.end === null) expect(i).toBe(blocks.length - 1);
        });
      }),
      { numRuns: 300 },
    );
  });

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
