/** A half-open stretch of time [start, end) in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

export interface PredictedSpan extends Span {
  /** 0..1 */
  confidence: number;
}

/** The spans sorted and merged where they overlap or touch (blocks of several integrations count once). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ start: s.start, end: s.end });
  }
  return merged;
}

/**
 * How much of [from, to) the merged, sorted `spans` cover, in ms; `first`: the index to start
 * reading at (the spans before it end before `from`).
 */
export function coveredMs(spans: readonly Span[], from: number, to: number, first = 0): number {
  let total = 0;
  for (let i = first; i < spans.length; i++) {
    const s = spans[i] as Span;
    if (s.start >= to) break;
    const overlap = Math.min(s.end, to) - Math.max(s.start, from);
    if (overlap > 0) total += overlap;
  }
  return total;
}

/**
 * The index of the first span, from `first` on, that does not end at or before `at`: for reading
 * slots in time order, each span list is then walked once instead of once per slot. Valid for any
 * list sorted by start (spans after a long one may have ended already and are still read).
 */
export function firstNotEnded(spans: readonly Span[], at: number, first: number): number {
  let i = first;
  while (i < spans.length && (spans[i] as Span).end <= at) i++;
  return i;
}

/**
 * Coverage of [from, to) by predicted spans sorted by start (from index `first` on), and their
 * confidence weighted by the time each covers.
 */
export function predictedCoverage(spans: readonly PredictedSpan[], from: number, to: number, first = 0) {
  let covered = 0;
  let weighted = 0;
  for (let i = first; i < spans.length; i++) {
    const s = spans[i] as PredictedSpan;
    if (s.start >= to) break;
    const overlap = Math.min(s.end, to) - Math.max(s.start, from);
    if (overlap <= 0) continue;
    covered += overlap;
    weighted += overlap * s.confidence;
  }
  return { covered: Math.min(covered, to - from), confidence: covered > 0 ? weighted / covered : 0 };
}

export const round2 = (x: number) => Math.round(x * 100) / 100;
