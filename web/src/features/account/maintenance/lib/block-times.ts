/** The value a datetime-local input shows for an instant, in the viewer's timezone. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The ISO instant a datetime-local value names (read in the viewer's timezone), or null. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export interface BlockTimesCheck {
  errors: { start?: string; end?: string };
  /** Both instants, when the pair is valid. */
  times: { startTime: string; endTime: string } | null;
}

/** An edit needs both start and end, and the end after the start. */
export function checkBlockTimes(start: string, end: string): BlockTimesCheck {
  const startTime = fromDateTimeLocal(start);
  const endTime = fromDateTimeLocal(end);
  const errors: BlockTimesCheck['errors'] = {};
  if (!startTime) errors.start = start ? 'Enter a valid start.' : 'Start is required.';
  if (!endTime) errors.end = end ? 'Enter a valid end.' : 'End is required.';
  if (startTime && endTime && new Date(endTime).getTime() <= new Date(startTime).getTime()) {
    errors.end = 'End must be after start.';
  }
  return { errors, times: startTime && endTime && !errors.end ? { startTime, endTime } : null };
}
