import type { OverlapSlot } from '@overlap/contract/overlap';
import { describe, expect, it } from 'vitest';
import { busiestStretch, describeBar, hourTicks, stripBars } from './strip';
import { dayLabel, durationText } from './time-text';

/** The answer's people list: slots name people by their position in it. */
const PEOPLE = ['c', 'a', 'b'];
const slot = (start: string, online: string[], likely: string[] = []): OverlapSlot => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  online: online.map((id) => PEOPLE.indexOf(id)).sort((x, y) => x - y),
  likely: likely.map((id) => PEOPLE.indexOf(id)).sort((x, y) => x - y),
  likelyConfidence: likely.map(() => 0.8),
});

describe('overlap strip', () => {
  const slots = [
    slot('2025-06-10T10:00:00Z', ['a']),
    slot('2025-06-10T10:30:00Z', ['a', 'b']),
    slot('2025-06-10T11:00:00Z', ['a'], ['b']),
    slot('2025-06-10T11:30:00Z', [], ['c']),
    slot('2025-06-10T12:00:00Z', ['a'], ['b']),
  ];

  it('labels each half hour in the viewer’s time and finds the longest stretch with the most people', () => {
    const bars = stripBars(slots, PEOPLE, 'Europe/Berlin');
    expect(bars.map((b) => b.label)).toEqual([
      '12:00–12:30',
      '12:30–13:00',
      '13:00–13:30',
      '13:30–14:00',
      '14:00–14:30',
    ]);
    expect(busiestStretch(bars, 'Europe/Berlin')).toEqual({ label: '12:30–13:30', count: 2 });
    expect(busiestStretch(stripBars([slot('2025-06-10T10:00:00Z', [])], PEOPLE, 'UTC'), 'UTC')).toBeNull();
  });

  it('says who is around in a half hour', () => {
    const bars = stripBars(slots, PEOPLE, 'UTC');
    const names: Record<string, string> = { a: 'Ana', b: 'Ben', c: 'Chie' };
    const nameOf = (id: string) => names[id] ?? id;
    expect(describeBar(bars[2] as (typeof bars)[number], nameOf)).toBe('11:00–11:30: 1 online (Ana), 1 likely (Ben)');
    expect(
      describeBar(stripBars([slot('2025-06-10T10:00:00Z', [])], PEOPLE, 'UTC')[0] as (typeof bars)[number], nameOf),
    ).toBe('10:00–10:30: nobody');
  });

  it('puts hour labels every six hours of local time', () => {
    const day = Array.from({ length: 48 }, (_, i) =>
      slot(new Date(Date.parse('2025-06-09T22:00:00Z') + i * 30 * 60_000).toISOString(), []),
    );
    expect(hourTicks(stripBars(day, PEOPLE, 'Europe/Berlin'), 'Europe/Berlin')).toEqual([
      { index: 0, text: '00:00' },
      { index: 12, text: '06:00' },
      { index: 24, text: '12:00' },
      { index: 36, text: '18:00' },
    ]);
  });
});

describe('time text', () => {
  it('writes durations as hours and minutes', () => {
    expect(durationText(285 * 60_000)).toBe('4h 45m');
    expect(durationText(120 * 60_000)).toBe('2h');
    expect(durationText(30 * 60_000)).toBe('30m');
  });

  it('names days relative to today in the viewer’s timezone', () => {
    expect(dayLabel('2025-06-10T22:30:00Z', 'Europe/Berlin', '2025-06-10')).toBe('Tomorrow');
    expect(dayLabel('2025-06-10T22:30:00Z', 'UTC', '2025-06-10')).toBe('Today');
    expect(dayLabel('2025-06-12T09:00:00Z', 'UTC', '2025-06-10')).toBe('Thu 12 Jun');
  });
});
