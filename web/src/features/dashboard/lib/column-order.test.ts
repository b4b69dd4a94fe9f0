import { describe, expect, it } from 'vitest';
import { orderColumns, utcOffsetMinutes } from './column-order';

const team = [
  { name: 'Chen', email: null, timezone: 'Asia/Shanghai' },
  { name: 'ana', email: null, timezone: 'Europe/Lisbon' },
  { name: 'Bea', email: null, timezone: 'America/New_York' },
  { name: null, email: 'dev@x.io', timezone: 'Europe/Lisbon' },
];
const JUNE = new Date('2025-06-18T12:00:00Z');

describe('timeline column order', () => {
  it('sorts by name, by timezone or by current local time', () => {
    expect(orderColumns(team, 'name', JUNE).map((p) => p.name ?? p.email)).toEqual(['ana', 'Bea', 'Chen', 'dev@x.io']);
    expect(orderColumns(team, 'timezone', JUNE).map((p) => p.name ?? p.email)).toEqual([
      'Bea',
      'Chen',
      'ana',
      'dev@x.io',
    ]);
    expect(orderColumns(team, 'localTime', JUNE).map((p) => p.name ?? p.email)).toEqual([
      'Chen',
      'ana',
      'dev@x.io',
      'Bea',
    ]);
    expect(team.map((p) => p.name ?? p.email)).toEqual(['Chen', 'ana', 'Bea', 'dev@x.io']);
  });

  it('reads UTC offsets with daylight saving', () => {
    expect(utcOffsetMinutes('America/New_York', JUNE)).toBe(-240);
    expect(utcOffsetMinutes('Asia/Kolkata', JUNE)).toBe(330);
    expect(utcOffsetMinutes('UTC', JUNE)).toBe(0);
    expect(utcOffsetMinutes('Nowhere/Land', JUNE)).toBe(0);
  });
});
