import type { PresenceStatus } from '../db/schema/activity.ts';

/** Statuses that open or extend a block; every other status (away, offline) ends it. */
export const ACTIVE_STATUSES: ReadonlySet<PresenceStatus> = new Set<PresenceStatus>([
  'online',
  'dnd',
  'meeting',
  'busy',
]);

/**
 * When one instant carries two different statuses, the one earlier in this list wins. A fixed order
 * keeps blocks a function of the sample set, whichever of the two arrived first.
 */
export const STATUS_PRECEDENCE: readonly PresenceStatus[] = ['online', 'meeting', 'busy', 'dnd', 'away', 'offline'];

export interface Sample {
  /** Epoch milliseconds. */
  at: number;
  status: PresenceStatus;
}

export interface BlockSpan {
  start: number;
  /** Null while the block is ongoing. */
  end: number | null;
  /** The last active sample of the block. */
  lastSampleAt: number;
}

export interface BlockOptions {
  stepMs: number;
  graceMs: number;
  now: number;
}

export interface TimeRange {
  start: number;
  end: number;
}

/**
 * Grace added to one sampling step before a silence ends a block: half a step, at least one minute.
 * A source that reports every 5 minutes may be up to 7.5 minutes late before the block closes.
 */
export function graceMsFor(stepMs: number): number {
  return Math.max(60_000, Math.round(stepMs / 2));
}

export const isActive = (status: PresenceStatus): boolean => ACTIVE_STATUSES.has(status);

/** Sorted by time, one sample per instant (ties broken by STATUS_PRECEDENCE). */
export function normaliseSamples(samples: readonly Sample[]): Sample[] {
  const byAt = new Map<number, PresenceStatus>();
  for (const s of samples) {
    const seen = byAt.get(s.at);
    if (seen === undefined || STATUS_PRECEDENCE.indexOf(s.status) < STATUS_PRECEDENCE.indexOf(seen)) {
      byAt.set(s.at, s.status);
    }
  }
  return [...byAt.entries()].sort((a, b) => a[0] - b[0]).map(([at, status]) => ({ at, status }));
}

/**
 * Turns the presence samples of one person-integration into activity blocks. A pure function of
 * the set of samples: order and duplicates do not matter.
 * - An active sample opens a block, or extends the open one when it arrives within step + grace.
 * - An inactive sample ends the open block at its own time (when it comes within step + grace).
 * - A longer silence ends the block one step after its last active sample.
 * - The last block stays open (end null) while now is within step + grace of its last sample.
 */
export function computeBlocks(samples: Sample[], opts: BlockOptions): BlockSpan[] {
  return runBlocks(null, samples, opts);
}

/**
 * The block state machine, started from `open` (the block still open before these samples, or
 * null). computeBlocks starts it empty; continueBlocks starts it mid-stream.
 */
export function runBlocks(
  initial: { start: number; last: number } | null,
  samples: readonly Sample[],
  opts: BlockOptions,
): BlockSpan[] {
  const reach = opts.stepMs + opts.graceMs;
  const blocks: BlockSpan[] = [];
  let open = initial ? { ...initial } : null;
  const closeSilent = (o: { start: number; last: number }) =>
    blocks.push({ start: o.start, end: o.last + opts.stepMs, lastSampleAt: o.last });

  for (const s of normaliseSamples(samples)) {
    if (open && s.at - open.last > reach) {
      closeSilent(open);
      open = null;
    }
    if (isActive(s.status)) {
      if (open) open.last = s.at;
      else open = { start: s.at, last: s.at };
    } else if (open) {
      blocks.push({ start: open.start, end: s.at, lastSampleAt: open.last });
      open = null;
    }
  }
  if (open) {
    if (opts.now - open.last <= reach) blocks.push({ start: open.start, end: null, lastSampleAt: open.last });
    else closeSilent(open);
  }
  return blocks;
}

/**
 * Blocks around manually edited ones: an edited block owns its time range, so samples inside it
 * are ignored, the samples between edited ranges are computed separately, and a computed block
 * never runs into the next edited range.
 */
export function computeBlocksAround(samples: Sample[], edited: readonly TimeRange[], opts: BlockOptions): BlockSpan[] {
  if (edited.length === 0) return computeBlocks(samples, opts);
  const ranges = [...edited].sort((a, b) => a.start - b.start);
  const inside = (at: number) => ranges.some((r) => at >= r.start && at <= r.end);
  const free = samples.filter((s) => !inside(s.at));
  const result: BlockSpan[] = [];
  let from = Number.NEGATIVE_INFINITY;
  for (const boundary of [...ranges, { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY }]) {
    const segment = free.filter((s) => s.at > from && s.at < boundary.start);
    const isLast = boundary.start === Number.POSITIVE_INFINITY;
    // Before an edited range nothing stays open: the block closes and is clipped to that range.
    for (const b of computeBlocks(segment, isLast ? opts : { ...opts, now: Number.POSITIVE_INFINITY })) {
      result.push({ ...b, end: b.end === null ? null : Math.min(b.end, boundary.start) });
    }
    from = Math.max(from, boundary.end);
  }
  return result;
}

/** Total length of the union of the ranges (overlaps count once). */
export function mergedDurationMs(ranges: readonly TimeRange[]): number {
  const sorted = [...ranges].filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = Number.NEGATIVE_INFINITY;
  let curEnd = Number.NEGATIVE_INFINITY;
  for (const r of sorted) {
    if (r.start > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = r.start;
      curEnd = r.end;
    } else curEnd = Math.max(curEnd, r.end);
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}
