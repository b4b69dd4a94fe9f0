import type { DailySummary } from '@overlap/contract/calendars';
import { memo, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { monthLabels, yearWeeks } from '../lib/calendar-dates';
import { dayTooltip, HEAT_CLASSES, HEAT_LEGEND, heatBand } from '../lib/heat-bands';

const CELL = 13;
const GAP = 3;
const DAY_LABELS = ['Mon', '', 'Wed', '', 'Fri', '', 'Sun'];

/** A 53-week contribution-style grid of a year, coloured by daily online hours; a day opens its timeline. */
export const YearHeatmap = memo(function YearHeatmap({ year, days }: { year: number; days: readonly DailySummary[] }) {
  const navigate = useNavigate();
  const weeks = useMemo(() => yearWeeks(year), [year]);
  const months = useMemo(() => monthLabels(weeks), [weeks]);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const width = weeks.length * (CELL + GAP);

  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface p-4" data-testid="year-heatmap">
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
                      title={`${cell.date}: ${tip}`}
                      aria-label={`${cell.date}: ${tip}`}
                      data-date={cell.date}
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
