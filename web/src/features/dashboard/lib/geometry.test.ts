import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  formatDuration,
  HOUR_HEIGHT,
  minuteOfDay,
  openingScrollTop,
  placeInDay,
  scrollTopClearOfCuts,
  spanToPixels,
} from './geometry';
import { startOfDateIn } from './view-date';

const day = (key: string, timeZone: string) => {
  const start = startOfDateIn(key, timeZone);
  const end = startOfDateIn(key === '2025-03-30' ? '2025-03-31' : '2025-05-02', timeZone);
  return { start, end, timeZone };
};

describe('timeline geometry', () => {
  it('places instants at their wall-clock minute in the viewer timezone', () => {
    const d = day('2025-05-01', 'Europe/Berlin');
    expect(minuteOfDay(new Date('2025-05-01T07:30:00Z'), d.start, d.end, d.timeZone)).toBe(9 * 60 + 30);
    expect(minuteOfDay(new Date('2025-04-30T10:00:00Z'), d.start, d.end, d.timeZone)).toBe(0);
    expect(minuteOfDay(new Date('2025-05-03T10:00:00Z'), d.start, d.end, d.timeZone)).toBe(1440);
  });

  it('keeps hours on their rows on a DST day', () => {
    const d = day('2025-03-30', 'Europe/Berlin');
    // 10:00 local (CEST, UTC+2) after the 02:00 -> 03:00 jump.
    expect(minuteOfDay(new Date('2025-03-30T08:00:00Z'), d.start, d.end, d.timeZone)).toBe(600);
  });

  it('turns minutes into pixels, exact to the minute', () => {
    expect(spanToPixels(60, 90)).toEqual({ top: HOUR_HEIGHT, height: HOUR_HEIGHT / 2 });
    expect(spanToPixels(600, 600).height).toBe(2);
  });

  it('clips blocks to the day and runs an ongoing block to now', () => {
    const d = day('2025-05-01', 'UTC');
    const now = new Date('2025-05-01T12:00:00Z');
    expect(placeInDay('2025-05-01T10:00:00Z', null, d, now)).toEqual({
      top: 10 * HOUR_HEIGHT,
      height: 2 * HOUR_HEIGHT,
    });
    expect(placeInDay('2025-04-30T22:00:00Z', '2025-05-01T01:00:00Z', d, now)).toEqual({ top: 0, height: HOUR_HEIGHT });
    expect(placeInDay('2025-04-29T22:00:00Z', '2025-04-29T23:00:00Z', d, now)).toBeNull();
  });

  it('formats durations', () => {
    expect(durationMinutes('2025-05-01T10:00:00Z', '2025-05-01T11:05:00Z')).toBe(65);
    expect(formatDuration(65)).toBe('1h 05m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(120)).toBe('2h');
  });
});

describe('opening scroll offset', () => {
  it('keeps an offset that leaves every target at least 24 px in view or wholly above it', () => {
    expect(scrollTopClearOfCuts(100, [{ top: 0, height: 49 }])).toBe(100);
    expect(scrollTopClearOfCuts(20, [{ top: 0, height: 49 }])).toBe(20);
    expect(scrollTopClearOfCuts(-5, [])).toBe(0);
  });

  it('moves up to the top of a target that would show less than 24 px below the header', () => {
    expect(scrollTopClearOfCuts(27, [{ top: 0, height: 48.9 }])).toBe(0);
    // A short block is pressed on its 24 px target, not on its drawing.
    expect(scrollTopClearOfCuts(210, [{ top: 200, height: 4 }])).toBe(200);
  });

  it('moves up to a target under the header whose top sticks out less than 24 px above the scroller', () => {
    // Header 56 px: at 300 the scroller's edge is at 244; a block 230-290 shows 14 px above it (clipped).
    expect(scrollTopClearOfCuts(300, [{ top: 230, height: 60 }], 24, 56)).toBe(230);
    // 24 px or more above the edge, or wholly above it, or ending in view with 24 px: left alone.
    expect(scrollTopClearOfCuts(300, [{ top: 220, height: 70 }], 24, 56)).toBe(300);
    expect(scrollTopClearOfCuts(300, [{ top: 180, height: 60 }], 24, 56)).toBe(300);
    expect(scrollTopClearOfCuts(300, [{ top: 230, height: 100 }], 24, 56)).toBe(300);
    // Without the header's height, as before.
    expect(scrollTopClearOfCuts(300, [{ top: 230, height: 60 }])).toBe(300);
  });

  it('opens three hours before now, or at 07:00, within the scroll range and off cut targets', () => {
    expect(openingScrollTop(10 * 44, 600, [], 56)).toBe(7 * 44);
    expect(openingScrollTop(null, 600, [], 56)).toBe(7 * 44);
    expect(openingScrollTop(2 * 44, 600, [], 56)).toBe(0);
    // Late in the day the view stops at the end of its range (467 px on a phone): the cuts are
    // cleared there, not at 18:20 - 3 h (the browser clamped that offset after the check).
    expect(openingScrollTop(18.33 * 44, 467, [], 56)).toBe(467);
    expect(openingScrollTop(18.33 * 44, 467, [{ top: 391, height: 66 }], 56)).toBe(391);
    expect(openingScrollTop(18.33 * 44, 467, [{ top: 440, height: 40 }], 56)).toBe(440);
  });

  it("moves again when the new offset cuts another column's target", () => {
    expect(
      scrollTopClearOfCuts(300, [
        { top: 280, height: 40 },
        { top: 250, height: 40 },
      ]),
    ).toBe(250);
  });
});
