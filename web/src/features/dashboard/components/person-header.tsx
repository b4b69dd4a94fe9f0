import type { DashboardPerson } from '@overlap/contract/activity';
import { X } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { legiblePair } from '../../../lib/legible-color';
import { initialsOf } from '../../../lib/person-colors';
import { localHour, TIME_OF_DAY_LABEL, TIME_OF_DAY_TINT, timeOfDay } from '../../../lib/time-of-day';
import { Tooltip } from '../../../ui/tooltip';
import { useClock } from '../lib/clock';
import { formatClock } from '../lib/format';

export const displayName = (p: { name: string | null; email: string | null }) => p.name || p.email || 'Unknown';

/**
 * The person's clock. In a compact column it stays on one line: the widest 12-hour time ('12:59 PM')
 * is 49.5 px at 10 px with tight tracking, which COMPACT_COLUMN_WIDTH (52 px, 1 of it the border) leaves room for.
 */
function LocalTime({ timeZone, compact }: { timeZone: string; compact: boolean }) {
  const time = useClock((now) => formatClock(now, timeZone));
  const band = timeOfDay(localHour(new Date(), timeZone));
  return (
    <span
      className={cn(
        'tabular inline-flex h-5 items-center rounded font-medium whitespace-nowrap',
        compact ? 'px-0.5 text-[10px] tracking-tight' : 'px-1.5 text-[11px]',
        TIME_OF_DAY_TINT[band],
        `time-of-day-${band}`,
      )}
      title={`${TIME_OF_DAY_LABEL[band]} in ${timeZone}`}
    >
      {time}
    </span>
  );
}

interface PersonHeaderProps {
  person: DashboardPerson;
  color: string;
  onHide: (id: string) => void;
  /** Narrow columns: avatar and local time only; the full name is in the tooltip. */
  compact?: boolean;
}

/** A column's sticky header: avatar with online dot, name or email, local time; click opens the week. */
export const PersonHeader = memo(function PersonHeader({ person, color, onHide, compact = false }: PersonHeaderProps) {
  const name = displayName(person);
  return (
    <div className="group relative h-full">
      <Tooltip content={`${name}${person.isDemo ? ' (demo)' : ''} · ${person.timezone}`}>
        <Link
          to={`/people/${person.id}/week`}
          title={name}
          className={cn(
            'flex h-full min-w-0 items-center gap-2 py-2 transition-colors hover:bg-subtle focus-visible:-outline-offset-2',
            compact ? 'flex-col justify-center gap-1 px-0' : 'px-2.5',
          )}
        >
          <span className="relative shrink-0">
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full text-[11px] font-semibold"
              style={{ backgroundColor: legiblePair(color).background, color: legiblePair(color).text }}
            >
              {initialsOf(person.name, person.email)}
            </span>
            {person.isOnline ? (
              <span className="absolute -right-0.5 -bottom-0.5 flex size-2.5" title="Online">
                <span className="absolute hidden size-full animate-ping rounded-full bg-emerald-400 opacity-60 md:motion-safe:inline-flex [animation-duration:2s]" />
                <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500 ring-2 ring-surface" />
              </span>
            ) : null}
          </span>
          <span className={cn('flex min-w-0 flex-col gap-0.5', compact ? 'items-center' : 'flex-1')}>
            <span className={cn('flex min-w-0 items-center gap-1 pr-4', compact && 'sr-only')}>
              <span className="truncate text-[13px] font-semibold text-fg">{name}</span>
              {/* The link is named by what it shows (its name and local time) plus these words. */}
              {person.isOnline ? <span className="sr-only">, online</span> : null}
              {person.status === 'unassigned' ? (
                <>
                  <span className="sr-only">, unassigned</span>
                  <span
                    aria-hidden="true"
                    className="inline-flex size-4 shrink-0 items-center justify-center rounded-full bg-amber-100 text-[10px] font-bold text-amber-800 dark:bg-amber-500/20 dark:text-amber-200"
                    title="Unassigned"
                  >
                    ?
                  </span>
                </>
              ) : null}
            </span>
            <span className="sr-only">, local time</span> <LocalTime timeZone={person.timezone} compact={compact} />
            <span className="sr-only">. Open weekly view</span>
          </span>
        </Link>
      </Tooltip>
      <Tooltip content="Hide from timeline">
        <button
          type="button"
          onClick={() => onHide(person.id)}
          aria-label={`Hide ${name} from the timeline`}
          className="absolute top-1 right-1 inline-flex size-6 items-center justify-center rounded-md text-muted opacity-0 transition-opacity group-hover:opacity-100 hover:bg-zinc-200/70 hover:text-fg focus-visible:opacity-100 dark:hover:bg-zinc-700/70 [@media(hover:none)]:opacity-60"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      </Tooltip>
    </div>
  );
});
