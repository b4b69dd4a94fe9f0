export type ColumnOrder = 'name' | 'timezone' | 'localTime';

export const COLUMN_ORDER_KEY = 'overlap.timelineOrder';

interface Sortable {
  name: string | null;
  email: string | null;
  timezone: string;
}

const nameOf = (p: Sortable) => (p.name || p.email || '').toLowerCase();

/** Minutes a timezone is ahead of UTC at `at` (0 for an unknown zone). */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
    const text = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(text);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return 0;
  }
}

/**
 * The timeline's columns by name (A-Z), by timezone (grouped by zone name, then name) or by current
 * local time (furthest ahead first, then name). A new array; the input is untouched.
 */
export function orderColumns<T extends Sortable>(people: readonly T[], order: ColumnOrder, now: Date): T[] {
  const byName = (a: T, b: T) => nameOf(a).localeCompare(nameOf(b));
  const copy = [...people];
  if (order === 'timezone') return copy.sort((a, b) => a.timezone.localeCompare(b.timezone) || byName(a, b));
  if (order === 'localTime') {
    const offsets = new Map(copy.map((p) => [p.timezone, utcOffsetMinutes(p.timezone, now)]));
    return copy.sort((a, b) => (offsets.get(b.timezone) ?? 0) - (offsets.get(a.timezone) ?? 0) || byName(a, b));
  }
  return copy.sort(byName);
}

export function readColumnOrder(storage: Storage | undefined = globalThis.localStorage): ColumnOrder {
  try {
    const value = storage?.getItem(COLUMN_ORDER_KEY);
    return value === 'timezone' || value === 'localTime' ? value : 'name';
  } catch {
    return 'name';
  }
}

export function writeColumnOrder(order: ColumnOrder, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(COLUMN_ORDER_KEY, order);
  } catch {
    /* storage blocked: this visit only */
  }
}
