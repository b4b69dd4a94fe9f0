import { describe, expect, it } from 'vitest';
import { addDays, isoWeekdayIndex } from '../../lib/zoned-time.ts';
import { wallClockToInstant, zonedIso } from './clock.ts';
import { rangesAsClock, rangesInViewerTime, usualHours } from './usual-hours.ts';

/** Blocks from `from` to `to` (wall clock, minutes) in `tz` on each of the 28 days before `today`. */
function daily(tz: string, today: string, from: number, to: number, keep: (date: string) => boolean = () => true) {
  const spans = [];
  for (let back = 28; back >= 1; back--) {
    const date = addDays(today, -back);
    if (!keep(date)) continue;
    const start = wallClockToInstant(date, from, tz);
    spans.push({ start, end: start + (to - from) * 60_000 });
  }
  return spans;
}
const weekdays = (date: string) => isoWeekdayIndex(date) < 5;

describe('usual online hours', () => {
  it("learns a New York working day and reads it on a Berlin viewer's clock", () => {
    const today = '2025-06-16';
    const blocks = daily('America/New_York', today, 9 * 60, 17 * 60, weekdays);
    // One odd evening does not make the evening usual.
    const odd = wallClockToInstant('2025-06-04', 20 * 60, 'America/New_York');
    blocks.push({ start: odd, end: odd + 60 * 60_000 });
    const usual = usualHours(blocks, 'America/New_York', today);
    expect(usual.basedOnDays).toBe(20);
    expect(rangesAsClock(usual.ranges)).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(rangesInViewerTime(usual.ranges, today, 'America/New_York', 'Europe/Berlin')).toEqual([
      { start: '15:00', end: '23:00' },
    ]);
  });

  it('keeps a night that runs through midnight as one range', () => {
    const today = '2025-06-16';
    const blocks = daily('UTC', today, 22 * 60, 26 * 60);
    const usual = usualHours(blocks, 'UTC', today);
    expect(rangesAsClock(usual.ranges)).toEqual([{ start: '22:00', end: '02:00' }]);
    expect(rangesInViewerTime(usual.ranges, today, 'UTC', 'Asia/Kolkata')).toEqual([{ start: '03:30', end: '07:30' }]);
  });

  it('needs half of the active days: online on 9 of 20 working days is not usual', () => {
    const today = '2025-06-16';
    let n = 0;
    const mornings = daily('UTC', today, 8 * 60, 9 * 60, (d) => weekdays(d) && n++ < 9);
    const days = daily('UTC', today, 10 * 60, 12 * 60, weekdays);
    const usual = usualHours([...mornings, ...days], 'UTC', today);
    expect(rangesAsClock(usual.ranges)).toEqual([{ start: '10:00', end: '12:00' }]);
  });

  it('knows nothing without activity', () => {
    expect(usualHours([], 'Europe/Berlin', '2025-06-16')).toEqual({ ranges: [], basedOnDays: 0 });
  });

  it('writes instants with the zone offset', () => {
    expect(zonedIso(Date.parse('2025-06-10T07:03:09.500Z'), 'Europe/Berlin')).toBe('2025-06-10T09:03:09+02:00');
    expect(zonedIso(Date.parse('2025-01-10T07:03:00Z'), 'America/St_Johns')).toBe('2025-01-10T03:33:00-03:30');
    expect(zonedIso(Date.parse('2025-01-10T07:03:00Z'), 'UTC')).toBe('2025-01-10T07:03:00+00:00');
  });
});
