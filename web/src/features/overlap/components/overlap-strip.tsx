import { type KeyboardEvent, type PointerEvent, useMemo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Button } from '../../../ui/button';
import { useOverlap } from '../api/overlap';
import { busiestStretch, describeBar, hourTicks, type StripBar, stripBars } from '../lib/strip';
import { dateKeyIn } from '../lib/time-text';
import { BEST_TIME_DAYS } from './best-time-panel';

export interface StripPerson {
  id: string;
  name: string;
}

export interface OverlapStripProps {
  /** The viewed day and today, YYYY-MM-DD in `timeZone`. */
  date: string;
  today: string;
  timeZone: string;
  /** The people shown on the timeline, in column order. */
  people: readonly StripPerson[];
  nowMs: number;
  /** The shown people are not known yet: draw the loading state without asking. */
  waiting?: boolean;
}

const HATCH = 'repeating-linear-gradient(135deg, rgb(16 185 129 / 0.55) 0 2px, rgb(16 185 129 / 0.2) 2px 5px)';

/**
 * How many of the shown people are online (solid) or likely online (hatched) in each half hour of the
 * viewed day, in one glance. Hover a bar, or focus the strip and use ←/→, to read who.
 */
export function OverlapStrip({ date, today, timeZone, people, nowMs, waiting = false }: OverlapStripProps) {
  const ids = useMemo(() => people.map((p) => p.id), [people]);
  // Viewing today, the strip reads the best-time panel's request (the same key: one fetch for both).
  const range = date === today ? { from: today, days: BEST_TIME_DAYS } : { from: date, days: 1 };
  const overlap = useOverlap({ ...range, tz: timeZone, people: ids }, !waiting);
  const [active, setActive] = useState<number | null>(null);
  const prefs = useTimePreferences();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bars' labels read the time preferences through format-time
  const bars = useMemo(
    () =>
      overlap.data
        ? stripBars(
            overlap.data.slots.filter((s) => dateKeyIn(s.start, timeZone) === date),
            overlap.data.people,
            timeZone,
          )
        : [],
    [overlap.data, timeZone, date, prefs],
  );
  const names = useMemo(() => new Map(people.map((p) => [p.id, p.name])), [people]);
  const nameOf = (id: string) => names.get(id) ?? 'Someone';
  const total = Math.max(1, people.length);

  if (overlap.isError && !overlap.data) {
    return (
      <div role="alert" className="flex items-center justify-between gap-3">
        <p className="text-sm text-red-600 dark:text-red-400">Could not load the team's overlap.</p>
        <Button size="sm" onClick={() => overlap.refetch()} loading={overlap.isFetching}>
          Retry
        </Button>
      </div>
    );
  }

  const busiest = busiestStretch(bars, timeZone);
  const ticks = hourTicks(bars, timeZone);
  const first = bars[0];
  const last = bars[bars.length - 1];
  const nowLeft =
    first && last && nowMs >= first.start && nowMs < last.end
      ? ((nowMs - first.start) / (last.end - first.start)) * 100
      : null;
  const summary = busiest
    ? `Most together ${busiest.label}: ${busiest.count} of ${people.length}`
    : overlap.data
      ? 'Nobody online or expected on this day'
      : 'Loading the overlap...';
  const nowIndex = bars.findIndex((b) => nowMs >= b.start && nowMs < b.end);
  const focusIndex = active ?? (nowIndex >= 0 ? nowIndex : 0);
  const current = active !== null ? bars[active] : undefined;
  const focused = bars[focusIndex];

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (bars.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / Math.max(1, box.width)) * bars.length);
    setActive(Math.min(bars.length - 1, Math.max(0, index)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (bars.length === 0) return;
    const move: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let next: number | null = null;
    if (event.key in move) {
      next = active === null ? focusIndex : Math.min(bars.length - 1, Math.max(0, focusIndex + (move[event.key] ?? 0)));
    } else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = bars.length - 1;
    else if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  return (
    <section aria-labelledby="overlap-strip-title" className="flex min-w-0 flex-col">
      <div className="flex flex-col gap-y-1 sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between sm:gap-x-4">
        {/* Two lines kept on phones, so the summary arriving does not push the timeline down. */}
        <h2 id="overlap-strip-title" className="line-clamp-2 min-h-10 text-sm font-semibold sm:min-h-0">
          Overlap <span className="font-normal text-muted">· {summary}</span>
        </h2>
        <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-emerald-500" /> Online
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ backgroundImage: HATCH }} /> Likely
          </span>
        </div>
      </div>
      <div
        role="slider"
        aria-label="Team overlap by half hour"
        aria-valuemin={0}
        aria-valuemax={Math.max(0, bars.length - 1)}
        aria-valuenow={focusIndex}
        aria-valuetext={focused ? describeBar(focused, nameOf) : summary}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={(e) => (e.pointerType === 'mouse' ? setActive(null) : null)}
        onBlur={() => setActive(null)}
        className="relative mt-2 flex h-14 touch-pan-y gap-px lg:h-20 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-surface"
        data-testid="overlap-strip"
      >
        {bars.length === 0
          ? Array.from({ length: 48 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <div key={i} className="mt-auto h-2 flex-1 animate-pulse rounded-[1px] bg-subtle" />
            ))
          : bars.map((bar, i) => (
              <Bar key={bar.start} bar={bar} total={total} past={bar.end <= nowMs} active={i === active} />
            ))}
        {nowLeft !== null ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 w-0.5 bg-red-500"
            style={{ left: `${nowLeft}%` }}
          />
        ) : null}
      </div>
      <div className="relative mt-1 h-4 text-[11px] text-muted tabular" aria-hidden="true">
        {ticks.map((t) => (
          <span
            key={t.index}
            className="absolute -translate-x-1/2 first:translate-x-0"
            style={{ left: `${(t.index / Math.max(1, bars.length)) * 100}%` }}
          >
            {t.text}
          </span>
        ))}
      </div>
      <p aria-hidden="true" className="mt-0.5 min-h-4 truncate text-xs text-muted">
        {current ? describeBar(current, nameOf) : 'Point at or tap a half hour to see who is around.'}
      </p>
    </section>
  );
}

function Bar({ bar, total, past, active }: { bar: StripBar; total: number; past: boolean; active: boolean }) {
  const online = (bar.online.length / total) * 100;
  const likely = (bar.likely.length / total) * 100;
  return (
    <div
      className={cn(
        'relative flex flex-1 flex-col-reverse rounded-[1px]',
        active ? 'bg-accent/15' : 'bg-subtle/60',
        past && 'opacity-70',
      )}
    >
      {online > 0 ? <div className="w-full rounded-[1px] bg-emerald-500" style={{ height: `${online}%` }} /> : null}
      {likely > 0 ? (
        <div className="w-full rounded-[1px]" style={{ height: `${likely}%`, backgroundImage: HATCH }} />
      ) : null}
    </div>
  );
}
