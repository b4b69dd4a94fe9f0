import { CalendarClock } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { useOverlap } from '../api/overlap';
import { clockRange, dayLabel, durationText, percent } from '../lib/time-text';

export interface PanelPerson {
  id: string;
  name: string;
  color: string | null;
}

/** The panel looks at today and the next two days. */
export const BEST_TIME_DAYS = 3;

export interface BestTimePanelProps {
  /** Today in the viewer's timezone, YYYY-MM-DD. */
  today: string;
  timeZone: string;
  people: readonly PanelPerson[];
  /** The shown people are not known yet: draw the loading state without asking. */
  waiting?: boolean;
}

/** 'Best time to reach everyone': the longest windows of the coming days where the most of the shown people overlap. */
export function BestTimePanel({ today, timeZone, people, waiting = false }: BestTimePanelProps) {
  const days = BEST_TIME_DAYS;
  useTimePreferences();
  const ids = useMemo(() => people.map((p) => p.id), [people]);
  const overlap = useOverlap({ from: today, days, tz: timeZone, people: ids }, !waiting);
  const byId = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const windows = (overlap.data?.best ?? []).slice(0, 3);
  const everyone = windows.length > 0 && windows.every((w) => w.people.length === people.length);

  let body: ReactNode;
  if (waiting || (overlap.isPending && people.length > 0)) {
    body = (
      <div className="flex flex-col gap-1.5" aria-busy="true">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  } else if (overlap.isError && !overlap.data) {
    body = (
      <div role="alert" className="flex items-center justify-between gap-2">
        <p className="text-[13px] text-red-600 dark:text-red-400">Could not load the best times.</p>
        <Button size="sm" onClick={() => overlap.refetch()} loading={overlap.isFetching}>
          Retry
        </Button>
      </div>
    );
  } else if (windows.length === 0) {
    body = (
      <div className="flex items-start gap-2 text-[13px] text-muted">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>No overlap expected yet. Predictions appear once the team has a few days of activity.</p>
      </div>
    );
  } else {
    body = (
      <ol className="flex flex-col">
        {windows.map((w) => (
          <li key={w.start} className="flex items-center justify-between gap-3 py-0.5">
            <div className="min-w-0">
              <p className="tabular truncate text-sm font-medium">
                {dayLabel(w.start, timeZone, today)} {clockRange(w.start, w.end, timeZone)}
              </p>
              <p className="tabular truncate text-xs text-muted">
                {durationText(Date.parse(w.end) - Date.parse(w.start))} · {w.people.length} of {people.length}{' '}
                {people.length === 1 ? 'person' : 'people'} · {percent(w.confidence)} likely
              </p>
            </div>
            <div className="flex shrink-0 -space-x-1">
              {w.people.slice(0, 4).map((id) => {
                const p = byId.get(id);
                return (
                  <Avatar
                    key={id}
                    id={id}
                    name={p?.name}
                    color={p?.color}
                    size="xs"
                    className="rounded-full ring-2 ring-surface"
                  />
                );
              })}
              {w.people.length > 4 ? (
                <span className="tabular inline-flex size-5 items-center justify-center rounded-full bg-subtle text-[9px] font-medium ring-2 ring-surface">
                  +{w.people.length - 4}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby="best-time-title" className="flex min-w-0 flex-col" data-testid="best-time">
      <h2 id="best-time-title" className="text-sm font-semibold">
        Best time to reach everyone
      </h2>
      {/* Heights kept while loading (two lines here, three rows below): the card does not grow when the answer comes. */}
      <p className="line-clamp-2 min-h-8 text-xs text-muted">
        Next {days} days, your time ({timeZone})
        {windows.length > 0 && !everyone ? (
          <span className="text-amber-700 dark:text-amber-300"> · no time when all {people.length} are around</span>
        ) : null}
      </p>
      <div className="mt-1.5 min-h-30">{body}</div>
    </section>
  );
}
