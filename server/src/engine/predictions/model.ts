import { localDayOf, localMidnightUtc } from '../../lib/zoned-time.ts';
import type { TimeRange } from '../blocks.ts';

export const SLOT_MINUTES = 15;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;
const SLOT_MS = SLOT_MINUTES * 60_000;

export interface PredictionModel {
  /** Same weekdays looked back on (8 = the last 8 weeks). */
  weeks: number;
  /** Weight of week k back is decay^(k-1): recent weeks weigh more. */
  decay: number;
  /** A slot is predicted online when its weighted frequency reaches this. */
  threshold: number;
  /**
   * Share of the probability taken from the recent days of the same kind (working day or weekend)
   * rather than the same weekday only: more evidence per slot, less noise from one odd week.
   */
  blend: number;
  /** How many recent days of the same kind the blended part looks at. */
  recentDays: number;
}

export const DEFAULT_MODEL: PredictionModel = { weeks: 8, decay: 0.7, threshold: 0.45, blend: 0.5, recentDays: 10 };

const isWeekend = (day: number) => {
  const wd = (((day + 4) % 7) + 7) % 7;
  return wd === 0 || wd === 6;
};

/** Online time per UTC 15-minute slot (every IANA offset is a multiple of 15 minutes, so slots align locally). */
export class Occupancy {
  private readonly covered = new Map<number, number>();
  readonly firstDayMs: number | null;

  constructor(intervals: readonly TimeRange[]) {
    let first: number | null = null;
    for (const r of intervals) {
      if (r.end <= r.start) continue;
      first = first === null ? r.start : Math.min(first, r.start);
      for (let slot = Math.floor(r.start / SLOT_MS); slot * SLOT_MS < r.end; slot++) {
        const overlap = Math.min(r.end, (slot + 1) * SLOT_MS) - Math.max(r.start, slot * SLOT_MS);
        if (overlap > 0) this.covered.set(slot, Math.min(SLOT_MS, (this.covered.get(slot) ?? 0) + overlap));
      }
    }
    this.firstDayMs = first;
  }

  /** Whether slot `slot` (0..95) of local day `day` was mostly online (at least half covered). */
  isOnline(tz: string, day: number, slot: number): boolean {
    const at = localMidnightUtc(tz, day) + slot * SLOT_MS;
    return (this.covered.get(Math.floor(at / SLOT_MS)) ?? 0) * 2 >= SLOT_MS;
  }
}

/**
 * Probability of being online for each slot of local day `day`: the weighted frequency of the same
 * slot on the same weekday of the previous `weeks` weeks (only weeks after the person's first
 * activity count, so a newcomer is not predicted offline), blended with the same slot on the most
 * recent days of the same kind before `asOf` (the first predicted day). Null when there is no history.
 */
export function slotProbabilities(
  occupancy: Occupancy,
  tz: string,
  day: number,
  model: PredictionModel = DEFAULT_MODEL,
  asOf: number = day,
): Float64Array | null {
  const firstDay = occupancy.firstDayMs === null ? null : localDayOf(tz, occupancy.firstDayMs);
  if (firstDay === null) return null;
  const probs = new Float64Array(SLOTS_PER_DAY);
  let totalWeight = 0;
  for (let k = 1; k <= model.weeks; k++) {
    const past = day - 7 * k;
    if (past < firstDay) break;
    const w = model.decay ** (k - 1);
    totalWeight += w;
    for (let s = 0; s < SLOTS_PER_DAY; s++) if (occupancy.isOnline(tz, past, s)) probs[s] = (probs[s] ?? 0) + w;
  }
  if (totalWeight === 0) return null;
  for (let s = 0; s < SLOTS_PER_DAY; s++) probs[s] = (probs[s] ?? 0) / totalWeight;
  if (model.blend <= 0) return probs;

  // The most recent days of the same kind before the prediction starts (`asOf`): only the past is used.
  const weekend = isWeekend(day);
  const recent = new Float64Array(SLOTS_PER_DAY);
  let recentWeight = 0;
  for (let past = Math.min(asOf, day) - 1; past >= firstDay && recentWeight < model.recentDays; past--) {
    if (isWeekend(past) !== weekend) continue;
    recentWeight++;
    for (let s = 0; s < SLOTS_PER_DAY; s++) if (occupancy.isOnline(tz, past, s)) recent[s] = (recent[s] ?? 0) + 1;
  }
  if (recentWeight === 0) return probs;
  for (let s = 0; s < SLOTS_PER_DAY; s++) {
    probs[s] = (1 - model.blend) * (probs[s] ?? 0) + (model.blend * (recent[s] ?? 0)) / recentWeight;
  }
  return probs;
}

export interface PredictedSpan {
  start: number;
  end: number;
  /** Mean slot probability of the span, 0..1. */
  confidence: number;
}

/** Runs of slots at or above the threshold become spans (within one local day). */
export function spansOfDay(
  probs: Float64Array,
  tz: string,
  day: number,
  threshold = DEFAULT_MODEL.threshold,
): PredictedSpan[] {
  const midnight = localMidnightUtc(tz, day);
  const spans: PredictedSpan[] = [];
  let runStart = -1;
  let sum = 0;
  for (let s = 0; s <= SLOTS_PER_DAY; s++) {
    const p = s < SLOTS_PER_DAY ? (probs[s] ?? 0) : -1;
    if (p >= threshold) {
      if (runStart < 0) {
        runStart = s;
        sum = 0;
      }
      sum += p;
    } else if (runStart >= 0) {
      spans.push({
        start: midnight + runStart * SLOT_MS,
        end: midnight + s * SLOT_MS,
        confidence: Math.round((sum / (s - runStart)) * 1000) / 1000,
      });
      runStart = -1;
    }
  }
  return spans;
}

/** Predicted online spans of the local days from today to today + days - 1. */
export function predictSpans(
  intervals: readonly TimeRange[],
  tz: string,
  now: number,
  days = 7,
  model: PredictionModel = DEFAULT_MODEL,
): PredictedSpan[] {
  const occupancy = new Occupancy(intervals);
  const today = localDayOf(tz, now);
  const spans: PredictedSpan[] = [];
  for (let d = today; d < today + days; d++) {
    const probs = slotProbabilities(occupancy, tz, d, model, today);
    if (probs) spans.push(...spansOfDay(probs, tz, d, model.threshold));
  }
  return spans;
}
