import { MAX_BEST_WINDOWS, type OverlapSlot, type OverlapWindow, SLOT_MINUTES } from '@overlap/contract/overlap';
import { SlotCoverage } from './slot-coverage.ts';
import { type PredictedSpan, round2 } from './spans.ts';

export const SLOT_MS = SLOT_MINUTES * 60_000;

/** What the planner knows about one person. */
export interface PersonActivity {
  /** Activity blocks; an ongoing one ends at null. */
  blocks: readonly { start: number; end: number | null }[];
  predictions: readonly PredictedSpan[];
  /**
   * The slots before `PlannerInput.pastSlots` in which the person was online (ascending), read from
   * the stored past days; then `blocks` only need to reach the slots after them.
   */
  pastOnline?: readonly number[];
}

export interface PlannerInput {
  /** First instant of the first day (the viewer's local midnight). */
  windowStart: number;
  windowEnd: number;
  now: number;
  /** In the order the answer lists people: slots name them by their position here. */
  people: readonly PersonActivity[];
  /** How many first slots (all ended) come from each person's `pastOnline` instead of blocks (0 without). */
  pastSlots?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The slots of a window as typed arrays: slot k's `online` positions are
 * `online[k * stride .. k * stride + onlineCount[k])`, its `likely` positions and their confidences
 * the same in `likely` and `confidence`. The three large arrays are shared by every call (grown when
 * needed): read a plan before planning again.
 */
export interface SlotPlan {
  windowStart: number;
  windowEnd: number;
  count: number;
  stride: number;
  onlineCount: Int32Array;
  online: Int32Array;
  likelyCount: Int32Array;
  likely: Int32Array;
  confidence: Float64Array;
}

let shared = { online: new Int32Array(0), likely: new Int32Array(0), confidence: new Float64Array(0) };

export const slotStartOf = (plan: SlotPlan, k: number) => plan.windowStart + k * SLOT_MS;
export const slotEndOf = (plan: SlotPlan, k: number) => Math.min(slotStartOf(plan, k) + SLOT_MS, plan.windowEnd);

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
export function planSlotArrays(input: PlannerInput): SlotPlan {
  const { windowStart, windowEnd, now } = input;
  const count = Math.max(0, Math.ceil((windowEnd - windowStart) / SLOT_MS));
  const slotStart = (k: number) => windowStart + k * SLOT_MS;
  const slotEnd = (k: number) => Math.min(slotStart(k) + SLOT_MS, windowEnd);
  const clamp = (k: number) => Math.min(count, Math.max(0, k));
  // Slots before `started` began before now; from `firstAhead` on they end after it.
  const started = clamp(Math.ceil((now - windowStart) / SLOT_MS));
  let firstAhead = clamp(Math.floor((now - windowStart) / SLOT_MS));
  if (firstAhead < count && slotEnd(firstAhead) <= now) firstAhead++;
  const current = firstAhead < started ? firstAhead : -1;
  const stride = input.people.length;
  if (shared.online.length < count * stride) {
    const size = count * stride;
    shared = { online: new Int32Array(size), likely: new Int32Array(size), confidence: new Float64Array(size) };
  }
  const { online, likely, confidence } = shared;
  const onlineCount = new Int32Array(count);
  const likelyCount = new Int32Array(count);
  const addOnline = (k: number, n: number) => {
    online[k * stride + (onlineCount[k] as number)] = n;
    onlineCount[k] = (onlineCount[k] as number) + 1;
  };

  const coverage = new SlotCoverage(windowStart, windowEnd, SLOT_MS, count);
  const { covered, weighted } = coverage;
  const pastSlots = clamp(input.pastSlots ?? 0);
  input.people.forEach((person, n) => {
    if (person.pastOnline)
      for (let i = 0; i < person.pastOnline.length; i++) addOnline(person.pastOnline[i] as number, n);
    // Time after `now` does not count: blocks end there for this (ongoing ones included).
    coverage.addUnion(person.blocks, now, pastSlots);
    // In the current slot an ongoing block is enough.
    let onlineNow = current >= 0 && person.blocks.some((b) => b.end === null);
    let touched = coverage.touched();
    for (let i = 0; i < touched.length; i++) {
      const k = touched[i] as number;
      const enough = (covered[k] as number) * 2 >= Math.min(slotEnd(k), now) - slotStart(k);
      if (k === current) onlineNow ||= enough;
      else if (enough) addOnline(k, n);
    }
    if (onlineNow) addOnline(current, n);
    coverage.clear();
    if (person.predictions.length === 0) return;

    coverage.addPredicted(person.predictions, firstAhead);
    touched = coverage.touched();
    for (let i = 0; i < touched.length; i++) {
      const k = touched[i] as number;
      const time = covered[k] as number;
      if ((k === current && onlineNow) || time * 2 < slotEnd(k) - slotStart(k)) continue;
      const at = k * stride + (likelyCount[k] as number);
      likely[at] = n;
      confidence[at] = round2((weighted[k] as number) / time);
      likelyCount[k] = (likelyCount[k] as number) + 1;
    }
    coverage.clear();
  });
  return { windowStart, windowEnd, count, stride, onlineCount, online, likelyCount, likely, confidence };
}

/** Slot `k` of a plan as the answer's slot object. */
export function slotOf(plan: SlotPlan, k: number): OverlapSlot {
  const base = k * plan.stride;
  const online: number[] = [];
  const likely: number[] = [];
  const likelyConfidence: number[] = [];
  for (let i = base, end = base + (plan.onlineCount[k] as number); i < end; i++) online.push(plan.online[i] as number);
  for (let i = base, end = base + (plan.likelyCount[k] as number); i < end; i++) {
    likely.push(plan.likely[i] as number);
    likelyConfidence.push(plan.confidence[i] as number);
  }
  return { start: iso(slotStartOf(plan, k)), end: iso(slotEndOf(plan, k)), online, likely, likelyConfidence };
}

/** The slots of `planSlotArrays` as the answer's slot objects. */
export function planSlots(input: PlannerInput): OverlapSlot[] {
  const plan = planSlotArrays(input);
  const slots: OverlapSlot[] = [];
  for (let k = 0; k < plan.count; k++) slots.push(slotOf(plan, k));
  return slots;
}

const COMMA = 44;
const CLOSE = 93;
/** JSON text of a confidence (two decimals: k / 100 writes as String does, cached). */
const hundredths = Array.from({ length: 101 }, (_, k) => String(k / 100));
const numberText = (x: number) => {
  const k = Math.round(x * 100);
  if (k >= 0 && k <= 100 && k / 100 === x) return hundredths[k] as string;
  return Number.isFinite(x) ? String(x) : 'null';
};

/**
 * The answer as JSON (UTF-8 bytes), written from the plan: the same text as `JSON.stringify` of
 * `{ timezone, slotMinutes, people, slots: planSlots(…), best }`, without the slot objects or a
 * string per number.
 */
export function overlapJson(
  timezone: string,
  people: readonly string[],
  plan: SlotPlan,
  best: OverlapWindow[],
): Buffer {
  const head = `{"timezone":${JSON.stringify(timezone)},"slotMinutes":${SLOT_MINUTES},"people":${JSON.stringify(people)},"slots":[`;
  const tail = `],"best":${JSON.stringify(best)}}`;
  const { online, likely, confidence, stride, onlineCount, likelyCount } = plan;
  let entries = 0;
  let likelyEntries = 0;
  for (let k = 0; k < plan.count; k++) {
    entries += onlineCount[k] as number;
    likelyEntries += likelyCount[k] as number;
  }
  const digits = String(Math.max(1, stride)).length + 1;
  const size =
    Buffer.byteLength(head) +
    Buffer.byteLength(tail) +
    plan.count * 128 +
    entries * digits +
    likelyEntries * (digits + 26);
  const out = Buffer.allocUnsafe(size);
  let at = out.write(head, 0, 'utf8');
  // ASCII text and digits written byte by byte: a Buffer.write per number cost more than the numbers.
  const ascii = (text: string) => {
    for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  };
  const writeInt = (n: number) => {
    if (n >= 1000) return ascii(String(n));
    if (n >= 100) out[at++] = 48 + Math.floor(n / 100);
    if (n >= 10) out[at++] = 48 + (Math.floor(n / 10) % 10);
    out[at++] = 48 + (n % 10);
  };
  for (let k = 0; k < plan.count; k++) {
    const base = k * stride;
    ascii(k > 0 ? ',{"start":"' : '{"start":"');
    ascii(iso(slotStartOf(plan, k)));
    ascii('","end":"');
    ascii(iso(slotEndOf(plan, k)));
    ascii('","online":[');
    for (let i = base, end = base + (onlineCount[k] as number); i < end; i++) {
      if (i > base) out[at++] = COMMA;
      writeInt(online[i] as number);
    }
    ascii('],"likely":[');
    const likelyEnd = base + (likelyCount[k] as number);
    for (let i = base; i < likelyEnd; i++) {
      if (i > base) out[at++] = COMMA;
      writeInt(likely[i] as number);
    }
    ascii('],"likelyConfidence":[');
    for (let i = base; i < likelyEnd; i++) {
      if (i > base) out[at++] = COMMA;
      ascii(numberText(confidence[i] as number));
    }
    out[at++] = CLOSE;
    out[at++] = 125;
  }
  at += out.write(tail, at, 'utf8');
  return out.subarray(0, at);
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
  return windowsOf(ahead, people, limit);
}

/** `bestWindows` read from a plan's typed arrays: the same windows, without slot objects. */
export function bestWindowsOfPlan(
  plan: SlotPlan,
  people: readonly string[],
  now: number,
  limit = MAX_BEST_WINDOWS,
): OverlapWindow[] {
  const { online, likely, confidence, stride } = plan;
  const ahead: AvailableSlot[] = [];
  for (let k = 0; k < plan.count; k++) {
    const end = slotEndOf(plan, k);
    if (end <= now) continue;
    // Online and likely positions are each ascending: merged, a likely confidence over an online 1.
    const base = k * stride;
    const onlineEnd = base + (plan.onlineCount[k] as number);
    const likelyEnd = base + (plan.likelyCount[k] as number);
    const ranks: number[] = [];
    let sum = 0;
    for (let i = base, j = base; i < onlineEnd || j < likelyEnd; ) {
      const o = i < onlineEnd ? (online[i] as number) : Number.POSITIVE_INFINITY;
      const l = j < likelyEnd ? (likely[j] as number) : Number.POSITIVE_INFINITY;
      let r: number;
      let c: number;
      if (l <= o) {
        r = l;
        c = confidence[j++] as number;
        if (o === l) i++;
      } else {
        r = o;
        c = 1;
        i++;
      }
      if (r >= people.length || c < 0) continue;
      ranks.push(r);
      sum += c;
    }
    ahead.push({ start: slotStartOf(plan, k), end, ranks, confidence: ranks.length > 0 ? sum / ranks.length : 0 });
  }
  return windowsOf(ahead, people, limit);
}

interface AvailableSlot {
  start: number;
  end: number;
  /** Positions of who is available, ascending. */
  ranks: number[];
  /** Their mean confidence. */
  confidence: number;
}

function windowsOf(ahead: readonly AvailableSlot[], people: readonly string[], limit: number): OverlapWindow[] {
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
