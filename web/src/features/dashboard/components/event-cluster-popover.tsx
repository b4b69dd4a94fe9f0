import type { ActivityEvent } from '@overlap/contract/activity';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatTime } from '../../../lib/format-time';
import { eventKindLabel } from '../lib/event-details';
import { EventDetailsPanel } from './event-details-panel';
import { eventIcon } from './event-icon';
import { MarkerPopover, type MarkerPopoverState } from './marker-popover';

interface EventClusterPopoverProps extends MarkerPopoverState {
  /** In time order. */
  events: readonly ActivityEvent[];
  /** The person's colour, for events without an integration colour. */
  color: string;
  timeZone: string;
}

const NEXT: Record<string, (i: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The events of a cluster in time order (loaded when a cluster is first opened). A row shows an
 * event's details in place of the list, with a way back to the row.
 */
export default function EventClusterPopover({
  events,
  color,
  timeZone,
  anchor,
  open,
  onOpenChange,
}: EventClusterPopoverProps) {
  const [shown, setShown] = useState<ActivityEvent | null>(null);
  const rows = useRef(new Map<string, HTMLButtonElement>());
  const back = useRef<HTMLButtonElement>(null);
  // The row whose details were shown: focus returns to it with the list.
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    if (open) return;
    setShown(null);
    returnTo.current = null;
  }, [open]);
  useEffect(() => {
    if (shown) {
      back.current?.focus();
    } else if (returnTo.current) {
      rows.current.get(returnTo.current)?.focus();
      returnTo.current = null;
    }
  }, [shown]);

  const first = events[0];
  const last = events.at(-1);
  const range =
    first && last ? `${formatTime(first.timestamp, { timeZone })} – ${formatTime(last.timestamp, { timeZone })}` : '';
  const colorOf = (e: ActivityEvent) => e.integrationColor ?? color;

  const moveFocus = (e: KeyboardEvent<HTMLElement>) => {
    const step = NEXT[e.key];
    if (!step) return;
    const buttons = events.map((ev) => rows.current.get(ev.id)).filter((b) => b !== undefined);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    e.preventDefault();
    buttons[step(at, buttons.length - 1)]?.focus();
  };

  return (
    <MarkerPopover anchor={anchor} open={open} onOpenChange={onOpenChange} label={`${events.length} events, ${range}`}>
      {shown ? (
        <>
          <button
            ref={back}
            type="button"
            onClick={() => setShown(null)}
            className="-mt-1 mb-2 -ml-1.5 inline-flex h-6 items-center gap-1 rounded-md pr-2 pl-1 text-xs font-medium text-muted hover:bg-subtle hover:text-fg"
          >
            <ChevronLeft className="size-3.5" aria-hidden="true" />
            All {events.length} events
          </button>
          <EventDetailsPanel event={shown} color={colorOf(shown)} />
        </>
      ) : (
        <>
          <p className="flex items-baseline justify-between gap-2 px-1">
            <span className="font-medium text-fg">{events.length} events</span>
            <span className="tabular text-xs text-muted">{range}</span>
          </p>
          <ul className="-mx-1.5 mt-2 max-h-72 space-y-0.5 overflow-y-auto" onKeyDown={moveFocus}>
            {events.map((e) => {
              const Icon = eventIcon(e.kind);
              return (
                <li key={e.id}>
                  <button
                    ref={(el) => {
                      if (el) rows.current.set(e.id, el);
                      else rows.current.delete(e.id);
                    }}
                    type="button"
                    onClick={() => {
                      returnTo.current = e.id;
                      setShown(e);
                    }}
                    className="flex w-full items-center gap-2.5 rounded-md px-1.5 py-1.5 text-left hover:bg-subtle focus-visible:outline-offset-[-2px]"
                  >
                    <span
                      className="flex size-7 shrink-0 items-center justify-center rounded-md bg-subtle"
                      style={{ color: colorOf(e) }}
                    >
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-xs text-muted">{eventKindLabel(e.kind)}</span>
                      <span className="block truncate text-[13px] font-medium text-fg">
                        {e.title || e.integrationName}
                      </span>
                    </span>
                    <span className="tabular shrink-0 text-xs text-muted">{formatTime(e.timestamp, { timeZone })}</span>
                    <ChevronRight className="size-3.5 shrink-0 text-faint" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </MarkerPopover>
  );
}
