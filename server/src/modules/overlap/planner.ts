import { MAX_BEST_WINDOWS, type OverlapSlot, type OverlapWindow, SLOT_MINUTES } from '@overlap/contract/overlap';
import { coveredMs, mergeSpans, type PredictedSpan, predictedCoverage, round2, type Span } from './spans.ts';

export const SLOT_MS = SLOT_MINUTES * 60_000;

/** What the planner knows about one person. */
export interface PersonActivity {
  personId: string;
  /** Activity blocks; an ongoing one ends at null. */
  blocks: readonly { start: number; end: number | null }[];
  predictions: readonly PredictedSpan[];
}

export interface PlannerInput {
  /** First instant of the first day (the viewer's local midnight). */
  windowStart: number;
  windowEnd: number;
  now: number;
  /** In the order the answer lists people. */
  people: readonly PersonActivity[];
}

interface PreparedPerson {
  personId: string;
  blocks: Span[];
  ongoing: boolean;
  predictions: PredictedSpan[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function prepare(people: readonly PersonActivity[], now: number): PreparedPerson[] {
  return people.map((p) => ({
    personId: p.personId,
    blocks: mergeSpans(p.blocks.map((b) => ({ start: b.start, end: b.end ?? now }))),
    ongoing: p.blocks.some((b) => b.end === null),
    predictions: [...p.predictions].sort((a, b) => a.start - b.start),
  }));
}

/**
 * Who is online or likely online in each slot of [windowStart, windowEnd):
 * - a slot that has ended: `online` is who had blocks covering at least half of it;
 * - the slot containing `now`: `online` is who has an ongoing block or covered at least half of the
 *   part already passed; `likely` is who else is predicted for at least half of the slot;
 * - a slot still to come: `likely` is who is predicted for at least half of it, with the
 *   predictions' confidence weighted by the time they cover.
 */
export function planSlots(input: PlannerInput): OverlapSlot[] {
  const people = prepare(input.people, input.now);
  const slots: OverlapSlot[] = [];
  for (let start = input.windowStart; start < input.windowEnd; start += SLOT_MS) {
    const end = Math.min(start + SLOT_MS, input.windowEnd);
    const length = end - start;
    const online: string[] = [];
    const likely: OverlapSlot['likely'] = [];
    for (const p of people) {
      if (start < input.now) {
        const seen = Math.min(end, input.now) - start;
        const current = end > input.now;
        if ((current && p.ongoing) || coveredMs(p.blocks, start, start + seen) * 2 >= seen) {
          online.push(p.personId);
          continue;
        }
        if (!current) continue;
      }
      const predicted = predictedCoverage(p.predictions, start, end);
      if (predicted.covered * 2 >= length)
        likely.push({ personId: p.personId, confidence: round2(predicted.confidence) });
    }
    slots.push({ start: iso(start), end: iso(end), online, likely });
  }
  return slots;
}

/**
 * The longest runs of slots from now on (the slot containing `now` included) in which the largest
 * number of people is online or likely together, the same people throughout; longest first, then
 * earliest. A window's confidence is the mean, over its slots, of its people's mean confidence
 * (someone online counts 1). No one available anywhere means no window.
 */
export function bestWindows(
  slots: readonly OverlapSlot[],
  order: readonly string[],
  now: number,
  limit = MAX_BEST_WINDOWS,
): OverlapWindow[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  const byRank = (a: [string, number], b: [string, number]) => (rank.get(a[0]) ?? 0) - (rank.get(b[0]) ?? 0);
  const ahead = slots
    .filter((s) => Date.parse(s.end) > now)
    .map((s) => {
      const available: [string, number][] = [
        ...s.online.map((id): [string, number] => [id, 1]),
        ...s.likely.map((l): [string, number] => [l.personId, l.confidence]),
      ];
      return { start: Date.parse(s.start), end: Date.parse(s.end), people: new Map(available.sort(byRank)) };
    });
  const most = Math.max(0, ...ahead.map((s) => s.people.size));
  if (most === 0) return [];

  const keyOf = (people: Map<string, number>) => [...people.keys()].join(',');
  const windows: (OverlapWindow & { length: number })[] = [];
  let run: { start: number; end: number; key: string; ids: string[]; confidences: number[] } | null = null;
  const close = () => {
    if (!run) return;
    const mean = run.confidences.reduce((a, b) => a + b, 0) / run.confidences.length;
    windows.push({
      start: iso(run.start),
      end: iso(run.end),
      people: run.ids,
      confidence: round2(mean),
      length: run.end - run.start,
    });
    run = null;
  };
  for (const slot of ahead) {
    if (slot.people.size !== most) {
      close();
      continue;
    }
    const key = keyOf(slot.people);
    const slotConfidence = [...slot.people.values()].reduce((a, b) => a + b, 0) / slot.people.size;
    if (run && run.key === key && run.end === slot.start) {
      run.end = slot.end;
      run.confidences.push(slotConfidence);
    } else {
      close();
      run = { start: slot.start, end: slot.end, key, ids: [...slot.people.keys()], confidences: [slotConfidence] };
    }
  }
  close();
  return windows
    .sort((a, b) => b.length - a.length || Date.parse(a.start) - Date.parse(b.start))
    .slice(0, limit)
    .map(({ length: _length, ...w }) => w);
}
