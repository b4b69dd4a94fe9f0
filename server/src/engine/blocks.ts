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
  /** The integration's default sampling step (catalogue or plan interval): the cadence assumed until a source shows its own. */
  stepMs: number;
  now: number;
  /** The silence timeout set in the integration's Setup, which replaces the learned one; null or absent to learn it. */
  silenceTimeoutMs?: number | null;
}

export interface TimeRange {
  start: number;
  end: number;
}

/** How many of the latest gaps between a person-integration's samples its learned cadence looks at. */
export const CADENCE_GAPS = 5;
/** Gaps longer than this (or than the step, if longer) are silences, not evidence of a cadence. */
export const MAX_LEARNED_CADENCE_MS = 30 * 60_000;

/**
 * Grace added to a cadence before a silence ends a block: half a cadence, at least one minute.
 * A source that reports every 5 minutes may be up to 7.5 minutes late before the block closes.
 */
export function graceMsFor(stepMs: number): number {
  return Math.max(60_000, Math.round(stepMs / 2));
}

/** The longest cadence learned for these options. */
export const cadenceCapMs = (opts: Pick<BlockOptions, 'stepMs'>): number =>
  Math.max(MAX_LEARNED_CADENCE_MS, opts.stepMs);

/** The longest a block can stay open after its last active sample under these options. */
export function maxSilenceTimeoutMs(opts: Pick<BlockOptions, 'stepMs' | 'silenceTimeoutMs'>): number {
  if (opts.silenceTimeoutMs) return opts.silenceTimeoutMs;
  const cap = cadenceCapMs(opts);
  return cap + graceMsFor(cap);
}

/** What a person-integration's samples say about its source at one sample. */
export interface Pace {
  /** The observed reporting interval: how long the sample stands for when silence follows it. */
  cadenceMs: number;
  /** How long after the sample an active block stays open without another sample. */
  timeoutMs: number;
}

/**
 * The pace at a sample, from the sample times ending at it (ascending; the last CADENCE_GAPS gaps
 * are read). The cadence is the median of those gaps that are not silences (longer than the cap;
 * the upper one of an even count, as an extra report splits a gap in two), so a few late or extra
 * reports do not move it; the timeout is the cadence plus its grace.
 * Without any such gap (a new source, or the first sample after a long silence) the cadence is the
 * step and the timeout is as long as the slowest cadence that could be learned, so a slow source's
 * second report still continues its first one. A timeout set in Setup replaces the learned one.
 */
export function paceAt(times: readonly number[], opts: Pick<BlockOptions, 'stepMs' | 'silenceTimeoutMs'>): Pace {
  const cap = cadenceCapMs(opts);
  const gaps: number[] = [];
  for (let i = Math.max(1, times.length - CADENCE_GAPS); i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    if (gap > 0 && gap <= cap) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  const learned =
    median === undefined
      ? { cadenceMs: opts.stepMs, timeoutMs: Math.max(cap, opts.stepMs + graceMsFor(opts.stepMs)) }
      : { cadenceMs: median, timeoutMs: median + graceMsFor(median) };
  if (!opts.silenceTimeoutMs) return learned;
  return { cadenceMs: Math.min(learned.cadenceMs, opts.silenceTimeoutMs), timeoutMs: opts.silenceTimeoutMs };
}

export const isActive = (status: PresenceStatus): boolean => ACTIVE_STATUSES.has(status);

/** Sorted by time, one sample per instant (ties broken by STATUS_PRECEDENCE). */
export function normaliseSamples(samples: readonly Sample[]): Sample[] {
  // Usually already so (a source's samples arrive in time order, one per instant): a copy will do.
  let ordered = true;
  for (let i = 1; i < samples.length && ordered; i++)
    ordered = (samples[i] as Sample).at > (samples[i - 1] as Sample).at;
  if (ordered) return samples.slice();
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
 * the set of samples: order and duplicates do not matter. Each sample's pace (paceAt) comes from
 * the samples before it, so it too depends only on the set.
 * - An active sample opens a block, or extends the open one when it arrives within the timeout of
 *   the block's last sample.
 * - An inactive sample ends the open block at its own time (when it comes within that timeout).
 * - A longer silence ends the block one cadence after its last active sample.
 * - The last block stays open (end null) while now is within the timeout of its last sample.
 */
export function computeBlocks(samples: Sample[], opts: BlockOptions): BlockSpan[] {
  return runBlocks({ open: null, recent: [] }, samples, opts);
}

/** The state machine between two samples: the open block (if any) and the latest sample times. */
export interface RunState {
  open: { start: number; last: number } | null;
  /** Up to CADENCE_GAPS + 1 of the latest sample times before the samples to run, ascending. */
  recent: readonly number[];
}

/**
 * The block state machine, started from `initial` (the block still open before these samples and
 * the sample times before them, which all come before these samples). computeBlocks starts it
 * empty; continueBlocks starts it mid-stream.
 */
export function runBlocks(initial: RunState, samples: readonly Sample[], opts: BlockOptions): BlockSpan[] {
  const blocks: BlockSpan[] = [];
  const recent = initial.recent.slice(-(CADENCE_GAPS + 1));
  let pace = paceAt(recent, opts);
  let open = initial.open ? { ...initial.open } : null;
  const closeSilent = (o: { start: number; last: number }) =>
    blocks.push({ start: o.start, end: o.last + pace.cadenceMs, lastSampleAt: o.last });

  for (const s of normaliseSamples(samples)) {
    if (open && s.at - open.last > pace.timeoutMs) {
      closeSilent(open);
      open = null;
    }
    recent.push(s.at);
    if (recent.length > CADENCE_GAPS + 1) recent.shift();
    pace = paceAt(recent, opts);
    if (isActive(s.status)) {
      if (open) open.last = s.at;
      else open = { start: s.at, last: s.at };
    } else if (open) {
      blocks.push({ start: open.start, end: s.at, lastSampleAt: open.last });
      open = null;
    }
  }
  if (open) {
    if (opts.now - open.last <= pace.timeoutMs) blocks.push({ start: open.start, end: null, lastSampleAt: open.last });
    else closeSilent(open);
  }
  return blocks;
}

/**
 * Blocks around manually edited ones: an edited block owns its time range, so samples inside it
 * are ignored, the samples between edited ranges are computed separately, and a computed block
 * never runs into the next edited range. Paces still come from every sample (the source reported
 * them), and `history` holds the times of samples before these ones, for the first paces.
 */
export function computeBlocksAround(
  samples: Sample[],
  edited: readonly TimeRange[],
  opts: BlockOptions,
  history: readonly number[] = [],
): BlockSpan[] {
  const all = normaliseSamples(samples);
  const firstAt = all[0]?.at ?? Number.POSITIVE_INFINITY;
  const earlier = [...new Set(history)].filter((h) => h < firstAt).sort((a, b) => a - b);
  const times = [...earlier, ...all.map((s) => s.at)];
  const recentBefore = (at: number) => {
    let i = times.length;
    while (i > 0 && (times[i - 1] as number) >= at) i--;
    return times.slice(Math.max(0, i - CADENCE_GAPS - 1), i);
  };
  if (edited.length === 0) return runBlocks({ open: null, recent: recentBefore(all[0]?.at ?? 0) }, all, opts);
  const ranges = [...edited].sort((a, b) => a.start - b.start);
  const inside = (at: number) => ranges.some((r) => at >= r.start && at <= r.end);
  const free = all.filter((s) => !inside(s.at));
  const result: BlockSpan[] = [];
  let from = Number.NEGATIVE_INFINITY;
  for (const boundary of [...ranges, { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY }]) {
    const segment = free.filter((s) => s.at > from && s.at < boundary.start);
    const isLast = boundary.start === Number.POSITIVE_INFINITY;
    const first = segment[0];
    if (first) {
      // Before an edited range nothing stays open: the block closes and is clipped to that range.
      const o = isLast ? opts : { ...opts, now: Number.POSITIVE_INFINITY };
      for (const b of runBlocks({ open: null, recent: recentBefore(first.at) }, segment, o)) {
        result.push({ ...b, end: b.end === null ? null : Math.min(b.end, boundary.start) });
      }
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
