import { describe, expect, it } from 'vitest';
import { formatAge, formatDateAgo, formatRelativeTime } from './relative-time';

const now = new Date('2025-05-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [9_999, 'just now'],
    [10 * S, '10 seconds ago'],
    [59 * S, '59 seconds ago'],
    [M, '1 minute ago'],
    [59 * M, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [D, '1 day ago'],
    [6 * D + 23 * H, '6 days ago'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('shows a date from 7 days on', () => {
    expect(formatRelativeTime(ago(7 * D), now)).toBe('13 May 2025');
    expect(formatRelativeTime('2024-01-02T12:00:00Z', now)).toBe('2 Jan 2024');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatRelativeTime(ago(5 * M).toISOString(), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * H).getTime(), now)).toBe('2 hours ago');
  });

  it("says 'invalid date' for bad input", () => {
    for (const bad of ['not a date', '', null, undefined, Number.NaN, new Date('x')]) {
      expect(formatRelativeTime(bad, now)).toBe('invalid date');
    }
  });

  it('treats a slightly future instant (clock skew) as just now and a far one as a date', () => {
    expect(formatRelativeTime(ago(-5 * S), now)).toBe('just now');
    expect(formatRelativeTime(ago(-3 * D), now)).toBe('23 May 2025');
  });
});

describe('formatDateAgo', () => {
  it('counts days, then months, then years', () => {
    expect(formatDateAgo(ago(2 * H), now)).toBe('today');
    expect(formatDateAgo(ago(3 * D), now)).toBe('3 days ago');
    expect(formatDateAgo('2025-03-10T12:00:00Z', now)).toBe('2 months ago');
    expect(formatDateAgo('2023-04-01T12:00:00Z', now)).toBe('2 years ago');
    expect(formatDateAgo('garbage', now)).toBe('invalid date');
  });
});

describe('formatAge (footer)', () => {
  it('is Nm, Nh or Nd ago', () => {
    expect(formatAge(ago(30 * S), now)).toBe('0m ago');
    expect(formatAge(ago(42 * M), now)).toBe('42m ago');
    expect(formatAge(ago(5 * H + 10 * M), now)).toBe('5h ago');
    expect(formatAge(ago(3 * D + 2 * H), now)).toBe('3d ago');
    expect(formatAge('nope', now)).toBe('invalid date');
  });
});
