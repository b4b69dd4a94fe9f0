const valid = new Map<string, boolean>();

/** True when the IANA zone name is known (cached: the check builds an Intl formatter). */
export function isValidTimezone(tz: string | null | undefined): tz is string {
  if (!tz) return false;
  let ok = valid.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    valid.set(tz, ok);
  }
  return ok;
}

/** A person's effective timezone: manual wins over automatic; unknown names fall back to UTC. */
export function effectiveTimezone(manual: string | null | undefined, automatic?: string | null): string {
  if (isValidTimezone(manual)) return manual;
  if (isValidTimezone(automatic)) return automatic;
  return 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

/** Offset of `tz` from UTC at `utcMs`, in ms (cached per zone and hour). */
export function tzOffsetMs(tz: string, utcMs: number): number {
  const hour = Math.floor(utcMs / 3_600_000);
  const cacheKey = `${tz}|${hour}`;
  const cached = offsets.get(cacheKey);
  if (cached !== undefined) return cached;
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(tz, f);
  }
  const at = hour * 3_600_000;
  const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  const offset = local - at;
  offsets.set(cacheKey, offset);
  return offset;
}

/** Days since 1970-01-01 of the local date of `utcMs` in `tz`. */
export const localDayOf = (tz: string, utcMs: number) => Math.floor((utcMs + tzOffsetMs(tz, utcMs)) / 86_400_000);

/** UTC ms of local midnight starting local day `day` in `tz` (offset taken at local noon). */
export const localMidnightUtc = (tz: string, day: number) =>
  day * 86_400_000 - tzOffsetMs(tz, day * 86_400_000 + 12 * 3_600_000);
