import { MAX_BEST_WINDOWS, type OverlapSlot, type OverlapWindow, SLOT_MINUTES } from '@overlap/contract/overlap';
import { mergeSpans, type PredictedSpan, round2, type Span } from './spans.ts';

export const SLOT_MS = SLOT_MINUTES * 60_000;

/** What the planner knows about one person. */
export interface PersonActivity {
  /** Activity blocks; an ongoing one ends at null. */
  blocks: readonly { start: number; end: number | null }[];
  predictions: readonly PredictedSpan[];
}

export interface PlannerInput {
  /** First instant of the first day (the viewer's local midnight). */
  windowStart: number;
  windowEnd: number;
  now: number;
  /** In the order the answer lists people: slots name them by their position here. */
  people: readonly PersonActivity[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Adds to `into[k]` how much of slot k of [windowStart, windowEnd) each span covers, for slots
 * `from` on, and, when `weighted` is given, that time times the span's confidence. Spans are read
 * in their order, so each slot's sum is made in the same order as reading the slot's spans would.
 */
function addCoverage(
  spans: readonly (Span & { confidence?: number })[],
  windowStart: number,
  windowEnd: number,
  from: number,
  into: Float64Array,
  weighted?: Float64Array,
) {
  const firstMs = windowStart + from * SLOT_MS;
  for (const s of spans) {
    const a = Math.max(s.start, firstMs);
    const b = Math.min(s.end, windowEnd);
    if (b <= a) continue;
    for (let k = Math.floor((a - windowStart) / SLOT_MS); k < into.length; k++) {
      const slotStart = windowStart + k * SLOT_MS;
      if (slotStart >= b) break;
      const overlap = Math.min(b, slotStart + SLOT_MS) - Math.max(a, slotStart);
      if (overlap <= 0) continue;
      into[k] = (into[k] as number) + overlap;
      if (weighted) weighted[k] = (weighted[k] as number) + overlap * (s.confidence ?? 0);
    }
  }
}

/**
 * Who is online or likely online in each slot of [windowStart, windowEnd), as positions in
 * `input.people`:
 * - a slot that has ended: `online` is who had blocks covering at least half of it;
 * - the slot containing `now`: `online` is who has an ongoing block or covered at least half of the
 *   part already passed; `likely` is who else is predicted for at least half of the slot;
 * - a slot still to come: `likely` is who is predicted for at least half of it, with the
 *   predictions' confidence weighted by the time they cover.
 * Each person's spans are read once, adding their time to the slots they touch.
 */
export function planSlots(input: PlannerInput): OverlapSlot[] {
  const { windowStart, windowEnd, now } = input;
  const count = Math.max(0, Math.ceil((windowEnd - windowStart) / SLOT_MS));
  const slotStart = (k: number) => windowStart + k * SLOT_MS;
  const slotEnd = (k: number) => Math.min(slotStart(k) + SLOT_MS, windowEnd);
  const clamp = (k: number) => Math.min(count, Math.max(0, k));
  // Slots before `started` began before now; from `firstAhead` on they end after it (the current one included).
  const started = clamp(Math.ceil((now - windowStart) / SLOT_MS));
  let firstAhead = clamp(Math.floor((now - windowStart) / SLOT_MS));
  if (firstAhead < count && slotEnd(firstAhead) <= now) firstAhead++;
  const slots: OverlapSlot[] = [];
  for (let k = 0; k < count; k++)
    slots.push({ start: iso(slotStart(k)), end: iso(slotEnd(k)), online: [], likely: [], likelyConfidence: [] });

  const blocksCovered = new Float64Array(count);
  const predicted = new Float64Array(count);
  const weighted = new Float64Array(count);
  const isOnline = new Uint8Array(count);
  input.people.forEach((person, n) => {
    const ongoing = person.blocks.some((b) => b.end === null);
    // Time after `now` does not count: blocks end there for this.
    const blocks = mergeSpans(person.blocks.map((b) => ({ start: b.start, end: Math.min(b.end ?? now, now) })));
    blocksCovered.fill(0, 0, started);
    addCoverage(blocks, windowStart, windowEnd, 0, blocksCovered);
    isOnline.fill(0);
    for (let k = 0; k < started; k++) {
      const seen = Math.min(slotEnd(k), now) - slotStart(k);
      const current = slotEnd(k) > now;
      if ((current && ongoing) || (blocksCovered[k] as number) * 2 >= seen) {
        isOnline[k] = 1;
        (slots[k] as OverlapSlot).online.push(n);
      }
    }
    if (person.predictions.length === 0) return;
    const predictions = [...person.predictions].sort((a, b) => a.start - b.start);
    predicted.fill(0, firstAhead);
    weighted.fill(0, firstAhead);
    addCoverage(predictions, windowStart, windowEnd, firstAhead, predicted, weighted);
    for (let k = firstAhead; k < count; k++) {
      const covered = predicted[k] as number;
      if (isOnline[k] || covered * 2 < slotEnd(k) - slotStart(k)) continue;
      const slot = slots[k] as OverlapSlot;
      slot.likely.push(n);
      slot.likelyConfidence.push(round2((weighted[k] as number) / covered));
    }
  });
  return slots;
}

/**
 * The longest runs of slots from now on (the slot containing `now` included) in which the largest
 * number of people is online or likely together, the same people throughout; longest first, then
 * earliest. A window's confidence is the mean, over its slots, of its people's mean confidence
 * (someone online counts 1). No one available anywhere means no window. `people`: the ids the
 * slots' positions stand for.
 */
export function bestWindows(
  slots: readonly OverlapSlot[],
  people: readonly string[],
  now: number,
  limit = MAX_BEST_WINDOWS,
): OverlapWindow[] {
  // Who is available in a slot, as positions in `people` with their confidence (someone online counts 1).
  const confidence = new Float64Array(people.length);
  const availableIn = (s: OverlapSlot) => {
    confidence.fill(-1);
    for (const r of s.online) if (r < confidence.length) confidence[r] = 1;
    s.likely.forEach((r, i) => {
      if (r < confidence.length) confidence[r] = s.likelyConfidence[i] as number;
    });
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
      people: run.ranks.map((r) => people[r] as string),
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
