import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../db/schema/activity.ts';
import { computeBlocks, normaliseSamples, type Sample } from './blocks.ts';
import { continueBlocks, STATE_SAMPLES, stateAfter } from './continue-blocks.ts';

const MIN = 60_000;
const statuses: PresenceStatus[] = ['online', 'online', 'away', 'offline', 'dnd', 'meeting', 'busy'];

describe('continueBlocks', () => {
  it('resuming after any prefix gives the blocks of the whole sample set', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.integer({ min: 0, max: 600 }).map((x) => x * MIN), status: fc.constantFrom(...statuses) }),
          { minLength: 1, maxLength: 80 },
        ),
        fc.nat(),
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.integer({ min: 1, max: 60 })),
        (raw, cutSeed, nowMinutes, stepMinutes, timeoutMinutes) => {
          const samples = normaliseSamples(raw as Sample[]);
          const last = samples[samples.length - 1]?.at ?? 0;
          const opts = {
            stepMs: stepMinutes * MIN,
            silenceTimeoutMs: timeoutMinutes === null ? null : timeoutMinutes * MIN,
            now: last + nowMinutes * MIN,
          };
          const cut = cutSeed % (samples.length + 1);
          const earlier = samples.slice(0, cut);
          const later = samples.slice(cut);
          // What is stored after `earlier`, computed at some earlier moment.
          const stored = computeBlocks(earlier, { ...opts, now: (earlier[earlier.length - 1]?.at ?? 0) + 3 * MIN });
          const newest = earlier[earlier.length - 1] ?? null;
          const latest = stored[stored.length - 1] ?? null;
          const recent = earlier.slice(-STATE_SAMPLES).map((x) => x.at);
          const state = stateAfter(newest, latest, recent);
          expect(state).not.toBeNull();
          if (!state) return;
          const kept = state.open ? stored.slice(0, -1) : stored;
          expect([...kept, ...continueBlocks(state, later, opts)]).toEqual(computeBlocks(samples, opts));
        },
      ),
      { numRuns: 500, seed: 11 },
    );
  });

  it('refuses a stored state that does not match the newest sample', () => {
    const block = { start: 0, lastSampleAt: 5 * MIN };
    expect(stateAfter({ at: 10 * MIN, status: 'online' }, block, [0, 10 * MIN])).toBeNull();
    expect(stateAfter({ at: 5 * MIN, status: 'away' }, block, [0, 5 * MIN])).toBeNull();
    expect(stateAfter(null, block, [])).toBeNull();
    // The recent times must end at the newest sample.
    expect(stateAfter({ at: 5 * MIN, status: 'online' }, block, [0])).toBeNull();
    expect(stateAfter({ at: 5 * MIN, status: 'online' }, block, [0, 5 * MIN])).toEqual({
      open: { start: 0, last: 5 * MIN },
      recent: [0, 5 * MIN],
    });
    expect(stateAfter({ at: 9 * MIN, status: 'away' }, block, [0, 5 * MIN, 9 * MIN])).toEqual({
      open: null,
      recent: [0, 5 * MIN, 9 * MIN],
    });
  });
});
