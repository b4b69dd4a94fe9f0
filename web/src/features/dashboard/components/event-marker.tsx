import type { ActivityEvent } from '@overlap/contract/activity';
import { lazy, Suspense, useRef, useState } from 'react';
import { eventKindLabel } from '../lib/event-details';
import { eventIcon } from './event-icon';

const EventPopover = lazy(() => import('./event-popover'));

/**
 * The press target of a marker on the column's right edge: 24 by 24 px (WCAG 2.2 target size),
 * transparent, centred on the event's time. The visible dot (MARKER_DOT) sits at its centre. Above
 * every block, a focused one (z-4) included, so no block ever covers part of a marker's target.
 */
export const MARKER_TARGET =
  'group/marker absolute right-0 z-[5] flex size-6 -translate-y-1/2 items-center justify-center rounded-full focus-visible:z-[6] focus-visible:outline-offset-0';
/** The visible dot of a marker: 16 px with a rim of the surface colour, larger on hover and focus. */
export const MARKER_DOT =
  'flex h-4 min-w-4 items-center justify-center rounded-full border border-surface shadow-sm transition-transform group-hover/marker:scale-125 group-focus-visible/marker:scale-125';

/** A small marker on the column edge; pressing it opens a popover with the event's details. */
export function EventMarker({ event, top, color }: { event: ActivityEvent; top: number; color: string }) {
  const Icon = eventIcon(event.kind);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const label = `${eventKindLabel(event.kind)}: ${event.title ?? event.integrationName}`;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-event-marker=""
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        className={MARKER_TARGET}
        style={{ top }}
      >
        <span className={`${MARKER_DOT} bg-surface ring-1 ring-line-strong`} style={{ color }}>
          <Icon className="size-2.5" aria-hidden="true" strokeWidth={2.5} />
        </span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <EventPopover event={event} color={color} anchor={button} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
