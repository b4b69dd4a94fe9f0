import { TZDate } from '@date-fns/tz';
import type { ActivityBlock } from '@overlap/contract/activity';
import type { WeeklyData } from '@overlap/contract/calendars';
import { format } from 'date-fns';
import { useEffect, useMemo, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { formatDateKey, formatHour, type TimePreferences } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import {
  DayActivityLayer,
  type DayWindow,
  GRID_HEIGHT,
  HOUR_HEIGHT,
  hourLinesStyle,
  NowLine,
  shiftDateKey,
  startOfDateIn,
  useClock,
  useNowOffset,
} from '../../dashboard';

const RAIL = 52;

interface WeekGridProps {
  week: WeeklyData;
  color: string;
  viewerTimeZone: string;
  onSelectBlock: (block: ActivityBlock) => void;
}

/** The 24 hour marks of the person's first day of the week, written in `zone`'s clock. */
function hourLabels(weekStart: string, personTz: string, zone: string, prefs: TimePreferences): string[] {
  const [y, m, d] = weekStart.split('-').map(Number) as [number, number, number];
  return Array.from({ length: 24 }, (_, h) =>
    formatHour(new TZDate(y, m - 1, d, h, 0, 0, personTz).getTime(), { timeZone: zone, prefs }),
  );
}

/** The hour the person's days usually start (the earliest first block of the week), else 7. */
export function usualStartHour(week: WeeklyData): number {
  let earliest: number | null = null;
  for (const day of week.dailyActivities) {
    const first = day.activityBlocks[0];
    if (!first) continue;
    const local = new TZDate(new Date(first.startTime).getTime(), week.personTimezone);
    if (local.getDate() !== Number(day.date.slice(8, 10))) continue;
    const hour = local.getHours();
    earliest = earliest === null ? hour : Math.min(earliest, hour);
  }
  return earliest ?? 7;
}

function Rail({ labels, left, title, column }: { labels: string[]; left: number; title: string; column: number }) {
  return (
    <ol
      aria-label={title}
      className="sticky z-10 border-r border-line bg-surface"
      style={{ left, gridRow: 2, gridColumn: column }}
    >
      {labels.map((label, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: one fixed row per hour; labels can repeat across a DST change
          key={i}
          className="tabular pr-1.5 text-right text-[11px] leading-none text-muted"
          style={{ height: HOUR_HEIGHT }}
        >
          <span className={cn('relative', i === 0 ? 'top-1' : '-top-[5px]')}>{label}</span>
        </li>
      ))}
    </ol>
  );
}

function DayColumn({
  day,
  window,
  isToday,
  color,
  who,
  column,
  onSelectBlock,
}: {
  day: WeeklyData['dailyActivities'][number];
  window: DayWindow;
  isToday: boolean;
  color: string;
  who: string;
  column: number;
  onSelectBlock: (block: ActivityBlock) => void;
}) {
  const nowTop = useNowOffset(window);
  const lines = useMemo(() => hourLinesStyle(), []);
  return (
    <section
      aria-label={`${day.dayOfWeek} ${day.date}`}
      className={cn('relative min-w-0 border-r border-line last:border-r-0', isToday && 'bg-accent-soft/60')}
      style={{ ...lines, gridRow: 2, gridColumn: column }}
    >
      <DayActivityLayer
        blocks={day.activityBlocks}
        predictions={day.activityPredictions}
        events={day.activityEvents}
        day={window}
        color={color}
        who={who}
        onSelectBlock={onSelectBlock}
      />
      {isToday && nowTop !== null ? <NowLine top={nowTop} /> : null}
    </section>
  );
}

/** Seven day columns, with the person's and the viewer's hours down the side. */
export function WeekGrid({ week, color, viewerTimeZone, onSelectBlock }: WeekGridProps) {
  const tz = week.personTimezone;
  const today = useClock((now) => format(new TZDate(now, tz), 'yyyy-MM-dd'));
  const prefs = useTimePreferences();
  const personLabels = useMemo(() => hourLabels(week.weekStart, tz, tz, prefs), [week.weekStart, tz, prefs]);
  const viewerLabels = useMemo(
    () => hourLabels(week.weekStart, tz, viewerTimeZone, prefs),
    [week.weekStart, tz, viewerTimeZone, prefs],
  );
  // One time column when the person's clock and the viewer's agree all day.
  const oneClock = personLabels.every((label, i) => label === viewerLabels[i]);
  const rails = oneClock ? 1 : 2;
  const scroller = useRef<HTMLElement>(null);
  const startHour = usualStartHour(week);
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = Math.max(0, (startHour - 1) * HOUR_HEIGHT);
  }, [startHour]);
  const windows = useMemo(
    () =>
      week.dailyActivities.map((d) => ({
        start: startOfDateIn(d.date, tz),
        end: startOfDateIn(shiftDateKey(d.date, 1), tz),
        timeZone: tz,
      })),
    [week.dailyActivities, tz],
  );
  const who = week.personName ?? 'This person';

  return (
    <section
      ref={scroller}
      className="max-h-[calc(100dvh-12rem)] min-h-80 overflow-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-ring/40"
      data-testid="week-grid"
      // The grid scrolls both ways; a week with no blocks has nothing else that can take focus.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={`Week of ${who}`}
    >
      <div
        className="grid"
        style={{
          gridTemplateColumns: `${oneClock ? `${RAIL}px` : `${RAIL}px ${RAIL}px`} repeat(7, minmax(112px, 1fr))`,
          gridTemplateRows: `52px ${GRID_HEIGHT}px`,
        }}
      >
        <div
          className="sticky top-0 left-0 z-30 flex flex-col justify-end border-r border-b border-line bg-surface px-1.5 pb-1.5 text-right text-[10px] leading-tight font-medium text-muted"
          title={oneClock ? `${tz}, the same clock as yours` : tz}
        >
          {oneClock ? 'Time' : 'Their time'}
        </div>
        {oneClock ? null : (
          <div
            className="sticky top-0 z-30 flex flex-col justify-end border-r border-b border-line bg-surface px-1.5 pb-1.5 text-right text-[10px] leading-tight font-medium text-muted"
            style={{ left: RAIL }}
            title={viewerTimeZone}
          >
            Your time
          </div>
        )}
        {week.dailyActivities.map((d) => {
          const isToday = d.date === today;
          return (
            <div
              key={d.date}
              className={cn(
                'sticky top-0 z-20 flex flex-col justify-center border-r border-b border-line bg-surface px-2.5 last:border-r-0',
              )}
            >
              <span
                className={cn(
                  'text-[11px] font-medium uppercase tracking-wide',
                  isToday ? 'text-accent-text' : 'text-muted',
                )}
              >
                {d.dayOfWeek.slice(0, 3)}
              </span>
              <span className={cn('tabular text-sm font-semibold', isToday ? 'text-accent-text' : 'text-fg')}>
                {formatDateKey(d.date, { short: true })}
                {isToday ? (
                  <span className="ml-1.5 rounded bg-accent px-1 py-px text-[10px] font-semibold text-white">
                    Today
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
        <Rail labels={personLabels} left={0} column={1} title={`Hours in ${tz}`} />
        {oneClock ? null : <Rail labels={viewerLabels} left={RAIL} column={2} title={`Hours in ${viewerTimeZone}`} />}
        {week.dailyActivities.map((d, i) => (
          <DayColumn
            key={d.date}
            day={d}
            window={windows[i] as DayWindow}
            isToday={d.date === today}
            color={color}
            who={who}
            column={i + rails + 1}
            onSelectBlock={onSelectBlock}
          />
        ))}
      </div>
    </section>
  );
}
