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

export const round2 = (x: number) => Math.round(x * 100) / 100;
