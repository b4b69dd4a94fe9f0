import type { OverlapSlot } from '@overlap/contract/overlap';
import { clockIn, clockRange } from './time-text';

/** One half hour of the strip: how many of the shown people are online, and how many more are likely. */
export interface StripBar {
  start: number;
  end: number;
  online: string[];
  likely: string[];
  label: string;
}

/** `people`: the answer's list, which the slots name people by position in. */
export function stripBars(slots: readonly OverlapSlot[], people: readonly string[], timeZone: string): StripBar[] {
  const ids = (positions: readonly number[]) => positions.map((n) => people[n] as string);
  return slots.map((s) => ({
    start: Date.parse(s.start),
    end: Date.parse(s.end),
    online: ids(s.online),
    likely: ids(s.likely),
    label: clockRange(s.start, s.end, timeZone),
  }));
}

const together = (b: StripBar) => b.online.length + b.likely.length;

/** The longest stretch of half hours with the most people together: its time and head count. Null when nobody is there. */
export function busiestStretch(bars: readonly StripBar[], timeZone: string): { label: string; count: number } | null {
  const counts = bars.map(together);
  const most = Math.max(0, ...counts);
  if (most === 0) return null;
  let best = { from: 0, to: -1 };
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== most) continue;
    let j = i;
    while (j + 1 < counts.length && counts[j + 1] === most) j++;
    if (j - i > best.to - best.from) best = { from: i, to: j };
    i = j;
  }
  const first = bars[best.from] as StripBar;
  const last = bars[best.to] as StripBar;
  return { label: clockRange(first.start, last.end, timeZone), count: most };
}

/** One sentence for a bar: '14:00–14:30: 2 online (Ana, Ben), 1 likely (Chie)'. */
export function describeBar(bar: StripBar, nameOf: (id: string) => string): string {
  const part = (ids: string[], what: string) =>
    ids.length ? `${ids.length} ${what} (${ids.map(nameOf).join(', ')})` : '';
  const parts = [part(bar.online, 'online'), part(bar.likely, 'likely')].filter(Boolean);
  return `${bar.label}: ${parts.length ? parts.join(', ') : 'nobody'}`;
}

/** Index of the bars that start a labelled hour (every `everyHours` hours of local time). */
export function hourTicks(
  bars: readonly StripBar[],
  timeZone: string,
  everyHours = 6,
): { index: number; text: string }[] {
  const ticks: { index: number; text: string }[] = [];
  bars.forEach((bar, index) => {
    const text = clockIn(bar.start, timeZone);
    const [h, m] = text.split(':').map(Number) as [number, number];
    if (m === 0 && h % everyHours === 0) ticks.push({ index, text });
  });
  return ticks;
}
