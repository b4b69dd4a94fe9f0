import { describe, expect, it } from 'vitest';
import { addDays, startOfLocalDay } from '../../lib/zoned-time.ts';
import { bestWindows, type PersonActivity, planSlots } from './planner.ts';

const at = (iso: string) => Date.parse(iso);

/** A day in Europe/Berlin (UTC+2 in June) for a viewer there. */
const berlinDay = (date: string) => ({
  windowStart: startOfLocalDay(date, 'Europe/Berlin').getTime(),
  windowEnd: startOfLocalDay(addDays(date, 1), 'Europe/Berlin').getTime(),
});

type Named = PersonActivity & { personId: string };

function plan(people: Named[], now: number, window = berlinDay('2025-06-10')) {
  const slots = planSlots({ ...window, now, people });
  return {
    slots,
    best: bestWindows(
      slots,
      people.map((p) => p.personId),
      now,
    ),
  };
}

const predicted = (personId: string, start: string, end: string, confidence: number): Named => ({
  personId,
  blocks: [],
  predictions: [{ start: at(start), end: at(end), confidence }],
});

describe('overlap planner', () => {
  it('finds the one window a team in Tokyo, Berlin and New York shares', () => {
    // Tokyo 14:00-23:00 JST, Berlin 08:00-17:00 CEST, New York 08:00-16:00 EDT, all predicted.
    const tokyo = predicted('tokyo', '2025-06-10T05:00:00Z', '2025-06-10T14:00:00Z', 0.9);
    const berlin = predicted('berlin', '2025-06-10T06:00:00Z', '2025-06-10T15:00:00Z', 0.8);
    const newYork = predicted('new-york', '2025-06-10T12:00:00Z', '2025-06-10T20:00:00Z', 0.7);
    const { slots, best } = plan([tokyo, berlin, newYork], at('2025-06-09T22:00:00Z'));

    expect(slots).toHaveLength(48);
    expect(slots[0]).toEqual({
      start: '2025-06-09T22:00:00.000Z',
      end: '2025-06-09T22:30:00.000Z',
      online: [],
      likely: [],
      likelyConfidence: [],
    });
    // 14:00 in Berlin is 12:00 UTC: everyone.
    expect(slots[28]).toEqual({
      start: '2025-06-10T12:00:00.000Z',
      end: '2025-06-10T12:30:00.000Z',
      online: [],
      likely: [0, 1, 2],
      likelyConfidence: [0.9, 0.8, 0.7],
    });
    expect(best).toEqual([
      {
        start: '2025-06-10T12:00:00.000Z',
        end: '2025-06-10T14:00:00.000Z',
        people: ['tokyo', 'berlin', 'new-york'],
        confidence: 0.8,
      },
    ]);
  });

  it('reads past slots from blocks: at least half of the slot, several integrations counted once', () => {
    const half: Named = {
      personId: 'half',
      blocks: [{ start: at('2025-06-10T08:00:00Z'), end: at('2025-06-10T08:15:00Z') }],
      predictions: [],
    };
    const overlapping: Named = {
      personId: 'overlapping',
      // Two integrations' blocks, 08:00-08:10 and 08:05-08:14: 14 minutes together, not 19.
      blocks: [
        { start: at('2025-06-10T08:00:00Z'), end: at('2025-06-10T08:10:00Z') },
        { start: at('2025-06-10T08:05:00Z'), end: at('2025-06-10T08:14:00Z') },
      ],
      predictions: [],
    };
    const { slots, best } = plan([half, overlapping], at('2025-06-10T21:00:00Z'));
    const eight = slots.find((s) => s.start === '2025-06-10T08:00:00.000Z');
    expect(eight).toEqual({
      start: '2025-06-10T08:00:00.000Z',
      end: '2025-06-10T08:30:00.000Z',
      online: [0],
      likely: [],
      likelyConfidence: [],
    });
    // Everything that happened lies in the past: nothing to plan.
    expect(best).toEqual([]);
  });

  it('in the current slot counts ongoing blocks as online and predicts only the others', () => {
    const now = at('2025-06-10T10:10:00Z');
    const live: Named = {
      personId: 'live',
      blocks: [{ start: at('2025-06-10T10:05:00Z'), end: null }],
      predictions: [{ start: at('2025-06-10T09:00:00Z'), end: at('2025-06-10T12:00:00Z'), confidence: 0.6 }],
    };
    const later = predicted('later', '2025-06-10T10:00:00Z', '2025-06-10T11:00:00Z', 0.5);
    const { slots, best } = plan([live, later], now);
    const current = slots.find((s) => s.start === '2025-06-10T10:00:00.000Z');
    expect(current).toEqual({
      start: '2025-06-10T10:00:00.000Z',
      end: '2025-06-10T10:30:00.000Z',
      online: [0],
      likely: [1],
      likelyConfidence: [0.5],
    });
    expect(best).toEqual([
      {
        start: '2025-06-10T10:00:00.000Z',
        end: '2025-06-10T11:00:00.000Z',
        people: ['live', 'later'],
        // Slot 10:00: (1 + 0.5) / 2; slot 10:30: (0.6 + 0.5) / 2; mean 0.65.
        confidence: 0.65,
      },
    ]);
  });

  it('ranks windows of the same size by length, then start, and keeps different people apart', () => {
    const a = predicted('a', '2025-06-10T06:00:00Z', '2025-06-10T07:00:00Z', 1);
    const b: Named = {
      personId: 'b',
      blocks: [],
      predictions: [
        { start: at('2025-06-10T06:00:00Z'), end: at('2025-06-10T07:00:00Z'), confidence: 1 },
        { start: at('2025-06-10T09:00:00Z'), end: at('2025-06-10T11:00:00Z'), confidence: 0.5 },
      ],
    };
    const c = predicted('c', '2025-06-10T09:00:00Z', '2025-06-10T11:00:00Z', 0.5);
    const { best } = plan([a, b, c], at('2025-06-10T00:00:00Z'));
    expect(best).toEqual([
      { start: '2025-06-10T09:00:00.000Z', end: '2025-06-10T11:00:00.000Z', people: ['b', 'c'], confidence: 0.5 },
      { start: '2025-06-10T06:00:00.000Z', end: '2025-06-10T07:00:00.000Z', people: ['a', 'b'], confidence: 1 },
    ]);
  });

  it('leaves out predictions covering less than half of a slot', () => {
    const short = predicted('short', '2025-06-10T09:00:00Z', '2025-06-10T09:14:00Z', 0.9);
    const { slots, best } = plan([short], at('2025-06-10T00:00:00Z'));
    expect(slots.every((s) => s.likely.length === 0)).toBe(true);
    expect(best).toEqual([]);
  });

  it('cuts a day with a daylight-saving change into 46 half hours', () => {
    const window = {
      windowStart: startOfLocalDay('2025-03-30', 'Europe/Berlin').getTime(),
      windowEnd: startOfLocalDay('2025-03-31', 'Europe/Berlin').getTime(),
    };
    const slots = planSlots({ ...window, now: window.windowStart, people: [] });
    expect(slots).toHaveLength(46);
    expect(slots[0]?.start).toBe('2025-03-29T23:00:00.000Z');
    expect(slots[45]?.end).toBe('2025-03-30T22:00:00.000Z');
  });
  it('reads a long prediction and the short ones that start inside it, slot after slot', () => {
    const person: Named = {
      personId: 'a',
      blocks: [],
      predictions: [
        { start: at('2025-06-10T06:00:00Z'), end: at('2025-06-10T16:00:00Z'), confidence: 0.5 },
        { start: at('2025-06-10T07:00:00Z'), end: at('2025-06-10T07:30:00Z'), confidence: 0.9 },
        { start: at('2025-06-10T10:00:00Z'), end: at('2025-06-10T10:30:00Z'), confidence: 0.9 },
      ],
    };
    const { slots } = plan([person], at('2025-06-09T22:00:00Z'));
    const likelyAt = (iso: string) => {
      const slot = slots.find((s) => s.start === iso);
      return [slot?.likely, slot?.likelyConfidence];
    };
    expect(likelyAt('2025-06-10T06:30:00.000Z')).toEqual([[0], [0.5]]);
    expect(likelyAt('2025-06-10T07:00:00.000Z')).toEqual([[0], [0.7]]);
    expect(likelyAt('2025-06-10T09:30:00.000Z')).toEqual([[0], [0.5]]);
    expect(likelyAt('2025-06-10T10:00:00.000Z')).toEqual([[0], [0.7]]);
    expect(likelyAt('2025-06-10T16:00:00.000Z')).toEqual([[], []]);
  });
});
