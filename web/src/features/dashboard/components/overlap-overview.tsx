import type { DashboardPerson } from '@overlap/contract/activity';
import { useMemo } from 'react';
import { BestTimePanel, OverlapStrip } from '../../overlap';
import { useClock } from '../lib/clock';
import { displayName } from './person-header';

export interface OverlapOverviewProps {
  /** The people shown on the timeline, in column order. */
  people: readonly DashboardPerson[];
  /** The viewed day and today, YYYY-MM-DD in the viewer's timezone. */
  date: string;
  today: string;
  timeZone: string;
  /** The day's people are still loading: the card keeps its place with its loading state. */
  waiting?: boolean;
}

/** Above the timeline, in one card: the day's overlap strip and the best times to reach everyone in the coming days. */
export function OverlapOverview({ people, date, today, timeZone, waiting = false }: OverlapOverviewProps) {
  const nowMs = useClock((ms) => Math.floor(ms / 60_000) * 60_000);
  const shown = useMemo(() => people.map((p) => ({ id: p.id, name: displayName(p), color: p.color })), [people]);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] divide-y divide-line rounded-lg border border-line bg-surface lg:grid-cols-[minmax(0,1fr)_24rem] lg:divide-x lg:divide-y-0">
      <div className="px-4 pt-3 pb-2">
        <OverlapStrip date={date} today={today} timeZone={timeZone} people={shown} nowMs={nowMs} waiting={waiting} />
      </div>
      <div className="px-4 py-3">
        <BestTimePanel today={today} timeZone={timeZone} people={shown} waiting={waiting} />
      </div>
    </div>
  );
}
