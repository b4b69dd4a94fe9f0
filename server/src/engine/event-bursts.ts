import type { TimeRange } from './blocks.ts';

/**
 * Events from a source with no presence (commits, deployments, document edits) open activity blocks
 * by this rule (docs/decisions.md, "Events as activity"):
 * - a burst is a maximal run of event instants, each at most EVENT_BURST_GAP_MS after the previous;
 * - a burst of at least EVENT_BURST_MIN_INSTANTS distinct instants is a block from its first instant
 *   to its last; a lone event is only a marker;
 * - a manually edited block owns its range: instants inside it are ignored, and no burst runs across
 *   it (the instants between edited ranges are grouped separately).
 * A pure function of the set of instants: order and duplicates do not matter.
 */
export const EVENT_BURST_GAP_MS = 30 * 60_000;
export const EVENT_BURST_MIN_INSTANTS = 2;

export interface EventBurst {
  start: number;
  end: number;
  /** Distinct event instants in the burst. */
  instants: number;
}

function burstsOf(sorted: readonly number[], gapMs: number): EventBurst[] {
  const bursts: EventBurst[] = [];
  let start = Number.NaN;
  let last = Number.NaN;
  let count = 0;
  const close = () => {
    if (count >= EVENT_BURST_MIN_INSTANTS) bursts.push({ start, end: last, instants: count });
  };
  for (const at of sorted) {
    if (count > 0 && at - last <= gapMs) {
      last = at;
      count++;
      continue;
    }
    if (count > 0) close();
    start = at;
    last = at;
    count = 1;
  }
  if (count > 0) close();
  return bursts;
}

/** The blocks a set of event instants (epoch ms) opens, around the edited ranges. */
export function computeEventBursts(
  times: readonly number[],
  edited: readonly TimeRange[] = [],
  gapMs: number = EVENT_BURST_GAP_MS,
): EventBurst[] {
  const ranges = [...edited].sort((a, b) => a.start - b.start);
  const inside = (at: number) => ranges.some((r) => at >= r.start && at <= r.end);
  const instants = [...new Set(times)].filter((at) => !inside(at)).sort((a, b) => a - b);
  if (ranges.length === 0) return burstsOf(instants, gapMs);
  const result: EventBurst[] = [];
  let from = Number.NEGATIVE_INFINITY;
  for (const boundary of [...ranges, { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY }]) {
    result.push(
      ...burstsOf(
        instants.filter((at) => at > from && at < boundary.start),
        gapMs,
      ),
    );
    from = Math.max(from, boundary.end);
  }
  return result;
}

/**
 * The window whose event blocks must be recomputed after new events at `newTimes`: a gap either side
 * of them, widened to the (unedited) event blocks it touches. Recomputing the blocks inside it from
 * the events inside it gives the same blocks as recomputing everything (property-tested).
 */
export function eventBurstWindow(
  newTimes: readonly number[],
  existing: readonly TimeRange[],
  gapMs: number = EVENT_BURST_GAP_MS,
): TimeRange {
  let lo = Math.min(...newTimes) - gapMs;
  let hi = Math.max(...newTimes) + gapMs;
  for (const block of existing) {
    if (block.start <= hi && block.end >= lo) {
      lo = Math.min(lo, block.start);
      hi = Math.max(hi, block.end);
    }
  }
  return { start: lo, end: hi };
}
