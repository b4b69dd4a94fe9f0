import { MAX_BEST_WINDOWS, type OverlapSlot, type OverlapWindow, SLOT_MINUTES } from '@overlap/contract/overlap';
import {
  coveredMs,
  firstNotEnded,
  mergeSpans,
  type PredictedSpan,
  predictedCoverage,
  round2,
  type Span,
} from './spans.ts';

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
  // Slots go forward in time: each person's spans that ended before a slot are skipped for good.
  const blockAt = people.map(() => 0);
  const predictionAt = people.map(() => 0);
  const slots: OverlapSlot[] = [];
  for (let start = input.windowStart; start < input.windowEnd; start += SLOT_MS) {
    const end = Math.min(start + SLOT_MS, input.windowEnd);
    const length = end - start;
    const online: string[] = [];
    const likely: OverlapSlot['likely'] = [];
    for (let n = 0; n < people.length; n++) {
      const p = people[n] as PreparedPerson;
      if (start < input.now) {
        const seen = Math.min(end, input.now) - start;
        const current = end > input.now;
        const b = firstNotEnded(p.blocks, start, blockAt[n] as number);
        blockAt[n] = b;
        if ((current && p.ongoing) || coveredMs(p.blocks, start, start + seen, b) * 2 >= seen) {
          online.push(p.personId);
          continue;
        }
        if (!current) continue;
      }
      const q = firstNotEnded(p.predictions, start, predictionAt[n] as number);
      predictionAt[n] = q;
      const predicted = predictedCoverage(p.predictions, start, end, q);
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
  // Who is available in a slot, as ranks in `order` with their confidence (someone online counts 1).
  const confidence = new Float64Array(order.length);
  const availableIn = (s: OverlapSlot) => {
    confidence.fill(-1);
    for (const id of s.online) {
      const r = rank.get(id);
      if (r !== undefined) confidence[r] = 1;
    }
    for (const l of s.likely) {
      const r = rank.get(l.personId);
      if (r !== undefined) confidence[r] = l.confidence;
    }
    const ranks: number[] = [];
    let sum = 0;
    for (let r = 0; r < confidence.length; r++) {
      const c = confidence[r] as number;
      if (c < 0) continue;
      ranks.push(r);
      sum += c;
    }
    return { ranks, confidence: ranks.length > 0 ? sum / ranks.length : 0 };
  };
  const ahead = slots
    .filter((s) => Date.parse(s.end) > now)
    .map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end), ...availableIn(s) }));
  const most = Math.max(0, ...ahead.map((s) => s.ranks.length));
  if (most === 0) return [];

  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((r, i) => r === b[i]);
  const windows: (OverlapWindow & { length: number })[] = [];
  let run: { start: number; end: number; ranks: number[]; confidences: number[] } | null = null;
  const close = () => {
    if (!run) return;
    const mean = run.confidences.reduce((a, b) => a + b, 0) / run.confidences.length;
    windows.push({
      start: iso(run.start),
      end: iso(run.end),
      people: run.ranks.map((r) => order[r] as string),
      confidence: round2(mean),
      length: run.end - run.start,
    });
    run = null;
  };
  for (const slot of ahead) {
    if (slot.ranks.length !== most) {
      close();
      continue;
    }
    if (run && run.end === slot.start && same(run.ranks, slot.ranks)) {
      run.end = slot.end;
      run.confidences.push(slot.confidence);
    } else {
      close();
      run = { start: slot.start, end: slot.end, ranks: slot.ranks, confidences: [slot.confidence] };
    }
  }
  close();
  return windows
    .sort((a, b) => b.length - a.length || Date.parse(a.start) - Date.parse(b.start))
    .slice(0, limit)
    .map(({ length: _length, ...w }) => w);
}
