import { useState } from 'react';
import { DayLink } from './day-link';

const SHOWN = 4;

/** The days a gap touched, each a link to the timeline; long lists fold behind '+N more'. */
export function AffectedDates({ dates }: { dates: readonly string[] }) {
  const [expanded, setExpanded] = useState(false);
  if (dates.length === 0) return <span className="text-muted">None</span>;
  const shown = expanded ? dates : dates.slice(0, SHOWN);
  const hidden = dates.length - shown.length;
  return (
    <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 md:justify-start">
      {shown.map((date) => (
        <DayLink key={date} date={date} />
      ))}
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          className="text-[13px] text-muted underline-offset-4 hover:text-fg hover:underline"
        >
          +{hidden} more
        </button>
      ) : null}
    </span>
  );
}
