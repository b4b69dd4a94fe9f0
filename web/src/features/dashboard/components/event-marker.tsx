import type { ActivityEvent } from '@overlap/contract/activity';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { eventLabel } from '../lib/event-details';
import { eventIcon } from './event-icon';
import type { MarkerPopoverState } from './marker-popover';

const EventPopover = lazy(() => import('./event-popover'));

/**
 * The press target of a marker on the column's right edge: 24 by 24 px (WCAG 2.2 target size),
 * transparent, centred on the event's time. The visible dot (MARKER_DOT) sits at its centre. Above
 * every block, a focused one (z-4) included, so no block ever covers part of a marker's target.
 */
const MARKER_TARGET =
  'group/marker absolute right-0 z-[5] flex size-6 -translate-y-1/2 items-center justify-center rounded-full focus-visible:z-[6] focus-visible:outline-offset-0';
/** The visible dot of a marker: 16 px with a rim of the surface colour, larger on hover and focus. */
export const MARKER_DOT =
  'flex h-4 min-w-4 items-center justify-center rounded-full border border-surface shadow-sm transition-transform group-hover/marker:scale-125 group-focus-visible/marker:scale-125';

interface MarkerButtonProps {
  label: string;
  top: number;
  /** Its data attribute, by which checks and tests find it. */
  data: { 'data-event-marker': '' } | { 'data-event-cluster': number };
  /** The visible dot. */
  children: ReactNode;
  /** Its popover, loaded (lazily) on the first press. */
  popover: (state: MarkerPopoverState) => ReactNode;
}

/** A marker on the column edge (one event, or a cluster of them): pressing it toggles its popover. */
export function MarkerButton({ label, top, data, children, popover }: MarkerButtonProps) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        ref={anchor}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...data}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        className={MARKER_TARGET}
        style={{ top }}
      >
        {children}
      </button>
      {used ? <Suspense fallback={null}>{popover({ anchor, open, onOpenChange: setOpen })}</Suspense> : null}
    </>
  );
}

/** A small marker on the column edge; pressing it opens a popover with the event's details. */
export function EventMarker({ event, top, color }: { event: ActivityEvent; top: number; color: string }) {
  const Icon = eventIcon(event.kind);
  return (
    <MarkerButton
      label={eventLabel(event)}
      top={top}
      data={{ 'data-event-marker': '' }}
      popover={(state) => <EventPopover event={event} color={color} {...state} />}
    >
      <span className={`${MARKER_DOT} bg-surface ring-1 ring-line-strong`} style={{ color }}>
        <Icon className="size-2.5" aria-hidden="true" strokeWidth={2.5} />
      </span>
    </MarkerButton>
  );
}
