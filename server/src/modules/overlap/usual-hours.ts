import type { ClockRange } from '@overlap/contract/overlap';
import { addDays } from '../../lib/zoned-time.ts';
import { clockText, minuteOfDay, wallClockToInstant } from './clock.ts';
import { coveredMs, mergeSpans, type Span } from './spans.ts';

export const USUAL_LOOKBACK_DAYS = 28;
const SLOT_MINUTES = 30;
const SLOTS = (24 * 60) / SLOT_MINUTES;

/** Wall-clock minutes [start, end) after midnight; end may pass 1440 when the range crosses midnight. */
export interface MinuteRange {
  start: number;
  end: number;
}

/**
 * The half hours of the day a person is usually online: those in which the person was online for at
 * least half of the half hour on at least half of the days with any activity among the
 * `lookbackDays` local days before `today`. Consecutive half hours join into ranges; a range that
 * runs through midnight is one range.
 */
export function usualHours(
  blocks: readonly Span[],
  timeZone: string,
  today: string,
  lookbackDays = USUAL_LOOKBACK_DAYS,
): { ranges: MinuteRange[]; basedOnDays: number } {
  const merged = mergeSpans(blocks);
  const counts = new Array<number>(SLOTS).fill(0);
  let activeDays = 0;
  for (let back = lookbackDays; back >= 1; back--) {
    const date = addDays(today, -back);
    const dayStart = wallClockToInstant(date, 0, timeZone);
    const dayEnd = wallClockToInstant(addDays(date, 1), 0, timeZone);
    if (coveredMs(merged, dayStart, dayEnd) === 0) continue;
    activeDays++;
    for (let k = 0; k < SLOTS; k++) {
      const from = wallClockToInstant(date, k * SLOT_MINUTES, timeZone);
      const to = wallClockToInstant(date, (k + 1) * SLOT_MINUTES, timeZone);
      if (to > from && coveredMs(merged, from, to) * 2 >= to - from) counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  if (activeDays === 0) return { ranges: [], basedOnDays: 0 };

  const ranges: MinuteRange[] = [];
  for (let k = 0; k < SLOTS; k++) {
    if ((counts[k] ?? 0) * 2 < activeDays) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.end === k * SLOT_MINUTES) last.end += SLOT_MINUTES;
    else ranges.push({ start: k * SLOT_MINUTES, end: (k + 1) * SLOT_MINUTES });
  }
  const first = ranges[0];
  const final = ranges[ranges.length - 1];
  if (ranges.length > 1 && first && final && first.start === 0 && final.end === 24 * 60) {
    ranges.shift();
    final.end = 24 * 60 + first.end;
  }
  return { ranges, basedOnDays: activeDays };
}

/** Ranges as 'HH:MM' text in the person's own time. */
export const rangesAsClock = (ranges: readonly MinuteRange[]): ClockRange[] =>
  ranges.map((r) => ({ start: clockText(r.start), end: clockText(r.end) }));

/** The same ranges on `date` in the person's timezone, read on the viewer's wall clock. */
export function rangesInViewerTime(
  ranges: readonly MinuteRange[],
  date: string,
  personTimeZone: string,
  viewerTimeZone: string,
): ClockRange[] {
  return ranges.map((r) => {
    const start = wallClockToInstant(date, r.start, personTimeZone);
    const end = start + (r.end - r.start) * 60_000;
    return { start: clockText(minuteOfDay(start, viewerTimeZone)), end: clockText(minuteOfDay(end, viewerTimeZone)) };
  });
}
