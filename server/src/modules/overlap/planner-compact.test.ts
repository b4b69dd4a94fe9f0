import { describe, expect, it } from 'vitest';
import { addDays, startOfLocalDay } from '../../lib/zoned-time.ts';
import {
  bestWindows,
  bestWindowsOfPlan,
  overlapJson,
  type PersonActivity,
  planSlotArrays,
  planSlots,
  SLOT_MS,
} from './planner.ts';
import { mergeSpans, type PredictedSpan, round2, type Span } from './spans.ts';

/**
 * The planner answered with people's ids in every slot before its answer named them by position
 * in one list. This is that earlier planner, slot by slot, person by person: the compact answer,
 * read through its list, must name the same people with the same confidences.
 */
function slotsWithIds(
  people: readonly (PersonActivity & { personId: string })[],
  start: number,
  end: number,
  now: number,
) {
  const covered = (spans: readonly Span[], from: number, to: number) =>
    spans.reduce((sum, s) => sum + Math.max(0, Math.min(s.end, to) - Math.max(s.start, from)), 0);
  const prepared = people.map((p) => ({
    id: p.personId,
    blocks: mergeSpans(p.blocks.map((b) => ({ start: b.start, end: b.end ?? now }))),
    ongoing: p.blocks.some((b) => b.end === null),
    predictions: [...p.predictions].sort((a, b) => a.start - b.start),
  }));
  const slots: { start: number; online: string[]; likely: { personId: string; confidence: number }[] }[] = [];
  for (let from = start; from < end; from += SLOT_MS) {
    const to = Math.min(from + SLOT_MS, end);
    const online: string[] = [];
    const likely: { personId: string; confidence: number }[] = [];
    for (const p of prepared) {
      if (from < now) {
        const seen = Math.min(to, now) - from;
        const current = to > now;
        if ((current && p.ongoing) || covered(p.blocks, from, from + seen) * 2 >= seen) {
          online.push(p.id);
          continue;
        }
        if (!current) continue;
      }
      let sum = 0;
      let weighted = 0;
      for (const s of p.predictions) {
        const overlap = Math.min(s.end, to) - Math.max(s.start, from);
        if (overlap <= 0) continue;
        sum += overlap;
        weighted += overlap * s.confidence;
      }
      if (Math.min(sum, to - from) * 2 >= to - from)
        likely.push({ personId: p.id, confidence: round2(weighted / sum) });
    }
    slots.push({ start: from, online, likely });
  }
  return slots;
}

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomTeam(seed: number, windowStart: number, windowEnd: number) {
  const next = random(seed);
  const minute = 60_000;
  const around = () =>
    windowStart - 6 * 3_600_000 + Math.floor(next() * ((windowEnd - windowStart) / minute + 720)) * minute;
  return Array.from({ length: 12 }, (_, n) => {
    const blocks: { start: number; end: number | null }[] = [];
    for (let i = Math.floor(next() * 25); i > 0; i--) {
      const start = around() + Math.floor(next() * 60) * 1000;
      blocks.push({ start, end: start + Math.floor(next() * 240) * minute + 1 });
    }
    if (next() < 0.3) blocks.push({ start: around(), end: null });
    const predictions: PredictedSpan[] = [];
    for (let i = Math.floor(next() * 12); i > 0; i--) {
      const start = around();
      predictions.push({ start, end: start + Math.floor(1 + next() * 600) * minute, confidence: round2(next()) });
    }
    return { personId: `person-${n}`, blocks, predictions };
  });
}

describe('compact overlap answer', () => {
  const cases = [
    { tz: 'Europe/Berlin', from: '2025-06-09', days: 3 },
    { tz: 'America/New_York', from: '2025-11-01', days: 3 }, // a 25-hour day
    { tz: 'Asia/Kathmandu', from: '2025-06-09', days: 2 }, // midnight at :15 UTC
    { tz: 'UTC', from: '2025-06-09', days: 14 },
  ];

  it('names the same people per slot, with the same confidences and best windows, as the answer with ids', () => {
    let compared = 0;
    for (const [c, { tz, from, days }] of cases.entries()) {
      const windowStart = startOfLocalDay(from, tz).getTime();
      const windowEnd = startOfLocalDay(addDays(from, days), tz).getTime();
      const nows = [
        windowStart - 1,
        windowStart,
        windowStart + 1000 * 60 * 67 + 17,
        (windowStart + windowEnd) / 2 + 20_000,
        windowEnd - 1,
        windowEnd + 5,
      ];
      for (const [k, now] of nows.entries()) {
        const team = randomTeam(c * 100 + k + 1, windowStart, windowEnd);
        const ids = team.map((p) => p.personId);
        const compact = planSlots({ windowStart, windowEnd, now, people: team });
        const expected = slotsWithIds(team, windowStart, windowEnd, now);
        const read = compact.map((s) => ({
          start: Date.parse(s.start),
          online: s.online.map((n) => ids[n]),
          likely: s.likely.map((n, i) => ({ personId: ids[n], confidence: s.likelyConfidence[i] })),
        }));
        expect(read).toEqual(expected);
        compared += expected.reduce((sum, s) => sum + s.online.length + s.likely.length, 0);
        // Best windows still name people by id, the same as before.
        const before = expected.map((s, i) => ({
          start: compact[i]?.start as string,
          end: compact[i]?.end as string,
          online: s.online.map((id) => ids.indexOf(id)),
          likely: s.likely.map((l) => ids.indexOf(l.personId)),
          likelyConfidence: s.likely.map((l) => l.confidence),
        }));
        expect(bestWindows(compact, ids, now)).toEqual(bestWindows(before, ids, now));
      }
    }
    // The random teams did put people in slots, both online and likely.
    expect(compared).toBeGreaterThan(1000);
  });

  it('writes the same JSON text as the slot objects stringified, and takes ended slots from pastOnline alike', () => {
    for (const [c, { tz, from, days }] of cases.entries()) {
      const windowStart = startOfLocalDay(from, tz).getTime();
      const windowEnd = startOfLocalDay(addDays(from, days), tz).getTime();
      for (const [k, now] of [
        windowStart + 1000 * 60 * 67 + 17,
        (windowStart + windowEnd) / 2,
        windowEnd + 5,
      ].entries()) {
        const team = randomTeam(c * 100 + k + 50, windowStart, windowEnd);
        const ids = team.map((p) => p.personId);
        const input = { windowStart, windowEnd, now, people: team };
        const slots = planSlots(input);
        const best = bestWindows(slots, ids, now);
        const text = overlapJson(tz, ids, planSlotArrays(input), best).toString('utf8');
        expect(text).toBe(JSON.stringify({ timezone: tz, slotMinutes: 30, people: ids, slots, best }));
        expect(bestWindowsOfPlan(planSlotArrays(input), ids, now)).toEqual(best);
        // The first ended slots given as positions (as the stored past days give them): same slots.
        const pastSlots = Math.max(0, Math.floor((now - windowStart) / SLOT_MS) - 3);
        const withPast = team.map((p, n) => ({
          ...p,
          pastOnline: slots.flatMap((s, i) => (i < pastSlots && s.online.includes(n) ? [i] : [])),
        }));
        expect(planSlots({ ...input, people: withPast, pastSlots })).toEqual(slots);
      }
    }
  });

  it('lists each person once and names them by position in that list', () => {
    const windowStart = Date.parse('2025-06-10T00:00:00Z');
    const slots = planSlots({
      windowStart,
      windowEnd: windowStart + 2 * SLOT_MS,
      now: windowStart + SLOT_MS + 60_000,
      people: [
        { blocks: [], predictions: [{ start: windowStart, end: windowStart + 2 * SLOT_MS, confidence: 0.4 }] },
        { blocks: [{ start: windowStart, end: null }], predictions: [] },
        { blocks: [{ start: windowStart + 60_000, end: windowStart + SLOT_MS }], predictions: [] },
      ],
    });
    expect(slots).toEqual([
      {
        start: '2025-06-10T00:00:00.000Z',
        end: '2025-06-10T00:30:00.000Z',
        online: [1, 2],
        likely: [],
        likelyConfidence: [],
      },
      {
        start: '2025-06-10T00:30:00.000Z',
        end: '2025-06-10T01:00:00.000Z',
        online: [1],
        likely: [0],
        likelyConfidence: [0.4],
      },
    ]);
  });
});
