import { TZDate } from '@date-fns/tz';

/** Height of one hourly row of the timeline and of the week grid. */
export const HOUR_HEIGHT = 44;
const DAY_MINUTES = 24 * 60;
export const GRID_HEIGHT = 24 * HOUR_HEIGHT;
export const MIN_COLUMN_WIDTH = 128;
export const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/**
 * Minutes since local midnight of the day [dayStart, dayEnd) for an instant, by wall clock in the
 * timezone (so DST days keep hours on their rows); clamped to 0..1440 outside the day.
 */
export function minuteOfDay(at: Date | number, dayStart: Date, dayEnd: Date, timeZone: string): number {
  const t = typeof at === 'number' ? at : at.getTime();
  if (t <= dayStart.getTime()) return 0;
  if (t >= dayEnd.getTime()) return DAY_MINUTES;
  const local = new TZDate(t, timeZone);
  return local.getHours() * 60 + local.getMinutes() + local.getSeconds() / 60;
}

export interface Span {
  top: number;
  height: number;
}

/** Pixel top and height of a span of minutes; very short spans keep a visible 2 px. */
export function spanToPixels(startMinute: number, endMinute: number, hourHeight = HOUR_HEIGHT): Span {
  const top = (startMinute / 60) * hourHeight;
  const height = Math.max(2, ((Math.max(endMinute, startMinute) - startMinute) / 60) * hourHeight);
  return { top, height: Math.min(height, 24 * hourHeight - top) };
}

/** Where a block sits in a day: an ongoing (endless) block runs to `now`. Null when outside the day. */
export function placeInDay(
  start: string | Date,
  end: string | Date | null | undefined,
  day: { start: Date; end: Date; timeZone: string },
  now: Date,
  hourHeight = HOUR_HEIGHT,
): Span | null {
  const s = new Date(start).getTime();
  const e = end ? new Date(end).getTime() : Math.max(now.getTime(), s);
  if (e < day.start.getTime() || s >= day.end.getTime()) return null;
  const a = minuteOfDay(s, day.start, day.end, day.timeZone);
  const b = minuteOfDay(e, day.start, day.end, day.timeZone);
  return spanToPixels(a, b, hourHeight);
}

/** Duration in minutes between two instants (an open end counts to now). */
export function durationMinutes(start: string | Date, end: string | Date | null | undefined, now = new Date()): number {
  const e = end ? new Date(end).getTime() : now.getTime();
  return Math.max(0, Math.round((e - new Date(start).getTime()) / 60000));
}

/** '45m', '2h', '2h 05m'. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h}h ${String(rest).padStart(2, '0')}m` : `${h}h`;
}

/**
 * A scroll offset at or above `scrollTop` that cuts no target so that less than `min` px of it
 * stays in view below the sticky header (a block half hidden under the header would leave its
 * button too small to press): the view moves up to the top of such a target, as often as needed.
 * With the header's height (`header`), it also moves up to a target hidden under the header whose
 * top sticks out less than `min` px above the scroller's edge: nothing of it can be seen there, but
 * accessibility checkers (axe's target-size) measure a target without the scroller's clipping and
 * would count that strip as a target too small to press.
 */
export function scrollTopClearOfCuts(scrollTop: number, targets: readonly Span[], min = 24, header = 0): number {
  let top = Math.max(0, scrollTop);
  for (let moved = true; moved && top > 0; ) {
    moved = false;
    for (const t of targets) {
      const bottom = t.top + Math.max(t.height, min);
      const cutByHeader = t.top < top && bottom > top && bottom - top < min + 1;
      const edge = top - header;
      const stripAboveEdge =
        header > 0 && t.top < edge && bottom > edge && edge - t.top < min && bottom - top < min + 1;
      if (cutByHeader || stripAboveEdge) {
        top = Math.max(0, t.top);
        moved = true;
      }
    }
  }
  return top;
}

/**
 * Where a day opens (scroll offset of its grid): three hours before now (`now`, px into the day, on
 * today) or at 07:00, within the timeline's scroll range (`range`: late in the day the view stops at
 * the day's end, and the cuts to clear are those of where it stops), moved up off the targets it
 * would cut (scrollTopClearOfCuts, with the sticky header's height).
 */
export function openingScrollTop(now: number | null, range: number, targets: readonly Span[], header: number): number {
  const wanted = Math.max(0, now !== null ? now - 3 * HOUR_HEIGHT : 7 * HOUR_HEIGHT);
  return scrollTopClearOfCuts(Math.min(Math.max(0, range), wanted), targets, 24, header);
}
