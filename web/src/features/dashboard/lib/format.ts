import { formatDateTime as formatDateTimeIn, formatTime } from '../../../lib/format-time';

/** The clock of an instant in a timezone, in the user's 12- or 24-hour format. */
export const formatClock = (at: Date | number, timeZone: string): string => formatTime(at, { timeZone });

/** Date and time of an instant in the viewer's timezone ('1 May 2025, 14:05'). */
export const formatDateTime = (at: string | Date): string => formatDateTimeIn(at);

export { viewerTimeZone } from '../../../lib/format-time';
