import { Link } from 'react-router';
import { dayHref, formatDayKey } from '../lib/format';

/** A calendar day that opens the team timeline on that day. */
export function DayLink({ date }: { date: string }) {
  return (
    <Link
      to={dayHref(date)}
      title={`Open ${date} on the timeline`}
      className="tabular whitespace-nowrap text-accent-text underline-offset-4 hover:underline"
    >
      {formatDayKey(date)}
    </Link>
  );
}
