import type { ActivityBlock, ActivityEvent, ActivityPrediction } from '@overlap/contract/activity';
import { memo, useMemo } from 'react';
import { formatDuration, formatTime, formatTimeRange } from '../../../lib/format-time';
import { readableTextOn } from '../../../lib/person-colors';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { useClock } from '../lib/clock';
import { clusterByTop } from '../lib/event-clusters';
import { HOUR_HEIGHT, placeInDay, type Span } from '../lib/geometry';
import { assignLanes } from '../lib/lanes';
import { predictionStyle } from '../lib/prediction-style';
import { EventCluster } from './event-cluster';
import { EventMarker } from './event-marker';

export interface DayWindow {
  start: Date;
  end: Date;
  /** The timezone whose wall clock the rows follow. */
  timeZone: string;
}

interface DayActivityLayerProps {
  blocks: readonly ActivityBlock[];
  predictions: readonly ActivityPrediction[];
  events: readonly ActivityEvent[];
  day: DayWindow;
  color: string;
  /** Whose activity it is, for accessible names. */
  who: string;
  onSelectBlock: (block: ActivityBlock) => void;
  hourHeight?: number;
}

/** Smallest height of a block's press target (WCAG 2.2 target size, 24 CSS px). */
const MIN_TARGET = 24;

function withAlpha(hex: string, alpha: number): string {
  return `color-mix(in srgb, ${hex} ${Math.round(alpha * 100)}%, transparent)`;
}

/** Blocks (side by side where integrations overlap), hatched predictions and event markers of one day. */
export const DayActivityLayer = memo(function DayActivityLayer({
  blocks,
  predictions,
  events,
  day,
  color,
  who,
  onSelectBlock,
  hourHeight = HOUR_HEIGHT,
}: DayActivityLayerProps) {
  // Only an ongoing block or a prediction moves with the clock: other days and closed blocks do not tick.
  const ticking = predictions.length > 0 || blocks.some((b) => b.isOngoing || !b.endTime);
  const minute = useClock((ms) => (ticking ? Math.floor(ms / 60_000) * 60_000 : 0));
  const now = useMemo(() => new Date(minute || Date.now()), [minute]);
  const text = readableTextOn(color);
  useTimePreferences();

  const placedBlocks = useMemo(() => {
    const placed: { block: ActivityBlock; span: Span }[] = [];
    for (const block of blocks) {
      const span = placeInDay(block.startTime, block.isOngoing ? null : block.endTime, day, now, hourHeight);
      if (span) placed.push({ block, span });
    }
    const lanes = assignLanes(
      placed.map(({ block, span }) => ({ id: block.id, start: span.top, end: span.top + span.height })),
    );
    return placed.map((p) => ({ ...p, lane: lanes.get(p.block.id) ?? { lane: 0, lanes: 1 } }));
  }, [blocks, day, now, hourHeight]);

  // Predictions only from now on: past hours show what happened.
  const placedPredictions = useMemo(
    () =>
      predictions
        .filter((p) => new Date(p.endTime).getTime() > now.getTime())
        .map((p) => {
          const from = Math.max(new Date(p.startTime).getTime(), now.getTime());
          return { p, span: placeInDay(new Date(from).toISOString(), p.endTime, day, now, hourHeight) };
        })
        .filter((x): x is { p: ActivityPrediction; span: Span } => x.span !== null),
    [predictions, day, now, hourHeight],
  );

  // Events too close for a 24 px target each share one marker (a cluster listing them).
  const eventMarkers = useMemo(() => {
    const placed: { item: ActivityEvent; top: number }[] = [];
    for (const e of events) {
      const span = placeInDay(e.timestamp, e.timestamp, day, now, hourHeight);
      if (span) placed.push({ item: e, top: span.top });
    }
    return clusterByTop(placed, 24 * hourHeight);
  }, [events, day, now, hourHeight]);

  return (
    <>
      {placedPredictions.map(({ p, span }) => {
        const style = predictionStyle(p.confidence);
        return (
          <div
            key={p.id}
            aria-hidden="true"
            title={`Predicted ${formatTimeRange(p.startTime, p.endTime, { timeZone: day.timeZone })} (${Math.round(p.confidence * 100)}% confidence)`}
            className="absolute inset-x-1 z-[1] rounded-md border border-dashed"
            style={{
              top: span.top,
              height: span.height,
              opacity: style.opacity,
              borderColor: withAlpha(color, 0.7),
              backgroundImage: `repeating-linear-gradient(135deg, ${withAlpha(color, style.fill)} 0 4px, transparent 4px 8px)`,
            }}
          />
        );
      })}
      {placedBlocks.map(({ block, span, lane }) => {
        const width = 100 / lane.lanes;
        const start = formatTime(block.startTime, { timeZone: day.timeZone });
        const end = block.isOngoing || !block.endTime ? 'now' : formatTime(block.endTime, { timeZone: day.timeZone });
        const label = `${who}, ${block.integrationName}: ${start} – ${end} (${formatDuration(block.durationMinutes)})`;
        return (
          <button
            key={block.id}
            type="button"
            onClick={() => onSelectBlock(block)}
            aria-label={label}
            title={label}
            data-block-id={block.id}
            data-ongoing={block.isOngoing || undefined}
            // A short block's target reaches past its drawing, over the next block's top: it stacks above
            // that block so none of its MIN_TARGET px is covered (the next block keeps the rest of its own).
            className={`group/block @container absolute ${span.height < MIN_TARGET ? 'z-[3]' : 'z-[2]'} rounded-[5px] text-left focus-visible:z-[4]`}
            style={{
              top: span.top,
              // A short block keeps its exact drawing but a target of at least MIN_TARGET to press.
              height: Math.max(span.height, MIN_TARGET),
              left: `calc(${lane.lane * width}% + 4px)`,
              width: `calc(${width}% - ${lane.lanes > 1 ? 5 : 8}px)`,
            }}
          >
            <span
              className="absolute inset-x-0 top-0 overflow-hidden rounded-[5px] shadow-[inset_0_0_0_1px_rgb(0_0_0/0.06)] transition-[filter] group-hover/block:brightness-110"
              style={{
                height: span.height,
                backgroundColor: withAlpha(color, 0.85),
                color: text,
                borderLeft: block.integrationColor ? `3px solid ${block.integrationColor}` : undefined,
              }}
            >
              {block.isOngoing ? (
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-x-0 bottom-0 h-4 bg-gradient-to-b from-transparent to-surface"
                />
              ) : null}
              {span.height >= 18 ? (
                // The full duration where it fits on the block's line, else the compact one ('1h30'):
                // a compact column or a lane beside another source's block is too narrow for '1h 30m'.
                <span className="block truncate px-1.5 pt-0.5 text-[11px] leading-4 font-medium tabular-nums">
                  <span className="hidden @min-[3.5rem]:inline">{formatDuration(block.durationMinutes)}</span>
                  <span className="@min-[3.5rem]:hidden">
                    {formatDuration(block.durationMinutes, { compact: true })}
                  </span>
                </span>
              ) : null}
            </span>
          </button>
        );
      })}
      {eventMarkers.map(({ top, items }) => {
        const [first] = items;
        if (!first) return null;
        return items.length === 1 ? (
          <EventMarker key={first.id} event={first} top={top} color={first.integrationColor ?? color} />
        ) : (
          <EventCluster key={first.id} events={items} top={top} color={color} timeZone={day.timeZone} />
        );
      })}
    </>
  );
});
