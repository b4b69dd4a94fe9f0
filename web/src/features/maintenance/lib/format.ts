const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 'Mar 14, 09:30' of an instant, in the viewer's timezone unless one is given. */
export function formatInstant(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

/** 'Sat, Nov 14' of a calendar day key ('2026-11-14'); the key itself when it is not one. */
export function formatDayKey(key: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return key;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).format(day);
}

/** The dashboard's address of a day ('/#2026-11-14'). */
export const dayHref = (key: string) => `/#${key}`;

/** '9.5 h' */
export const formatHours = (hours: number) => `${hoursFormat.format(hours)} h`;

/** '45 min', '1 h 35 min', '2 d 3 h' */
export function formatMinutes(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
  }
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.round((minutes - days * 24 * 60) / 60);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** A block's person, or 'Unknown person' when the name is missing. */
export const personLabel = (personName: string | null) => personName ?? 'Unknown person';
