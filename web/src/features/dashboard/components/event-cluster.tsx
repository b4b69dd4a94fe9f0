import type { ActivityEvent } from '@overlap/contract/activity';
import { lazy, useMemo } from 'react';
import { eventKindLabel } from '../lib/event-details';
import { MARKER_DOT, MarkerButton } from './event-marker';

const EventClusterPopover = lazy(() => import('./event-cluster-popover'));

interface EventClusterProps {
  /** Events too close together for a target each (at least two). */
  events: readonly ActivityEvent[];
  top: number;
  /** The person's colour, for events without an integration colour. */
  color: string;
  /** The timezone whose wall clock the rows follow, for the times in the list. */
  timeZone: string;
}

/** One marker for events too close for a target each: shows their count and opens their list. */
export function EventCluster({ events, top, color, timeZone }: EventClusterProps) {
  const inTime = useMemo(() => [...events].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp)), [events]);
  return (
    <MarkerButton
      label={`${inTime.length} events: ${inTime.map((e) => eventKindLabel(e.kind)).join(', ')}`}
      top={top}
      data={{ 'data-event-cluster': inTime.length }}
      popover={(state) => <EventClusterPopover events={inTime} color={color} timeZone={timeZone} {...state} />}
    >
      {/* The inverse of an event's dot: a count badge, told apart from single events at a glance. */}
      <span className={`${MARKER_DOT} bg-fg px-[3px] text-[10px] leading-none font-semibold text-surface tabular-nums`}>
        {inTime.length}
      </span>
    </MarkerButton>
  );
}
