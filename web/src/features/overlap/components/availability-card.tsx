import type { AvailabilityResponse, ClockRange } from '@overlap/contract/overlap';
import { formatWallClock } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { Skeleton } from '../../../ui/skeleton';
import { useAvailability } from '../api/overlap';
import { clockIn, clockRange, dateKeyIn, dayLabel, percent } from '../lib/time-text';

const rangesText = (ranges: readonly ClockRange[]) =>
  ranges.map((r) => `${formatWallClock(r.start)}–${formatWallClock(r.end)}`).join(', ');

/** 'Tomorrow 15:00–23:00' in the viewer's time, or 'Now, until 23:00' when the span has begun. */
export function nextOnlineText(
  next: NonNullable<AvailabilityResponse['nextLikelyOnline']>,
  timeZone: string,
  nowMs: number,
) {
  if (Date.parse(next.start) <= nowMs) return `Now, until ${clockIn(next.end, timeZone)}`;
  return `${dayLabel(next.start, timeZone, dateKeyIn(nowMs, timeZone))} ${clockRange(next.start, next.end, timeZone)}`;
}

export interface AvailabilityCardProps {
  personId: string;
  viewerTimeZone: string;
  nowMs: number;
}

/** When a person is usually online (their time and the viewer's) and, while offline, when next. */
export function AvailabilityCard({ personId, viewerTimeZone, nowMs }: AvailabilityCardProps) {
  const availability = useAvailability(personId, viewerTimeZone);
  return (
    <Card data-testid="availability">
      <CardHeader title="When to reach them" description="Learnt from the last 4 weeks of activity." />
      <CardContent>
        {availability.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : availability.isError ? (
          <div role="alert" className="flex items-center justify-between gap-2">
            <p className="text-sm text-red-600 dark:text-red-400">Could not load when they are usually online.</p>
            <Button size="sm" onClick={() => availability.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <Details data={availability.data} nowMs={nowMs} />
        )}
      </CardContent>
    </Card>
  );
}

function Details({ data, nowMs }: { data: AvailabilityResponse; nowMs: number }) {
  useTimePreferences();
  const usual = data.usuallyOnline;
  const sameZone = data.timezone === data.viewerTimezone;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted">Usually online</dt>
      <dd>
        {usual.personTime.length === 0 ? (
          <span className="text-muted">Not enough activity yet to tell.</span>
        ) : (
          <>
            <span className="tabular font-medium">{rangesText(usual.personTime)}</span>{' '}
            <span className="text-muted">their time ({data.timezone})</span>
            {sameZone ? null : (
              <span className="block">
                <span className="tabular font-medium">{rangesText(usual.viewerTime)}</span>{' '}
                <span className="text-muted">your time ({data.viewerTimezone})</span>
              </span>
            )}
            <span className="block text-xs text-muted">
              From {usual.basedOnDays} {usual.basedOnDays === 1 ? 'day' : 'days'} with activity
            </span>
          </>
        )}
      </dd>
      <dt className="text-muted">Next likely online</dt>
      <dd>
        {data.isOnline ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" /> Online now
          </span>
        ) : data.nextLikelyOnline ? (
          <>
            <span className="tabular font-medium">
              {nextOnlineText(data.nextLikelyOnline, data.viewerTimezone, nowMs)}
            </span>{' '}
            <span className="text-muted">your time</span>
            {sameZone ? null : (
              <span className="tabular block text-muted">
                {clockRange(data.nextLikelyOnline.start, data.nextLikelyOnline.end, data.timezone)} their time
              </span>
            )}
            <span className="block text-xs text-muted">{percent(data.nextLikelyOnline.confidence)} likely</span>
          </>
        ) : (
          <span className="text-muted">No prediction yet.</span>
        )}
      </dd>
    </dl>
  );
}
