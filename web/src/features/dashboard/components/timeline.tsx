import type { ActivityBlock, DashboardPerson } from '@overlap/contract/activity';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { personColor } from '../../../lib/person-colors';
import { GRID_HEIGHT, MIN_COLUMN_WIDTH, openingScrollTop, placeInDay, type Span } from '../lib/geometry';
import { DayActivityLayer, type DayWindow } from './day-activity-layer';
import { HourRail, hourLinesStyle } from './hour-rail';
import { NowDot, NowLine, offsetInDay, useNowOffset } from './now-line';
import { displayName, PersonHeader } from './person-header';

const RAIL_WIDTH = 60;
const NOBODY: readonly DashboardPerson[] = [];
const HEADER_HEIGHT = 56;
/** The narrowest column: its header's clock, '12:59 PM' in 12-hour time, fits on one line (person-header.tsx). */
const COMPACT_COLUMN_WIDTH = 52;
const WIDE_SCREEN = 768;
const FRAME = 'min-h-80 rounded-lg border border-line bg-surface';
/** The timeline's own height below the overview (its content is taller than its frame). */
const HEIGHT = 'h-[calc(100dvh-11rem)] lg:h-[calc(100dvh-21rem)]';

interface TimelineProps {
  people: readonly DashboardPerson[];
  day: DayWindow;
  onHide: (id: string) => void;
  onSelectBlock: (block: ActivityBlock, person: DashboardPerson) => void;
  /** The overlap overview sits above: on wide screens the timeline leaves it room in the viewport. */
  belowOverview?: boolean;
}

/** Hours down, people across: sticky hour rail and person headers, blocks exact to the minute. */
export function Timeline({ people: latest, day, onHide, onSelectBlock, belowOverview = false }: TimelineProps) {
  // The columns are drawn in a background render that yields to the browser every few
  // milliseconds, instead of one long task when the day's data arrives (the frame is drawn first).
  // The grid is laid out for the latest people at once, so nothing moves when they fill in.
  const people = useDeferredValue(latest, NOBODY);
  const scroller = useRef<HTMLDivElement>(null);

  // Open on the current hour (today) or on the working morning (other days); only when the day
  // changes. No block is left cut under the sticky headers with less than a target's height in view.
  const dayRef = useRef(day);
  dayRef.current = day;
  const peopleRef = useRef(latest);
  peopleRef.current = latest;
  const dayStartMs = day.start.getTime();
  useEffect(() => {
    const el = scroller.current;
    if (!el || !dayStartMs) return;
    const now = offsetInDay(dayRef.current, Date.now());
    const range = el.scrollHeight - el.clientHeight;
    el.scrollTop = openingScrollTop(now, range, blockSpans(peopleRef.current, dayRef.current), HEADER_HEIGHT);
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
  // Laid out for the latest people at once: the grid does not move while their columns fill in.
  const fit = Math.floor((width - RAIL_WIDTH) / Math.max(1, latest.length));
  const columnWidth =
    width >= WIDE_SCREEN ? Math.max(COMPACT_COLUMN_WIDTH, Math.min(MIN_COLUMN_WIDTH, fit)) : MIN_COLUMN_WIDTH;
  const compact = columnWidth < MIN_COLUMN_WIDTH;
  const columns = `${RAIL_WIDTH}px repeat(${latest.length}, minmax(${columnWidth}px, 1fr))`;
  const lines = useMemo(() => hourLinesStyle(), []);

  return (
    <div
      ref={scroller}
      className={cn(
        FRAME,
        'relative max-h-[calc(100dvh-11rem)] overflow-auto overscroll-x-contain',
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
            <HeaderCell key={person.id} person={person} onHide={onHide} compact={compact} />
          ))}
        </div>
        <div aria-hidden="true" style={{ ...lines, gridColumn: '2 / -1', gridRow: 2 }} />
        <div className="sticky left-0 z-10 border-r border-line bg-surface" style={{ gridColumn: 1, gridRow: 2 }}>
          <HourRail />
          <NowDotAt day={day} />
        </div>
        {people.map((person, i) => (
          <PersonColumn key={person.id} person={person} column={i + 2} day={day} onSelectBlock={onSelectBlock} />
        ))}
        {people.length > 0 ? <NowLineAt day={day} /> : null}
      </div>
    </div>
  );
}

/** Where every person's blocks sit in the day (an ongoing block runs to now). */
function blockSpans(people: readonly DashboardPerson[], day: DayWindow): Span[] {
  const now = new Date();
  const spans: Span[] = [];
  for (const person of people) {
    for (const block of person.activityBlocks) {
      const span = placeInDay(block.startTime, block.isOngoing ? null : block.endTime, day, now);
      if (span) spans.push(span);
    }
  }
  return spans;
}

/** The dot on the hour rail at the current time: the only part of the rail that ticks every second. */
function NowDotAt({ day }: { day: DayWindow }) {
  const top = useNowOffset(day);
  return top !== null ? <NowDot top={top} timeZone={day.timeZone} /> : null;
}

/** The line across the columns at the current time, re-rendered alone each second. */
function NowLineAt({ day }: { day: DayWindow }) {
  const top = useNowOffset(day);
  if (top === null) return null;
  return (
    <div className="pointer-events-none relative" style={{ gridColumn: '2 / -1', gridRow: 2 }}>
      <NowLine top={top} />
    </div>
  );
}

const HeaderCell = memo(function HeaderCell({
  person,
  onHide,
  compact,
}: {
  person: DashboardPerson;
  onHide: (id: string) => void;
  compact: boolean;
}) {
  return (
    // Clipped to its row: a taller header would cover the top of the blocks that start the day.
    <div className="min-w-0 overflow-hidden border-r border-line last:border-r-0">
      <PersonHeader person={person} color={personColor(person)} onHide={onHide} compact={compact} />
    </div>
  );
});

/** One person's day; drawn again only when that person's data, the day or the column moves. */
const PersonColumn = memo(function PersonColumn({
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
      // Columns scrolled out of view skip style, layout and paint (25 people on a phone show three).
      className="relative min-w-0 border-r border-line [content-visibility:auto] last:border-r-0"
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
});

/** Skeleton columns while the team loads, as high as the timeline will be. */
export function TimelineSkeleton({ columns = 6 }: { columns?: number }) {
  return (
    <div className={cn(FRAME, 'overflow-hidden', HEIGHT)} aria-hidden="true">
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
