import type { ActivityBlock, DashboardPerson } from '@overlap/contract/activity';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { personColor } from '../../../lib/person-colors';
import { GRID_HEIGHT, HOUR_HEIGHT, MIN_COLUMN_WIDTH } from '../lib/geometry';
import { DayActivityLayer, type DayWindow } from './day-activity-layer';
import { HourRail, hourLinesStyle } from './hour-rail';
import { NowDot, NowLine, useNowOffset } from './now-line';
import { displayName, PersonHeader } from './person-header';

const RAIL_WIDTH = 60;
const HEADER_HEIGHT = 56;
const COMPACT_COLUMN_WIDTH = 48;
const WIDE_SCREEN = 768;

interface TimelineProps {
  people: readonly DashboardPerson[];
  day: DayWindow;
  onHide: (id: string) => void;
  onSelectBlock: (block: ActivityBlock, person: DashboardPerson) => void;
  /** The overlap overview sits above: on wide screens the timeline leaves it room in the viewport. */
  belowOverview?: boolean;
}

/** Hours down, people across: sticky hour rail and person headers, blocks exact to the minute. */
export function Timeline({ people, day, onHide, onSelectBlock, belowOverview = false }: TimelineProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const nowTop = useNowOffset(day);

  // Open on the current hour (today) or on the working morning (other days); only when the day changes.
  const nowRef = useRef(nowTop);
  nowRef.current = nowTop;
  const dayStartMs = day.start.getTime();
  useEffect(() => {
    const el = scroller.current;
    if (!el || !dayStartMs) return;
    const now = nowRef.current;
    el.scrollTop = Math.max(0, now !== null ? now - 3 * HOUR_HEIGHT : 7 * HOUR_HEIGHT);
  }, [dayStartMs]);

  // Wide screens fit everyone (25 people in 1440 px): columns shrink to COMPACT_COLUMN_WIDTH before
  // the timeline scrolls sideways; phones keep readable columns and scroll.
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const fit = Math.floor((width - RAIL_WIDTH) / Math.max(1, people.length));
  const columnWidth =
    width >= WIDE_SCREEN ? Math.max(COMPACT_COLUMN_WIDTH, Math.min(MIN_COLUMN_WIDTH, fit)) : MIN_COLUMN_WIDTH;
  const compact = columnWidth < MIN_COLUMN_WIDTH;
  const columns = `${RAIL_WIDTH}px repeat(${people.length}, minmax(${columnWidth}px, 1fr))`;
  const lines = useMemo(() => hourLinesStyle(), []);

  return (
    <div
      ref={scroller}
      className={cn(
        'relative max-h-[calc(100dvh-11rem)] min-h-80 overflow-auto overscroll-x-contain rounded-lg border border-line bg-surface',
        belowOverview && 'lg:max-h-[calc(100dvh-21rem)]',
      )}
      data-testid="timeline"
    >
      <div
        className="grid"
        style={{ gridTemplateColumns: columns, gridTemplateRows: `${HEADER_HEIGHT}px ${GRID_HEIGHT}px` }}
      >
        <div className="sticky top-0 left-0 z-30 border-r border-b border-line bg-surface" />
        {/* One sticky row (a subgrid) instead of a sticky element per person: far cheaper to scroll. */}
        <div
          className="sticky top-0 z-20 grid border-b border-line bg-surface"
          style={{ gridColumn: '2 / -1', gridRow: 1, gridTemplateColumns: 'subgrid' }}
        >
          {people.map((person) => (
            <div key={person.id} className="min-w-0 border-r border-line last:border-r-0">
              <PersonHeader person={person} color={personColor(person)} onHide={onHide} compact={compact} />
            </div>
          ))}
        </div>
        <div aria-hidden="true" style={{ ...lines, gridColumn: '2 / -1', gridRow: 2 }} />
        <div className="sticky left-0 z-10 border-r border-line bg-surface" style={{ gridColumn: 1, gridRow: 2 }}>
          <HourRail />
          {nowTop !== null ? <NowDot top={nowTop} timeZone={day.timeZone} /> : null}
        </div>
        {people.map((person, i) => (
          <PersonColumn key={person.id} person={person} column={i + 2} day={day} onSelectBlock={onSelectBlock} />
        ))}
        {nowTop !== null ? (
          <div className="pointer-events-none relative" style={{ gridColumn: '2 / -1', gridRow: 2 }}>
            <NowLine top={nowTop} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function PersonColumn({
  person,
  column,
  day,
  onSelectBlock,
}: {
  person: DashboardPerson;
  column: number;
  day: DayWindow;
  onSelectBlock: TimelineProps['onSelectBlock'];
}) {
  const select = useCallback((block: ActivityBlock) => onSelectBlock(block, person), [onSelectBlock, person]);
  return (
    <section
      aria-label={`Activity of ${displayName(person)}`}
      className="relative min-w-0 border-r border-line last:border-r-0"
      style={{ gridRow: 2, gridColumn: column }}
    >
      <DayActivityLayer
        blocks={person.activityBlocks}
        predictions={person.activityPredictions}
        events={person.activityEvents}
        day={day}
        color={personColor(person)}
        who={displayName(person)}
        onSelectBlock={select}
      />
    </section>
  );
}

/** Skeleton columns while the team loads. */
export function TimelineSkeleton({ columns = 6 }: { columns?: number }) {
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface" aria-hidden="true">
      <div
        className="grid"
        style={{ gridTemplateColumns: `${RAIL_WIDTH}px repeat(${columns}, minmax(${MIN_COLUMN_WIDTH}px, 1fr))` }}
      >
        <div className="h-14 border-r border-b border-line" />
        {Array.from({ length: columns }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="flex h-14 items-center gap-2 border-r border-b border-line px-2.5 last:border-r-0">
            <div className="size-7 animate-pulse rounded-full bg-subtle" />
            <div className="flex flex-1 flex-col gap-1.5">
              <div className="h-3 w-3/4 animate-pulse rounded bg-subtle" />
              <div className="h-3 w-10 animate-pulse rounded bg-subtle" />
            </div>
          </div>
        ))}
        <div className="h-[26rem] border-r border-line" />
        {Array.from({ length: columns }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="relative border-r border-line last:border-r-0" style={hourLinesStyle()}>
            <div
              className="absolute inset-x-1 animate-pulse rounded-md bg-subtle"
              style={{ top: `${15 + ((i * 37) % 40)}%`, height: `${18 + ((i * 23) % 30)}%` }}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
