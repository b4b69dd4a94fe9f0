import type { ActivityEvent } from '@overlap/contract/activity';
import { lazy, Suspense, useRef, useState } from 'react';
import { eventKindLabel } from '../lib/event-details';
import { eventIcon } from './event-icon';

const EventPopover = lazy(() => import('./event-popover'));

/** A small marker on the column edge; pressing it opens a popover with the event's details. */
export function EventMarker({ event, top, color }: { event: ActivityEvent; top: number; color: string }) {
  const Icon = eventIcon(event.kind);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={`${eventKindLabel(event.kind)}: ${event.title ?? event.integrationName}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        className="absolute right-0.5 z-[3] flex size-4 -translate-y-1/2 items-center justify-center rounded-full border border-surface bg-surface text-fg shadow-sm ring-1 ring-line-strong transition-transform hover:scale-125 focus-visible:scale-125"
        style={{ top, color }}
      >
        <Icon className="size-2.5" aria-hidden="true" strokeWidth={2.5} />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <EventPopover event={event} color={color} anchor={button} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
