import type { DailySummary } from '@overlap/contract/calendars';
import { type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDateKey } from '../../../lib/format-time';
import { monthLabels, shiftDay, yearWeeks } from '../lib/calendar-dates';
import { dayTooltip, HEAT_CLASSES, HEAT_LEGEND, heatBand } from '../lib/heat-bands';

const CELL = 13;
const GAP = 3;
const DAY_LABELS = ['Mon', '', 'Wed', '', 'Fri', '', 'Sun'];
/** Arrow keys move a day down or up a week column, or a week sideways. */
const ARROW_DAYS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, ArrowRight: 7, ArrowLeft: -7 };

interface ActiveDay {
  date: string;
  tip: string;
  left: number;
  top: number;
}

/**
 * A 53-week contribution-style grid of a year, coloured by daily online hours. A day opens the team
 * dashboard on that day; its card (on hover or focus) adds a link to the person's week. The grid is
 * one Tab stop: arrow keys move between days, Tab goes on to the card's link, Esc closes the card.
 * On a narrow screen the grid opens scrolled to the current month (`today`, YYYY-MM-DD).
 */
export const YearHeatmap = memo(function YearHeatmap({
  year,
  days,
  personId,
  today,
}: {
  year: number;
  days: readonly DailySummary[];
  personId: string;
  today: string;
}) {
  const navigate = useNavigate();
  const weeks = useMemo(() => yearWeeks(year), [year]);
  const months = useMemo(() => monthLabels(weeks), [weeks]);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const width = weeks.length * (CELL + GAP);
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveDay | null>(null);
  const firstDay = today.startsWith(`${year}-`) ? today : `${year}-01-01`;
  const [focusDay, setFocusDay] = useState(firstDay);
  const current = focusDay.startsWith(`${year}-`) ? focusDay : firstDay;
  const cellOf = (date: string) => scroller.current?.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);

  const onCellKey = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const step = ARROW_DAYS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = shiftDay(date, step);
    if (!next.startsWith(`${year}-`)) return;
    setFocusDay(next);
    cellOf(next)?.focus();
  };

  const close = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !active) return;
    event.stopPropagation();
    // Focus goes back to the day first: its focus would otherwise open the card again.
    cellOf(active.date)?.focus();
    setActive(null);
  };

  const todayWeek = weeks.findIndex((week) => week.some((cell) => cell.date === today));
  useEffect(() => {
    const el = scroller.current;
    if (!el || todayWeek < 0) return;
    // Bring the current month into view: today's week near the right edge, a little room after it.
    el.scrollLeft = Math.max(0, (todayWeek + 3) * (CELL + GAP) + 36 - el.clientWidth);
  }, [todayWeek]);

  const show = (date: string, tip: string, target: HTMLElement) => {
    const box = scroller.current?.getBoundingClientRect();
    const cell = target.getBoundingClientRect();
    if (!box) return;
    setActive({ date, tip, left: cell.left - box.left + CELL / 2, top: cell.bottom - box.top + 4 });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: leaving the grid or pressing Esc only hides the day card
    <div
      ref={scroller}
      className="relative overflow-x-auto rounded-lg border border-line bg-surface p-4"
      data-testid="year-heatmap"
      onMouseLeave={() => setActive(null)}
      onKeyDown={close}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(null);
      }}
    >
      <div className="flex gap-2" style={{ minWidth: width + 36 }}>
        <div
          className="flex shrink-0 flex-col pt-5 text-[10px] leading-none text-muted"
          style={{ gap: GAP }}
          aria-hidden="true"
        >
          {DAY_LABELS.map((label, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed weekday rows
            <span key={i} className="flex items-center" style={{ height: CELL }}>
              {label}
            </span>
          ))}
        </div>
        <div>
          <div className="relative mb-1.5 h-3.5 text-[11px] leading-none text-muted" aria-hidden="true">
            {months.map((m) => (
              <span key={m.label} className="absolute" style={{ left: m.week * (CELL + GAP) }}>
                {m.label}
              </span>
            ))}
          </div>
          <section className="flex" style={{ gap: GAP }} aria-label={`Daily online time in ${year}`}>
            {weeks.map((week) => (
              <div key={week[0]?.date} className="flex flex-col" style={{ gap: GAP }}>
                {week.map((cell) => {
                  if (!cell.inYear)
                    return <span key={cell.date} style={{ width: CELL, height: CELL }} aria-hidden="true" />;
                  const summary = byDate.get(cell.date) ?? { totalMinutes: 0, totalBlocks: 0, totalEvents: 0 };
                  const tip = dayTooltip(summary);
                  return (
                    <button
                      key={cell.date}
                      type="button"
                      aria-label={`${formatDateKey(cell.date)}: ${tip}. Open the team dashboard on that day`}
                      data-date={cell.date}
                      tabIndex={cell.date === current ? 0 : -1}
                      onMouseEnter={(e) => show(cell.date, tip, e.currentTarget)}
                      onFocus={(e) => {
                        setFocusDay(cell.date);
                        show(cell.date, tip, e.currentTarget);
                      }}
                      onKeyDown={(e) => onCellKey(e, cell.date)}
                      onClick={() => navigate(`/?date=${cell.date}#${cell.date}`)}
                      className={cn(
                        'rounded-[3px] ring-inset transition-shadow hover:ring-2 hover:ring-fg/40 focus-visible:outline-offset-1',
                        HEAT_CLASSES[heatBand(summary.totalMinutes / 60)],
                      )}
                      style={{ width: CELL, height: CELL }}
                    />
                  );
                })}
              </div>
            ))}
          </section>
        </div>
      </div>
      {active ? (
        <div
          className="absolute z-20 -translate-x-1/2 rounded-md border border-line bg-surface px-2.5 py-1.5 text-xs shadow-lg"
          style={{ left: active.left + (scroller.current?.scrollLeft ?? 0), top: active.top }}
          data-testid="year-day-tooltip"
        >
          <p className="font-medium whitespace-nowrap text-fg">{formatDateKey(active.date, { long: true })}</p>
          <p className="whitespace-nowrap text-muted">{active.tip}</p>
          <Link
            to={`/people/${personId}/week?date=${active.date}`}
            aria-label={`Open this week of ${formatDateKey(active.date)}`}
            className="font-medium text-accent-text underline underline-offset-2 hover:no-underline"
          >
            Open this week
          </Link>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2 text-[11px] text-muted">
        <span className="mr-1 font-medium text-fg">Daily online time</span>
        <span>0h</span>
        {HEAT_CLASSES.map((cls, i) => (
          <span
            key={cls}
            title={HEAT_LEGEND[i]}
            className={cn('rounded-[3px]', cls)}
            style={{ width: CELL, height: CELL }}
          />
        ))}
        <span>10h+</span>
      </div>
    </div>
  );
});
